import CatalogEngine
import CatalogModel

/// The CSS property an engine property becomes on the web, and how its values are written.
///
/// Core Animation's layer properties map to their CSS counterparts (`cornerRadius` →
/// `border-radius`, `anchorPoint` → `transform-origin` in percentages, `hidden` → `visibility`);
/// geometry a layer has and an element does not (`position`, `bounds`, shadows, `zPosition`)
/// has no web form and is refused by name.
///
/// ```swift
/// let radius = try WebProperty("cornerRadius")
/// radius.camelCase      // "borderRadius"
/// radius.cssName        // "border-radius"
/// radius.text(AnimatedValue.number(8))   // "8px"
/// ```
package struct WebProperty: Sendable, Hashable {
    package enum Unit: Sendable, Hashable { case number, px, color, transform, keyword, origin }

    /// The engine's name (`opacity`, `cornerRadius`, `transform`, …).
    package var engineName: String
    /// As `element.animate()` and `getComputedStyle()` name it.
    package var camelCase: String
    package var unit: Unit
    /// What the export's error bound is measured against (DESIGN: 0.1 % of the property's range).
    package var range: ClosedRange<Double>?

    /// The CSS name (`border-radius`).
    package var cssName: String { Self.cssName(camelCase) }

    private static let table: [String: (String, Unit)] = [
        "opacity": ("opacity", .number), "transform": ("transform", .transform),
        "backgroundColor": ("backgroundColor", .color), "borderColor": ("borderColor", .color), "color": ("color", .color),
        "cornerRadius": ("borderRadius", .px), "borderRadius": ("borderRadius", .px), "borderWidth": ("borderWidth", .px),
        "width": ("width", .px), "height": ("height", .px), "left": ("left", .px), "top": ("top", .px),
        "right": ("right", .px), "bottom": ("bottom", .px), "visibility": ("visibility", .keyword), "hidden": ("visibility", .keyword),
        // Unit coordinates of the element's box, written as percentages: no box needed.
        "transformOrigin": ("transformOrigin", .origin), "anchorPoint": ("transformOrigin", .origin)
    ]

    package init(_ engineName: String) throws(ExportError) {
        guard let (camelCase, unit) = Self.table[engineName] else {
            throw ExportError("\(engineName) has no CSS equivalent (exportable: \(Self.table.keys.sorted().joined(separator: ", ")))")
        }
        self.engineName = engineName
        self.camelCase = camelCase
        self.unit = unit
        range = engineName == "opacity" ? 0...1 : nil
    }

    /// Whether CSS takes this number as the property's value (lengths like `border-radius`,
    /// `border-width`, `width` and `height` refuse negatives; opacity is clamped, not refused).
    package func accepts(_ number: Double) -> Bool {
        number >= 0 || !["borderRadius", "borderWidth", "width", "height"].contains(camelCase)
    }

    /// A value the engine computed, as CSS text.
    package func text(_ value: AnimatedValue) -> String {
        switch value {
        case .number(let n): unit == .px ? CSSNumber.text(n) + "px" : CSSNumber.text(n)
        case .color(let c): CSSNumber.color(c)
        case .transform(let m): CSSNumber.matrix(m)
        case .discrete(let value) where engineName == "hidden": value.jsonValue == .bool(true) ? "hidden" : "visible"
        case .discrete(let value): value.jsonValue.stringValue ?? value.jsonValue.canonicalText
        case .point(let p): "\(CSSNumber.text(p.x * 100))% \(CSSNumber.text(p.y * 100))%"
        case .size, .rect: "none"  // refused by init: no such web property
        }
    }

    /// A definition's value, as CSS text (transform lists keep their functions, so that the
    /// browser interpolates them function by function as the engine does).
    package func text(_ value: AnimationValue) -> String {
        switch value {
        case .transform(let functions): functions.isEmpty ? "none" : functions.map(CSSNumber.function).joined(separator: " ")
        default: text(AnimatedValue(value))
        }
    }
}

/// Numbers, colours and transforms written as CSS reads them back without loss.
enum CSSNumber {
    /// The shortest text that reads back as the same double (integers without ".0").
    static func text(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// A keyframe offset (0…1) as the percentage that a stylesheet reader dividing by 100 takes
    /// back to the same double (`offset × 100` itself may not be).
    static func percent(_ offset: Double) -> String {
        text(nearest(offset * 100) { Double(text($0)).map { $0 / 100 == offset } ?? false })
    }

    /// `value`, or the closest of the doubles a few steps either side of it that `holds` for:
    /// what a computed product becomes when a reader's division must give the operand back.
    static func nearest(_ value: Double, where holds: (Double) -> Bool) -> Double {
        if holds(value) { return value }
        var below = value, above = value
        for _ in 0..<4 {
            below = below.nextDown
            above = above.nextUp
            if holds(above) { return above }
            if holds(below) { return below }
        }
        return value
    }

    /// Legacy `rgba()`: interpolated in sRGB by browsers (modern colour syntax would be Oklab).
    static func color(_ c: RGBAColor) -> String {
        "rgba(\(text(c.red * 255)), \(text(c.green * 255)), \(text(c.blue * 255)), \(text(c.alpha)))"
    }

    /// `matrix()` when 2D, so that browsers take the 2D decomposition path as the engine does.
    static func matrix(_ m: Matrix4) -> String {
        if m.is2D { return "matrix(\([m.m11, m.m12, m.m21, m.m22, m.m41, m.m42].map(text).joined(separator: ", ")))" }
        return "matrix3d(\(m.entries.map(text).joined(separator: ", ")))"
    }

    static func function(_ function: TransformFunction) -> String {
        switch function.primitive {
        case .translate(let x, let y, let z): "translate3d(\(text(x))px, \(text(y))px, \(text(z))px)"
        case .scale(let x, let y, let z): "scale3d(\(text(x)), \(text(y)), \(text(z)))"
        case .rotate(let x, let y, let z, let angle): "rotate3d(\(text(x)), \(text(y)), \(text(z)), \(text(angle))rad)"
        case .skew(let x, let y): "skew(\(text(x))rad, \(text(y))rad)"
        case .perspective(let d): d.map { "perspective(\(text($0))px)" } ?? "perspective(none)"
        case .matrix(let entries): matrix(Matrix4(entries))
        }
    }
}

/// An easing as CSS text, or nil when CSS has no form for it (springs).
extension TimingFunction {
    package var cssText: String? {
        switch self {
        case .linear: return "linear"
        case .cubicBezier(let a, let b, let c, let d):
            return "cubic-bezier(\([a, b, c, d].map(CSSNumber.text).joined(separator: ", ")))"
        case .steps(let count, let position): return "steps(\(count), \(position.rawValue))"
        case .piecewiseLinear(let stops):
            return "linear(\(stops.map { "\(CSSNumber.text($0.output)) \(CSSNumber.text($0.input * 100))%" }.joined(separator: ", ")))"
        case .spring: return nil
        }
    }
}

/// Why a component cannot be exported (or previewed, or plotted).
///
/// ```swift
/// do { _ = try AnimationExport(try AnimationDefinition(definition), target: .css) }
/// catch let error as ExportError { print(error.code, error) }   // not-exportable, and why
/// ```
package struct ExportError: CatalogError, Sendable {
    /// Why it cannot be exported.
    package var description: String
    /// ``ErrorCode/notExportable`` unless the component is missing or of the wrong kind.
    package var code: ErrorCode
    package init(_ description: String, code: ErrorCode = .notExportable) {
        self.description = description
        self.code = code
    }
}
