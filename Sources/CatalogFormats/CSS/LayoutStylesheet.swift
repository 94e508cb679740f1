import CatalogEngine
import CatalogModel

/// A layout as a stylesheet (DESIGN §9): rules under a selector (default `.NAME`) that place
/// the container's children carrying `data-slot="SLOT"` where `apply` puts the bound objects,
/// for any size of the container — each slot's `left`, `top`, `width` and `height` a `calc()`
/// of the container's box and the layout's number parameters, which are custom properties
/// `--NAME-PARAM` (lengths in px) holding their defaults. A parameter that chooses (a stack's
/// axis, a decoration's side) is the container's attribute `data-NAME-PARAM`: CSS selects on
/// an attribute in every engine, where it cannot on a custom property's value. Before it is
/// written, the stylesheet's arithmetic is held to the engine's solver for every choice,
/// several container sizes and parameter values, and refused if it differs anywhere.
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

    /// A string parameter that chooses between the values a layout field takes.
    package struct Choice: Sendable, Hashable {
        package var parameter: String
        package var options: [String]
        package var defaultValue: String
    }

    /// The slots laid out for one combination of choices.
    package struct Variant: Sendable {
        /// Parameter → value, for every choice.
        package var choices: [String: String]
        package var slots: [Slot]
    }

    package let name: String
    package let version: String
    /// The slots at the choices' defaults.
    package let slots: [Slot]
    /// Number parameters that are custom properties, with their defaults and whether they are lengths.
    package let customProperties: [(parameter: String, value: Double, isLength: Bool)]
    /// The parameters that choose, in name order.
    package let choices: [Choice]
    /// Every combination of choices, the defaults' first, then by how many differ from the defaults.
    package let variants: [Variant]
    /// Whether the layout takes a `rect` parameter: given, `--NAME-rect-x`, `-y`, `-width` and
    /// `-height` place the slots in it instead of the container's box.
    package let hasRect: Bool

    /// Combinations of choices beyond which a layout is refused: each is a block of rules.
    static let maximumVariants = 64

    package init(_ definition: ComponentDefinition) throws {
        name = definition.name
        version = definition.version.description
        let numbers = definition.parameters.filter { $0.key != "rect" && $0.value.type == .number }
        let strings = definition.parameters.filter { $0.value.type == .string }
        var values: [String: JSONValue] = [:]
        for (parameter, spec) in definition.parameters {
            values[parameter] = numbers[parameter] != nil || strings[parameter] != nil ? .string(Self.marker + parameter) : spec.defaultValue.jsonValue
        }
        guard case .object(let document) = definition.document.substitutingParameters(values), let layout = document["layout"] else {
            throw ExportError("\(definition.name) has no layout body")
        }
        var stringDefaults: [String: String] = [:]
        for (parameter, spec) in strings { if case .string(let text) = spec.defaultValue { stringDefaults[parameter] = text } }
        // The first reading, at the defaults, finds the choices and the values each can take.
        var reader = Reader(owner: definition.name, stringDefaults: stringDefaults)
        var roots = [(choices: [String: String](), root: try reader.node(layout))]
        choices = try reader.options.keys.sorted().map { parameter in
            let options = reader.options[parameter]!, fallback = stringDefaults[parameter]!
            guard options.contains(fallback) else {
                throw ExportError("\(definition.name): the parameter \(parameter)'s default \(fallback) is none of \(options.joined(separator: ", "))")
            }
            return Choice(parameter: parameter, options: options, defaultValue: fallback)
        }
        roots[0].choices = Dictionary(uniqueKeysWithValues: choices.map { ($0.parameter, $0.defaultValue) })
        let count = choices.reduce(1) { $0 * $1.options.count }
        guard count <= Self.maximumVariants else {
            throw ExportError("\(definition.name): its choices make \(count) layouts; a stylesheet holds at most \(Self.maximumVariants)")
        }
        for combination in Self.combinations(choices) where combination != roots[0].choices {
            reader.assignment = combination
            roots.append((combination, try reader.node(layout)))
        }
        // Defaults first, then by how many choices differ: a later rule is more specific.
        let differing = { (choices: [String: String]) in choices.filter { stringDefaults[$0.key] != $0.value }.count }
        roots = roots.enumerated().sorted { (differing($0.element.choices), $0.offset) < (differing($1.element.choices), $1.offset) }.map(\.element)
        var found: [Variant] = []
        for (assignment, root) in roots {
            var result: [Slot] = []
            Self.solve(root, .originX, .originY, .width, .height, into: &result)
            // Percentages are of the width in left and width, of the height in top and height.
            for slot in result where slot.left.reads.height || slot.width.reads.height || slot.top.reads.width || slot.height.reads.width {
                throw ExportError("\(definition.name): slot \(slot.name)'s position mixes the container's width and height, which CSS cannot say")
            }
            found.append(Variant(choices: assignment, slots: result))
        }
        variants = found
        slots = found[0].slots
        hasRect = definition.parameters["rect"]?.type == .rect
        customProperties = numbers.keys.sorted().compactMap { parameter in
            guard case .number(let value) = numbers[parameter]!.defaultValue, let isLength = reader.usage[parameter] else { return nil }
            return (parameter, value, isLength)
        }
        try check(definition)
    }

    /// Every assignment of one option to each choice.
    private static func combinations(_ choices: [Choice]) -> [[String: String]] {
        choices.reduce([[:]]) { partial, choice in
            partial.flatMap { assignment in choice.options.map { assignment.merging([choice.parameter: $0]) { $1 } } }
        }
    }

    /// The choices that move `slot`: two combinations that differ only in the choice place it apart.
    package func choices(moving slot: String) -> [Choice] {
        choices.filter { choice in
            variants.contains { a in
                variants.contains { b in
                    a.choices[choice.parameter] != b.choices[choice.parameter]
                        && a.choices.allSatisfy { $0.key == choice.parameter || b.choices[$0.key] == $0.value }
                        && a.slots.first { $0.name == slot } != b.slots.first { $0.name == slot }
                }
            }
        }
    }

    /// The container's attribute that sets a choice: `data-NAME-PARAM`, PARAM in kebab case.
    package func attribute(of parameter: String) -> String {
        "data-" + LayoutLength.customProperty(name: name, parameter: parameter).dropFirst(2)
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
        // A combination's rules select the attributes of the choices it moves from their defaults,
        // so the more it moves, the more specific; a slot the cascade already places the same is left out.
        var written: [(moved: [String: String], slots: [String: Slot])] = []
        for variant in variants {
            let moved = variant.choices.filter { choice in choices.contains { $0.parameter == choice.key && $0.defaultValue != choice.value } }
            // The rules written so far that match this combination's container, and per slot the one that wins.
            let matching = written.filter { rule in rule.moved.allSatisfy { moved[$0.key] == $0.value } }
            let needed = variant.slots.filter { slot in
                let placing = matching.filter { $0.slots[slot.name] != nil }
                let winner = placing.last { $0.moved.count == placing.map(\.moved.count).max() }
                return winner?.slots[slot.name] != slot
            }
            written.append((moved, Dictionary(uniqueKeysWithValues: needed.map { ($0.name, $0) })))
            let attributes = choices.compactMap { choice in moved[choice.parameter].map { "[\(attribute(of: choice.parameter))=\"\($0)\"]" } }
            lines += rules(needed, container: base + attributes.joined())
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func rules(_ slots: [Slot], container base: String) -> [String] {
        var lines: [String] = []
        for slot in slots {
            lines += [
                "\(base) > [data-slot=\"\(slot.name)\"] {",
                "  position: absolute;", "  box-sizing: border-box;", "  margin: 0;",
                "  left: calc(\(slot.left.css(name: name)));", "  top: calc(\(slot.top.css(name: name)));",
                "  width: calc(\(slot.width.css(name: name)));", "  height: calc(\(slot.height.css(name: name)));", "}"
            ]
        }
        return lines
    }

    /// The ES module exporting `layout(container, parameters = {})`: the same arithmetic in
    /// script, for a page that sets sizes itself; it lays the slots out again when the container
    /// is resized. Returns `{update(parameters), disconnect()}`.
    package var module: String {
        var defaults = Dictionary(uniqueKeysWithValues: customProperties.map { ($0.parameter, JSONValue.number($0.value)) })
        for choice in choices { defaults[choice.parameter] = .string(choice.defaultValue) }
        let choiceTable = JSONValue.object(
            Dictionary(
                uniqueKeysWithValues: choices.map {
                    ($0.parameter, ["attribute": .string(attribute(of: $0.parameter)), "options": .array($0.options.map(JSONValue.string))])
                }))
        let blocks = variants.map { variant in
            let key = choices.map { variant.choices[$0.parameter]! }.joined(separator: "|")
            let functions = variant.slots.map { slot in
                "    \(JSONValue.string(slot.name).canonicalText): (X, Y, W, H, p) => [\(slot.left.javascript), \(slot.top.javascript), \(slot.width.javascript), \(slot.height.javascript)],"
            }
            return "  \(JSONValue.string(key).canonicalText): {\n\(functions.joined(separator: "\n"))\n  },"
        }
        return """
            // \(name) \(version) — a layout exported by catalog (DESIGN §9; no dependencies).
            export const name = \(JSONValue.string(name).canonicalText);
            export const version = \(JSONValue.string(version).canonicalText);
            /** The parameters and their defaults. */
            export const defaults = \(JSONValue.object(defaults).canonicalText);
            /** The parameters that choose: the container attribute that also sets each, and its values. */
            export const choices = \(choiceTable.canonicalText);
            /** Each slot's frame [x, y, width, height] in a rect at (X, Y) of W × H, per combination of choices. */
            export const variants = {
            \(blocks.joined(separator: "\n"))
            };
            /** The slots at the defaults. */
            export const slots = Object.values(variants)[0];

            /** The slots for the choices in `p`, which must be among their options. */
            function slotsFor(p) {
              const key = Object.entries(choices).map(([parameter, choice]) => {
                if (!choice.options.includes(p[parameter])) {
                  throw new RangeError(`${name}: ${parameter} must be one of ${choice.options.join(", ")}, not ${p[parameter]}`);
                }
                return p[parameter];
              }).join("|");
              return variants[key];
            }

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
                const p = { ...defaults };
                // A choice set by the container's attribute, as the stylesheet reads it, unless given.
                for (const [parameter, choice] of Object.entries(choices)) {
                  if (container.hasAttribute(choice.attribute)) p[parameter] = container.getAttribute(choice.attribute);
                }
                Object.assign(p, given);
                const slots = slotsFor(p);
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

    /// The attribute and value a page sets for a choice's value, or nil when it is not among its options.
    package func choiceAttribute(parameter: String, value: String) -> (name: String, value: String)? {
        guard let choice = choices.first(where: { $0.parameter == parameter }), choice.options.contains(value) else { return nil }
        return (attribute(of: parameter), value)
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
        for variant in variants {
            try check(definition, variant: variant, cases: cases)
        }
    }

    private func check(_ definition: ComponentDefinition, variant: Variant, cases: [[String: Double]]) throws {
        let sizes: [(Double, Double)] = [(120, 40), (320, 80), (7, 3), (0, 0), (1000, 480), (33.5, 250)]
        let slots = variant.slots
        for (index, values) in cases.enumerated() {
            let parameters = values.mapValues(PropertyValue.number).merging(variant.choices.mapValues(PropertyValue.string)) { $1 }
            let layout: LayoutDefinition
            do {
                layout = try LayoutDefinition(definition, parameters: parameters)
            } catch {
                // Moved numbers may leave what the layout accepts; its defaults may not.
                if index > 0 { continue }
                throw ExportError("\(name): the engine refuses the layout at \(variant.choices): \(error.description)")
            }
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
                        let choices = variant.choices.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                        throw ExportError(
                            "\(name): the stylesheet places \(slot) at \(mine) where the engine puts \(frame) (container \(width) × \(height)\(choices.isEmpty ? "" : ", " + choices.joined(separator: ", ")))"
                        )
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
    /// The string parameters' defaults.
    let stringDefaults: [String: String]
    /// Parameter → whether it is used as a length (false: as a plain number).
    var usage: [String: Bool] = [:]
    /// Parameter → the values it can take where it chooses (an axis, a side).
    var options: [String: [String]] = [:]
    /// The choices read as these values; a choice not named reads as its default.
    var assignment: [String: String] = [:]

    init(owner: String, stringDefaults: [String: String]) {
        self.owner = owner
        self.stringDefaults = stringDefaults
    }

    /// A field that takes one of `allowed`, written as it is or by a string parameter.
    mutating func choice(_ json: JSONValue?, field: String, allowed: [String]) throws -> String? {
        guard let text = json?.stringValue, text.hasPrefix(LayoutStylesheet.marker) else { return json?.stringValue }
        let parameter = String(text.dropFirst(LayoutStylesheet.marker.count))
        guard let fallback = stringDefaults[parameter] else {
            throw ExportError("\(owner): \(field) takes the number parameter \(parameter)")
        }
        options[parameter] = options[parameter].map { known in known.filter(allowed.contains) } ?? allowed
        return assignment[parameter] ?? fallback
    }

    mutating func number(_ json: JSONValue?, default value: Double, isLength: Bool) throws -> LayoutLength {
        guard let json else { return .constant(value, isLength: isLength) }
        if let number = json.numberValue { return .constant(number, isLength: isLength) }
        if let text = json.stringValue, text.hasPrefix(LayoutStylesheet.marker) {
            let parameter = String(text.dropFirst(LayoutStylesheet.marker.count))
            guard stringDefaults[parameter] == nil else { throw ExportError("\(owner): a layout number takes the string parameter \(parameter)") }
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
            // A slot's name is what the page's markup carries; it cannot change with a parameter.
            if let text = body.stringValue, text.hasPrefix(LayoutStylesheet.marker) {
                throw ExportError("\(owner): a slot named by the parameter \(text.dropFirst(LayoutStylesheet.marker.count)) cannot be exported; name the slot")
            }
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
                contentFirst: try choice(body["decorationSide"], field: "decorationSide", allowed: DecoratingOptions.Side.allCases.map(\.rawValue)) != "leading"
            )
        case "cascading":
            let offset = body["offset"]?.arrayValue
            return .cascading(
                try children(body["children"]), dx: try number(offset?[0], default: 10, isLength: true),
                dy: try number(offset?[1], default: 10, isLength: true))
        case "stack":
            return .stack(
                try children(body["children"]),
                horizontal: try choice(body["axis"], field: "axis", allowed: LayoutNode.Axis.allCases.map(\.rawValue)) != "vertical",
                spacing: try number(body["spacing"], default: 0, isLength: true))
        case "inset":
            return .inset(try node(body["child"] ?? .null), try insets(body["insets"], default: .init(top: .zero, left: .zero, bottom: .zero, right: .zero)))
        default:
            throw ExportError("\(owner): unknown layout node \(type)")
        }
    }
}
