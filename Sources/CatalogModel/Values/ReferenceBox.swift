/// The box percentages in `translate()` resolve against (CSS Transforms' reference box): the
/// size of the object a component is applied to — its `bounds`, else its `frame` — or the
/// `--box W,H` that `sample` and `export` take. `translate(-100%, 50%)` in a 200 × 40 box is
/// `translate(-200px, 20px)`.
///
/// A definition that writes such a percentage is valid without a box (it is checked against a
/// nominal one); evaluating it needs one, and without one it is an error that says so. An
/// `apply` records the box it used, so a replay resolves the percentages as the apply did.
///
/// ```swift
/// let box = try ReferenceBox(parsing: "200,40")
/// let sampling = try AnimationSampling(definition: definition, context: DefinitionContext(referenceBox: box))
/// ```
public struct ReferenceBox: Sendable, Hashable, CustomStringConvertible {
    /// The width percentages along x resolve against, in px.
    public var width: Double
    /// The height percentages along y resolve against, in px.
    public var height: Double

    /// A `width` × `height` box; both finite, from 0 to ``NumericLimits/maximumValue``.
    public init(width: Double, height: Double) throws(CSSValueError) {
        for side in [width, height] where !(side.isFinite && side >= 0 && side <= NumericLimits.maximumValue) {
            throw CSSValueError("a reference box's sides are from 0 to \(JSONValue.numberText(NumericLimits.maximumValue)) px")
        }
        self.width = width
        self.height = height
    }

    /// `W,H` in px, as `--box` takes it.
    public init(parsing text: String) throws(CSSValueError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]) else {
            throw CSSValueError("\"\(text)\" is not a box: write W,H in px, such as 100,40")
        }
        try self.init(width: width, height: height)
    }

    /// `W,H`.
    public var description: String { "\(JSONValue.numberText(width)),\(JSONValue.numberText(height))" }

    /// The box as a log records it: `[W, H]`.
    package var jsonValue: JSONValue { .array([.number(width), .number(height)]) }

    /// A box a log recorded (`[W, H]`), if `json` is one.
    package init?(json: JSONValue?) {
        guard let items = json?.arrayValue, items.count == 2, let width = items[0].numberValue, let height = items[1].numberValue,
            let box = try? ReferenceBox(width: width, height: height)
        else { return nil }
        self = box
    }

    /// The box validation checks a definition's percentages against: any box would do, since a
    /// percentage is valid CSS whatever it resolves to.
    package static let nominal = try! ReferenceBox(width: 100, height: 100)

    /// Where a log's box travels with what it applies to: a member of a component's parameter
    /// values, or of an inline body — never a parameter's name, which cannot start with `@`. So
    /// everything that keys compiled animations by their parameters keys them by the box too.
    package static let entryKey = "@box"

    /// The box an entry carries under ``entryKey``, and the entry without it.
    package static func split(_ members: [String: JSONValue]) -> (box: ReferenceBox?, rest: [String: JSONValue]) {
        var rest = members
        return (ReferenceBox(json: rest.removeValue(forKey: entryKey)), rest)
    }

    /// Whether `document` writes a percentage inside a translate function anywhere in its body:
    /// such a definition needs a box to be evaluated. A cheap, conservative scan of the text.
    package static func isNeeded(by document: JSONValue) -> Bool {
        switch document {
        case .string(let text):
            let lower = text.lowercased()
            return lower.contains("translate") && lower.contains("%")
        case .array(let items): return items.contains(where: isNeeded(by:))
        case .object(let members):
            // A transform-origin in px is a share of the box too.
            if let origin = members["transformOrigin"]?.stringValue,
                origin.lowercased().split(whereSeparator: \.isWhitespace).contains(where: { $0.hasSuffix("px") })
            {
                return true
            }
            return members.contains { ["summary", "tags", "name"].contains($0.key) ? false : isNeeded(by: $0.value) }
        default: return false
        }
    }
}
