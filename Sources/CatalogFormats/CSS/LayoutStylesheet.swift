import CatalogEngine
import CatalogModel

/// A layout as a stylesheet (DESIGN §9): rules under a selector (default `.NAME`) that place
/// the container's children carrying `data-slot="SLOT"` where `apply` puts the bound objects,
/// for any size of the container — each slot's `left`, `top`, `width` and `height` a `calc()`
/// of the container's box and the layout's number parameters, which are custom properties
/// `--NAME-PARAM` (lengths in px) holding their defaults. Other parameters (an axis, a side)
/// are written at their defaults. Before it is written, the stylesheet's arithmetic is held to
/// the engine's solver for several container sizes and parameter values, and refused if it
/// differs anywhere.
///
/// ```swift
/// let sheet = try LayoutStylesheet(definition)
/// sheet.text(selector: ".card")   // .card { position: relative; --decorating-layout-spacing: 0px; … }
/// ```
package struct LayoutStylesheet: Sendable {
    package struct Slot: Sendable, Hashable {
        package var name: String
        package var left, top, width, height: LayoutLength
    }

    package let name: String
    package let version: String
    package let slots: [Slot]
    /// Number parameters that are custom properties, with their defaults and whether they are lengths.
    package let customProperties: [(parameter: String, value: Double, isLength: Bool)]
    /// Whether the layout takes a `rect` parameter: given, `--NAME-rect-x`, `-y`, `-width` and
    /// `-height` place the slots in it instead of the container's box.
    package let hasRect: Bool

    package init(_ definition: ComponentDefinition) throws {
        name = definition.name
        version = definition.version.description
        let numbers = definition.parameters.filter { $0.key != "rect" && $0.value.type == .number }
        var markers: [String: JSONValue] = [:]
        for parameter in numbers.keys { markers[parameter] = .string(Self.marker + parameter) }
        var values: [String: JSONValue] = [:]
        for (parameter, spec) in definition.parameters { values[parameter] = markers[parameter] ?? spec.defaultValue.jsonValue }
        guard case .object(let document) = definition.document.substitutingParameters(values), let layout = document["layout"] else {
            throw ExportError("\(definition.name) has no layout body")
        }
        var reader = Reader(owner: definition.name)
        let root = try reader.node(layout)
        var result: [Slot] = []
        Self.solve(root, .originX, .originY, .width, .height, into: &result)
        hasRect = definition.parameters["rect"]?.type == .rect
        // Percentages are of the width in left and width, of the height in top and height.
        for slot in result where slot.left.reads.height || slot.width.reads.height || slot.top.reads.width || slot.height.reads.width {
            throw ExportError("\(definition.name): slot \(slot.name)'s position mixes the container's width and height, which CSS cannot say")
        }
        slots = result
        customProperties = numbers.keys.sorted().compactMap { parameter in
            guard case .number(let value) = numbers[parameter]!.defaultValue, let isLength = reader.usage[parameter] else { return nil }
            return (parameter, value, isLength)
        }
        try check(definition)
    }

    static let marker = "\u{1}catalog-parameter:"

    /// The stylesheet text.
    package func text(selector: String? = nil) -> String {
        let base = selector ?? ".\(name)"
        var lines = [
            "/* \(name) \(version) — a layout exported by catalog: each [data-slot] child where apply puts it (DESIGN §9). */",
            "\(base) {", "  position: relative;"
        ]
        for property in customProperties {
            lines.append(
                "  \(LayoutLength.customProperty(name: name, parameter: property.parameter)): \(JSONValue.numberText(property.value))\(property.isLength ? "px" : "");"
            )
        }
        lines.append("}")
        for slot in slots {
            lines += [
                "\(base) > [data-slot=\"\(slot.name)\"] {",
                "  position: absolute;", "  box-sizing: border-box;", "  margin: 0;",
                "  left: calc(\(slot.left.css(name: name)));", "  top: calc(\(slot.top.css(name: name)));",
                "  width: calc(\(slot.width.css(name: name)));", "  height: calc(\(slot.height.css(name: name)));", "}"
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The ES module exporting `layout(container, parameters = {})`: the same arithmetic in
    /// script, for a page that sets sizes itself; it lays the slots out again when the container
    /// is resized. Returns `{update(parameters), disconnect()}`.
    package var module: String {
        let defaults = JSONValue.object(Dictionary(uniqueKeysWithValues: customProperties.map { ($0.parameter, JSONValue.number($0.value)) }))
        let functions = slots.map { slot in
            "  \(JSONValue.string(slot.name).canonicalText): (X, Y, W, H, p) => [\(slot.left.javascript), \(slot.top.javascript), \(slot.width.javascript), \(slot.height.javascript)],"
        }
        return """
            // \(name) \(version) — a layout exported by catalog (DESIGN §9; no dependencies).
            export const name = \(JSONValue.string(name).canonicalText);
            export const version = \(JSONValue.string(version).canonicalText);
            /** The number parameters and their defaults. */
            export const defaults = \(defaults.canonicalText);
            /** Each slot's frame [x, y, width, height] in a rect at (X, Y) of W × H. */
            export const slots = {
            \(functions.joined(separator: "\n"))
            };

            /** The container's padding box, which the slots are laid out in. */
            function box(container) {
              const style = getComputedStyle(container);
              const px = (value) => parseFloat(value) || 0;
              let width = px(style.width), height = px(style.height);
              if (style.boxSizing === "border-box") {
                width -= px(style.borderLeftWidth) + px(style.borderRightWidth);
                height -= px(style.borderTopWidth) + px(style.borderBottomWidth);
              } else {
                width += px(style.paddingLeft) + px(style.paddingRight);
                height += px(style.paddingTop) + px(style.paddingBottom);
              }
              return [width, height];
            }

            /** Places the container's [data-slot] children, and again whenever it is resized. */
            export function layout(container, parameters = {}) {
              const given = { ...parameters };
              if (getComputedStyle(container).position === "static") container.style.position = "relative";
              const place = () => {
                const p = { ...defaults, ...given };
                // Laid out in the rect parameter when given, else in the container's box.
                const [X, Y, W, H] = Array.isArray(p.rect) ? p.rect : [0, 0, ...box(container)];
                for (const child of container.children) {
                  const frame = slots[child.dataset.slot];
                  if (!frame) continue;
                  const [x, y, width, height] = frame(X, Y, W, H, p);
                  Object.assign(child.style, {
                    position: "absolute", boxSizing: "border-box", margin: "0",
                    left: `${x}px`, top: `${y}px`, width: `${width}px`, height: `${height}px`,
                  });
                }
              };
              place();
              const observer = typeof ResizeObserver === "function" ? new ResizeObserver(place) : null;
              observer?.observe(container);
              return {
                update(next) { Object.assign(given, next); place(); },
                disconnect() { observer?.disconnect(); },
              };
            }

            """
    }

    /// The value a custom property takes for a parameter's value, as a page sets it.
    package func customPropertyValue(parameter: String, value: Double) -> String? {
        guard let property = customProperties.first(where: { $0.parameter == parameter }) else { return nil }
        return JSONValue.numberText(value) + (property.isLength ? "px" : "")
    }

    /// The custom properties that lay the slots out in `rect` rather than the container's box.
    package func rectProperties(_ rect: Rect) -> [String: String] {
        let values = ["rect-x": rect.x, "rect-y": rect.y, "rect-width": rect.width, "rect-height": rect.height]
        return Dictionary(
            uniqueKeysWithValues: values.map { (LayoutLength.customProperty(name: name, parameter: $0.key), JSONValue.numberText($0.value) + "px") })
    }

    /// Holds the arithmetic to the engine's solver: containers of several sizes, at the
    /// defaults and with each parameter moved within its bounds.
    private func check(_ definition: ComponentDefinition) throws {
        let sizes: [(Double, Double)] = [(120, 40), (320, 80), (7, 3), (0, 0), (1000, 480), (33.5, 250)]
        var cases: [[String: Double]] = [Dictionary(uniqueKeysWithValues: customProperties.map { ($0.parameter, $0.value) })]
        for property in customProperties {
            let spec = definition.parameters[property.parameter]!
            for candidate in [property.value * 2 + 1, property.value / 2, -3, 0.25, 0.75] {
                if let low = spec.minimum, candidate < low { continue }
                if let high = spec.maximum, candidate > high { continue }
                var moved = cases[0]
                moved[property.parameter] = candidate
                cases.append(moved)
            }
        }
        for values in cases {
            let parameters = values.mapValues(PropertyValue.number)
            guard let layout = try? LayoutDefinition(definition, parameters: parameters) else { continue }
            // Containers of several sizes, and a rect given at an origin of its own.
            let rects = sizes.map { Rect(x: 0, y: 0, width: $0.0, height: $0.1) } + [Rect(x: 7, y: 11, width: 200, height: 90)]
            for rect in rects {
                let (width, height) = (rect.width, rect.height)
                let frames = LayoutSolver.frames(for: layout.root, in: rect)
                for (slot, frame) in frames {
                    guard let written = slots.first(where: { $0.name == slot }) else { throw ExportError("\(name): slot \(slot) is not written") }
                    let mine = [written.left, written.top, written.width, written.height].map {
                        $0.value(x: rect.x, y: rect.y, width: width, height: height, parameters: values)
                    }
                    for (a, b) in zip(mine, [frame.x, frame.y, frame.width, frame.height]) where !(abs(a - b) <= 1e-9 * max(1, abs(b))) {
                        throw ExportError("\(name): the stylesheet places \(slot) at \(mine) where the engine puts \(frame) (container \(width) × \(height))")
                    }
                }
            }
        }
    }

    /// Lays the symbolic tree out as ``LayoutSolver`` does, each step written as an expression.
    private static func solve(
        _ node: SymbolicNode, _ x: LayoutLength, _ y: LayoutLength, _ width: LayoutLength, _ height: LayoutLength, into result: inout [Slot]
    ) {
        switch node {
        case .slot(let name):
            result.append(Slot(name: name, left: x, top: y, width: width, height: height))
        case .decorating(let content, let decoration, let insets, let fraction, let spacing, let contentFirst):
            let innerX = x + insets.left, innerY = y + insets.top
            let innerWidth = LayoutLength.clamped(width - insets.left - insets.right)
            let innerHeight = LayoutLength.clamped(height - insets.top - insets.bottom)
            let available = LayoutLength.clamped(innerWidth - spacing)
            let contentWidth = available * fraction
            let firstWidth = contentFirst ? contentWidth : available - contentWidth
            let secondX = innerX + firstWidth + spacing, secondWidth = available - firstWidth
            solve(content, contentFirst ? innerX : secondX, innerY, contentFirst ? firstWidth : secondWidth, innerHeight, into: &result)
            solve(decoration, contentFirst ? secondX : innerX, innerY, contentFirst ? secondWidth : firstWidth, innerHeight, into: &result)
        case .cascading(let children, let dx, let dy):
            let count = LayoutLength.constant(Double(max(children.count - 1, 0)), isLength: false)
            let w = LayoutLength.clamped(width - count * LayoutLength.magnitudeOf(dx)), h = LayoutLength.clamped(height - count * LayoutLength.magnitudeOf(dy))
            // A negative offset cascades from the far corner back: count × max(0, −offset).
            let startX = x + count * LayoutLength.clamped(.zero - dx), startY = y + count * LayoutLength.clamped(.zero - dy)
            for (index, child) in children.enumerated() {
                let i = LayoutLength.constant(Double(index), isLength: false)
                solve(child, startX + i * dx, startY + i * dy, w, h, into: &result)
            }
        case .stack(let children, let horizontal, let spacing):
            guard !children.isEmpty else { return }
            let n = Double(children.count)
            let length = horizontal ? width : height
            let share = LayoutLength.clamped(.quotient(length - LayoutLength.constant(n - 1, isLength: false) * spacing, n))
            for (index, child) in children.enumerated() {
                let start = LayoutLength.constant(Double(index), isLength: false) * (share + spacing)
                if horizontal {
                    solve(child, x + start, y, share, height, into: &result)
                } else {
                    solve(child, x, y + start, width, share, into: &result)
                }
            }
        case .inset(let child, let insets):
            solve(
                child, x + insets.left, y + insets.top, LayoutLength.clamped(width - insets.left - insets.right),
                LayoutLength.clamped(height - insets.top - insets.bottom), into: &result)
        }
    }
}

/// A layout node whose numbers may be parameters.
indirect enum SymbolicNode {
    struct Insets { var top, left, bottom, right: LayoutLength }
    case slot(String)
    case decorating(SymbolicNode, SymbolicNode, Insets, fraction: LayoutLength, spacing: LayoutLength, contentFirst: Bool)
    case cascading([SymbolicNode], dx: LayoutLength, dy: LayoutLength)
    case stack([SymbolicNode], horizontal: Bool, spacing: LayoutLength)
    case inset(SymbolicNode, Insets)
}

/// Reads a validated `layout:` body whose number parameters are markers, as `LayoutNode` reads it.
private struct Reader {
    let owner: String
    /// Parameter → whether it is used as a length (false: as a plain number).
    var usage: [String: Bool] = [:]

    mutating func number(_ json: JSONValue?, default value: Double, isLength: Bool) throws -> LayoutLength {
        guard let json else { return .constant(value, isLength: isLength) }
        if let number = json.numberValue { return .constant(number, isLength: isLength) }
        if let text = json.stringValue, text.hasPrefix(LayoutStylesheet.marker) {
            let parameter = String(text.dropFirst(LayoutStylesheet.marker.count))
            if let used = usage[parameter], used != isLength {
                throw ExportError("\(owner): the parameter \(parameter) is used both as a length and as a number")
            }
            usage[parameter] = isLength
            return .parameter(parameter, isLength: isLength)
        }
        throw ExportError("\(owner): a layout number is neither a number nor a parameter: \(json.canonicalText)")
    }

    mutating func insets(_ json: JSONValue?, default value: SymbolicNode.Insets) throws -> SymbolicNode.Insets {
        guard let json else { return value }
        if case .array(let items) = json, items.count == 4 {
            return SymbolicNode.Insets(
                top: try number(items[0], default: 0, isLength: true), left: try number(items[1], default: 0, isLength: true),
                bottom: try number(items[2], default: 0, isLength: true), right: try number(items[3], default: 0, isLength: true))
        }
        let all = try number(json, default: 0, isLength: true)
        return SymbolicNode.Insets(top: all, left: all, bottom: all, right: all)
    }

    mutating func children(_ json: JSONValue?) throws -> [SymbolicNode] {
        var nodes: [SymbolicNode] = []
        for item in json?.arrayValue ?? [] { nodes.append(try node(item)) }
        return nodes
    }

    mutating func node(_ json: JSONValue) throws -> SymbolicNode {
        guard case .object(let members) = json, let (type, body) = members.first else { throw ExportError("\(owner): not a layout node") }
        func constant(_ x: Double) -> LayoutLength { .constant(x, isLength: true) }
        switch type {
        case "slot":
            return .slot(body.stringValue ?? "")
        case "decorating":
            let defaults = DecoratingOptions()
            let insets = try insets(
                body["insets"],
                default: .init(
                    top: constant(defaults.insets.top), left: constant(defaults.insets.left), bottom: constant(defaults.insets.bottom),
                    right: constant(defaults.insets.right)))
            return .decorating(
                try node(body["content"] ?? .null), try node(body["decoration"] ?? .null), insets,
                fraction: try number(body["contentFraction"], default: defaults.contentFraction, isLength: false),
                spacing: try number(body["spacing"], default: 0, isLength: true),
                contentFirst: body["decorationSide"]?.stringValue != "leading")
        case "cascading":
            let offset = body["offset"]?.arrayValue
            return .cascading(
                try children(body["children"]), dx: try number(offset?[0], default: 10, isLength: true),
                dy: try number(offset?[1], default: 10, isLength: true))
        case "stack":
            return .stack(
                try children(body["children"]), horizontal: body["axis"]?.stringValue != "vertical",
                spacing: try number(body["spacing"], default: 0, isLength: true))
        case "inset":
            return .inset(try node(body["child"] ?? .null), try insets(body["insets"], default: .init(top: .zero, left: .zero, bottom: .zero, right: .zero)))
        default:
            throw ExportError("\(owner): unknown layout node \(type)")
        }
    }
}
