import CatalogEngine
import CatalogModel
import TestSupport
import Testing

/// Layout trees laid out in a rect; expected frames worked out by hand in the comments.
struct LayoutSolverTests {
    private func frames(_ node: LayoutNode, _ rect: Rect) -> [String: Rect] {
        Dictionary(uniqueKeysWithValues: LayoutSolver.frames(for: node, in: rect).map { ($0.slot, $0.frame) })
    }

    @Test func decoratingDefaultsReproduceTheSessionsTest() {
        // WWDC 2016 session 419: in (0, 0, 120, 40), content (0, 5, 35, 30), decoration (35, 5, 70, 30).
        let f = frames(
            .decorating(content: .slot("content"), decoration: .slot("decoration"), DecoratingOptions()),
            Rect(x: 0, y: 0, width: 120, height: 40))
        #expect(f["content"] == Rect(x: 0, y: 5, width: 35, height: 30))
        #expect(f["decoration"] == Rect(x: 35, y: 5, width: 70, height: 30))
    }

    @Test func decorationOnTheLeadingSideWithSpacing() {
        // Insets 0, half and half, spacing 10 in (0, 0, 110, 20): each side gets (110 − 10)/2 = 50;
        // the decoration first at x 0, the content at 60.
        var options = DecoratingOptions()
        options.insets = EdgeInsets()
        options.contentFraction = 0.5
        options.spacing = 10
        options.decorationSide = .leading
        let f = frames(.decorating(content: .slot("c"), decoration: .slot("d"), options), Rect(x: 0, y: 0, width: 110, height: 20))
        #expect(f["d"] == Rect(x: 0, y: 0, width: 50, height: 20))
        #expect(f["c"] == Rect(x: 60, y: 0, width: 50, height: 20))
    }

    @Test func cascadingOffsetsEachChild() {
        // Three children, offset (10, 10), in (0, 0, 120, 120): each is 100 × 100, at 0, 10, 20.
        let f = frames(.cascading([.slot("a"), .slot("b"), .slot("c")], offset: Point(x: 10, y: 10)), Rect(x: 0, y: 0, width: 120, height: 120))
        #expect(f["a"] == Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(f["c"] == Rect(x: 20, y: 20, width: 100, height: 100))
        // A negative dx cascades from the right: the first child at x 20, the last at 0.
        let back = frames(.cascading([.slot("a"), .slot("b"), .slot("c")], offset: Point(x: -10, y: 0)), Rect(x: 0, y: 0, width: 120, height: 50))
        #expect(back["a"] == Rect(x: 20, y: 0, width: 100, height: 50))
        #expect(back["c"] == Rect(x: 0, y: 0, width: 100, height: 50))
    }

    @Test func stacksShareTheLengthAndInsetsShrink() {
        // Horizontal, spacing 5, three children in width 105: (105 − 10)/3 ≈ 31.67 each.
        let row = frames(.stack([.slot("a"), .slot("b"), .slot("c")], axis: .horizontal, spacing: 5), Rect(x: 10, y: 0, width: 105, height: 20))
        let share = 95.0 / 3
        #expect(row["b"] == Rect(x: 10 + share + 5, y: 0, width: share, height: 20))
        let column = frames(.stack([.slot("a"), .slot("b")], axis: .vertical, spacing: 0), Rect(x: 0, y: 0, width: 50, height: 100))
        #expect(column["b"] == Rect(x: 0, y: 50, width: 50, height: 50))
        let padded = frames(.inset(.slot("a"), EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)), Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(padded["a"] == Rect(x: 2, y: 1, width: 4, height: 6))
    }

    @Test func layoutsNest() {
        // A cascade as the decoration: the decoration rect (35, 5, 70, 30) from the session's
        // test, cascaded by (5, 5) over two children: each 65 × 25, at (35, 5) and (40, 10).
        let node = LayoutNode.decorating(
            content: .slot("content"),
            decoration: .cascading([.slot("x"), .slot("y")], offset: Point(x: 5, y: 5)), DecoratingOptions())
        let f = frames(node, Rect(x: 0, y: 0, width: 120, height: 40))
        #expect(f["x"] == Rect(x: 35, y: 5, width: 65, height: 25))
        #expect(f["y"] == Rect(x: 40, y: 10, width: 65, height: 25))
        #expect(node.slots == ["content", "x", "y"])
    }

    static let badLayouts: [(json: JSONValue, path: String, rule: String)] = {
        var cases: [(json: JSONValue, path: String, rule: String)] = []
        cases.append((["grid": ["children": []]], "layout.grid", "unknown layout node type"))
        cases.append((["decorating": ["content": ["slot": "a"]]], "layout.decorating.decoration", "is required"))
        cases.append((["stack": ["children": [["slot": "a"], ["slot": "a"]]]], "layout", "appears twice"))
        cases.append((["inset": ["child": ["slot": "a"], "insets": [1, 2]]], "layout.inset.insets", "[top, left, bottom, right]"))
        cases.append(
            (["decorating": ["content": ["slot": "a"], "decoration": ["slot": "b"], "contentFraction": 2]], "layout.decorating.contentFraction", "from 0 to 1"))
        cases.append((["slot": "Bad Name"], "layout.slot", "named like a role"))
        return cases
    }()

    @Test(arguments: badLayouts)
    func badLayoutsAreRefusedWithTheirPath(json: JSONValue, path: String, rule: String) {
        expectDefinitionError(file: "bad.yaml", path: path, rule: rule) {
            _ = try LayoutNode(json: json, file: "bad.yaml", path: FieldPath("layout"))
        }
    }
}
