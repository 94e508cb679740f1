import CatalogModel
import Testing

/// `translate()` percentages resolve against the reference box (CSS Transforms): x against its
/// width, y against its height; nothing else takes one; without a box they are an error that
/// says where a box comes from, and a definition that has them is still valid.
struct ReferenceBoxTests {
    static let box = try! ReferenceBox(width: 200, height: 40)

    @Test(arguments: [
        ("translate(-100%, 50%)", -200.0, 20.0, 0.0),
        ("translateX(25%)", 50, 0, 0),
        ("translateY(-100%)", 0, -40, 0),
        ("translate3d(10%, 10%, 5px)", 20, 4, 5),
        ("translate(50%)", 100, 0, 0)
    ])
    func percentagesResolveAgainstTheBoxAlongTheirAxis(css: String, x: Double, y: Double, z: Double) throws {
        let list = try TransformFunction.list(css: css, box: Self.box)
        #expect(list.count == 1)
        guard case .translate(let tx, let ty, let tz) = list[0].primitive else { Issue.record("\(css) is not a translation"); return }
        #expect((tx, ty, tz) == (x, y, z))
    }

    @Test func withoutABoxAPercentageIsAnErrorThatSaysWhereABoxComesFrom() {
        do {
            _ = try TransformFunction.list(css: "translate3d(-100%, 0, 0)")
            Issue.record("accepted without a box")
        } catch {
            #expect(error.message.contains("-100% is a percentage of the reference box, and none is given"))
            #expect(error.message.contains("--box W,H"))
        }
    }

    @Test(arguments: ["translateZ(10%)", "translate3d(0, 0, 10%)", "perspective(50%)", "rotate(10%)"])
    func onlyTranslationsAlongXAndYTakeAPercentage(css: String) {
        #expect(throws: CSSValueError.self) { try TransformFunction.list(css: css, box: Self.box) }
    }

    @Test(arguments: [("100,40", 100.0, 40.0), (" 0 , 12.5 ", 0, 12.5)])
    func aBoxIsWidthCommaHeight(text: String, width: Double, height: Double) throws {
        let box = try ReferenceBox(parsing: text)
        #expect(box == (try ReferenceBox(width: width, height: height)))
        #expect(try ReferenceBox(parsing: box.description) == box)
    }

    @Test(arguments: ["100", "100,40,2", "-1,4", "1e300,4", "nan,4", "a,b", ""])
    func aBoxThatIsNotTwoSidesInRangeIsRefused(text: String) {
        #expect(throws: CSSValueError.self) { try ReferenceBox(parsing: text) }
    }

    /// Valid without a box (checked against any box), evaluated per box, and marked as needing one.
    @Test func aDefinitionWithPercentagesIsValidAndCompilesPerBox() throws {
        let definition = try DefinitionDecoder.decode(
            text: """
                name: slide
                kind: animation
                version: 1.0.0
                summary: percent of 50 in the summary does not count; translate is only a word here
                keyframes: [{transform: "translateX(-100%)"}, {transform: "none"}]
                options: {duration: 300}
                """, file: "slide.yaml")
        #expect(definition.needsReferenceBox)
        #expect(throws: DefinitionError.self) { try AnimationDefinition(definition) }
        for width in [100.0, 300] {
            let box = try ReferenceBox(width: width, height: 10)
            guard case .web(let model) = try AnimationDefinition(definition, context: DefinitionContext(referenceBox: box)),
                case .transform(let list)? = model.keyframes[0].values["transform"],
                case .translate(let x, _, _) = list[0].primitive
            else { Issue.record("not a translation"); return }
            #expect(x == -width)
        }
        let plain = try DefinitionDecoder.decode(
            text: """
                name: plain
                kind: animation
                version: 1.0.0
                summary: moves by 50% of nothing
                keyframes: [{transform: "translateX(-10px)"}, {transform: "none"}]
                options: {duration: 300}
                """, file: "plain.yaml")
        #expect(!plain.needsReferenceBox)
    }
}

/// CSS `transform-origin` as Core Animation's `anchorPoint`: unit coordinates of the box, from
/// keywords in either order, percentages, or px measured against the reference box.
struct TransformOriginTests {
    static let box = try! ReferenceBox(width: 200, height: 40)

    @Test(arguments: [
        ("top left", 0.0, 0.0), ("left top", 0, 0), ("center", 0.5, 0.5), ("bottom", 0.5, 1), ("right", 1, 0.5),
        ("50% 100%", 0.5, 1), ("right center", 1, 0.5), ("center top", 0.5, 0), ("20px 10px", 0.1, 0.25),
        ("top right 0", 1, 0), ("25%", 0.25, 0.5), ("0 0", 0, 0), ("bottom 30px", 0.15, 1)
    ])
    func readsEveryFormCSSAllows(css: String, x: Double, y: Double) throws {
        let point = try TransformOrigin.point(css: css, box: Self.box)
        #expect(point == Point(x: x, y: y), "\(css)")
    }

    @Test(arguments: ["left right", "top bottom", "1em 0", "0 0 5px", "a b", "1 2 3 4", ""])
    func refusesWhatCSSDoesNotTake(css: String) {
        #expect(throws: CSSValueError.self) { try TransformOrigin.point(css: css, box: Self.box) }
    }

    @Test func pxWithoutABoxSaysWhereOneComesFrom() throws {
        #expect(throws: CSSValueError.self) { try TransformOrigin.point(css: "10px 0") }
        #expect(try TransformOrigin.point(css: "top left") == Point(x: 0, y: 0))  // keywords need none
    }
}
