import CatalogModel
import Testing

/// CSS colour and transform syntax, with expected values worked out from the CSS specifications.
struct CSSValueTests {
    private func channels(_ text: String) throws -> [Double] {
        let c = try RGBAColor(css: text)
        return [c.red * 255, c.green * 255, c.blue * 255, c.alpha * 255]
    }

    @Test func hexColoursOfEveryLength() throws {
        #expect(try channels("#f80") == [255, 136, 0, 255])  // #rgb doubles each digit
        #expect(try channels("#f808") == [255, 136, 0, 136])
        #expect(try channels("#FF8800") == [255, 136, 0, 255])
        #expect(try channels("#ff880080") == [255, 136, 0, 128])
    }

    @Test func rgbInLegacyAndModernSyntax() throws {
        #expect(try channels("rgb(255, 0, 10)") == [255, 0, 10, 255])
        #expect(try channels("rgba(255, 0, 10, 0.5)") == [255, 0, 10, 128])  // 0.5 · 255 = 127.5 → 128
        #expect(try channels("rgb(100%, 0%, 50%)") == [255, 0, 128, 255])
        #expect(try channels("rgb(255 0 10 / 50%)") == [255, 0, 10, 128])
        #expect(try channels("rgb(300 -5 10)") == [255, 0, 10, 255])  // clamped
        #expect(try channels("rgba(1e2, 0, 0, 1)") == [100, 0, 0, 255])
    }

    @Test func hslConvertsByTheCSSColourFormula() throws {
        // hsl(120, 100%, 25%): a = s·min(l, 1−l) = 0.25; green: k = 0 → l + a = 0.5 → 127.5 → 128.
        #expect(try channels("hsl(120, 100%, 25%)") == [0, 128, 0, 255])
        // hsl(0 100% 50% / 0.25): pure red at a quarter alpha (0.25 · 255 = 63.75 → 64).
        #expect(try channels("hsl(0 100% 50% / 0.25)") == [255, 0, 0, 64])
        // A hue in turns: 0.5turn = 180° = cyan.
        #expect(try channels("hsla(0.5turn, 100%, 50%, 1)") == [0, 255, 255, 255])
    }

    @Test func namedColoursAndTransparent() throws {
        #expect(try channels("RebeccaPurple") == [0x66, 0x33, 0x99, 255])
        #expect(try channels("transparent") == [0, 0, 0, 0])
        #expect(try channels("cornflowerblue") == [100, 149, 237, 255])
    }

    @Test(arguments: ["#12345", "rgb(1, 2)", "rgb(1 2 3 4)", "rgb(1, 2%, 3)", "notacolour", "rgb(1, 2, 3", "lab(50 0 0)", "rgb(a, b, c)"])
    func malformedColoursAreRefused(_ text: String) {
        #expect(throws: CSSValueError.self) { try RGBAColor(css: text) }
    }

    @Test func transformListsParseToPrimitivesInCanonicalUnits() throws {
        let list = try TransformFunction.list(css: "translate(10px) rotate(0.25turn) scale(50%) skewY(100grad) translateZ(0)")
        #expect(list.map(\.name) == ["translate", "rotate", "scale", "skewy", "translatez"])
        #expect(list[0].primitive == .translate(x: 10, y: 0, z: 0))
        #expect(list[1].primitive == .rotate(x: 0, y: 0, z: 1, angle: .pi / 2))
        #expect(list[2].primitive == .scale(x: 0.5, y: 0.5, z: 1))
        #expect(list[3].primitive == .skew(x: 0, y: 0.9 * 100 * .pi / 180))
        #expect(try TransformFunction.list(css: "none").isEmpty)
        #expect(
            try TransformFunction.list(css: "matrix(1, 2, 3, 4, 5, 6)")[0].primitive
                == .matrix([1, 2, 0, 0, 3, 4, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1]))
    }

    @Test(arguments: [
        "translate(10%)", "rotate(45)", "scale(2px)", "translate(1px, 2px, 3px)", "wobble(3)", "rotate(45deg", "matrix(1, 2, 3)", "perspective(-5px)"
    ])
    func malformedTransformsAreRefused(_ text: String) {
        #expect(throws: CSSValueError.self) { try TransformFunction.list(css: text) }
    }
}
