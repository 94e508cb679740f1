import CatalogEngine
import CatalogModel
import Foundation
import Testing

/// Every oracle case's `getComputedStyle()` values — opacity, transform, background colour —
/// through the public API: the Web Animations body imported as it is, sampled at the browser's
/// times, compared within the tolerances of `Fixtures/waapi-oracle-README.md` (the browser's own
/// rounding). A property a case does not animate must show its initial value.
struct WebValueOracleTests {
    @Test(arguments: WebOracleCase.all)
    func valuesMatchTheBrowser(oracle: WebOracleCase) throws {
        let model = try KeyframeEffectModel(webKeyframes: oracle.keyframes, options: oracle.options, file: "\(oracle.id).json")
        let effect = KeyframeEffect(model)
        for expected in oracle.samples {
            let sample = effect.sample(at: expected.t / 1000)
            func value(_ name: String) -> AnimatedValue? {
                effect.tracks.firstIndex { $0.property.name == name }.map { sample.values[$0] }
            }
            let at = "\(oracle.id) at \(expected.t) ms"

            let opacity: Double
            if case .number(let n)? = value("opacity") { opacity = n } else { opacity = 1 }
            let browserOpacity = try #require(Double(expected.opacity))
            #expect(abs(opacity - browserOpacity) <= 1e-5, "\(at): opacity \(opacity), browser \(browserOpacity)")

            let matrix: [Double]
            if case .transform(let m)? = value("transform") { matrix = m.entries } else { matrix = Matrix4.identity.entries }
            let browserMatrix = try #require(BrowserStyle.matrix(expected.transform), "\(at): unreadable \(expected.transform)")
            for (ours, theirs) in zip(matrix, browserMatrix) {
                #expect(abs(ours - theirs) <= 1e-4 * max(1, abs(theirs)), "\(at): transform \(matrix), browser \(expected.transform)")
            }

            let color: RGBAColor
            if case .color(let c)? = value("backgroundColor") { color = c } else { color = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0) }
            let browserColor = try #require(BrowserStyle.rgba(expected.backgroundColor), "\(at): unreadable \(expected.backgroundColor)")
            let ours = [color.red * 255, color.green * 255, color.blue * 255]
            for (channel, theirs) in zip(ours, browserColor.prefix(3)) {
                #expect(abs(channel - theirs) <= 1.5, "\(at): backgroundColor \(ours) a \(color.alpha), browser \(expected.backgroundColor)")
            }
            // The browser serialises alpha from 8 bits (0.843 is 215/255); round ours the same way.
            let alpha = (color.alpha * 255).rounded() / 255
            #expect(abs(alpha - browserColor[3]) <= 0.002, "\(at): alpha \(color.alpha), browser \(expected.backgroundColor)")
        }
    }
}

/// Reads the browser's serialised computed values, independently of the engine's CSS parsers.
enum BrowserStyle {
    /// `none`, `matrix(a, b, c, d, e, f)` or `matrix3d(16)` as 16 entries in CATransform3D order.
    static func matrix(_ text: String) -> [Double]? {
        if text == "none" { return Matrix4.identity.entries }
        guard let numbers = numbers(in: text) else { return nil }
        if text.hasPrefix("matrix3d("), numbers.count == 16 { return numbers }
        guard text.hasPrefix("matrix("), numbers.count == 6 else { return nil }
        let (a, b, c, d, e, f) = (numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5])
        return [a, b, 0, 0, c, d, 0, 0, 0, 0, 1, 0, e, f, 0, 1]
    }

    /// `rgb(r, g, b)` or `rgba(r, g, b, a)`: channels 0–255 and alpha 0–1.
    static func rgba(_ text: String) -> [Double]? {
        guard let numbers = numbers(in: text) else { return nil }
        if text.hasPrefix("rgba("), numbers.count == 4 { return numbers }
        if text.hasPrefix("rgb("), numbers.count == 3 { return numbers + [1] }
        return nil
    }

    private static func numbers(in text: String) -> [Double]? {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return nil }
        let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
        let parts = inside.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        return parts.contains(nil) ? nil : parts.map { $0! }
    }
}
