extension LayoutNode {
    /// Reads a `layout:` body (parameters already substituted). Each node is a mapping with one
    /// key naming its type:
    ///
    /// ```yaml
    /// layout:
    ///   decorating:
    ///     content: {slot: icon}
    ///     decoration: {cascading: {children: [{slot: badge}, {slot: title}], offset: [8, 8]}}
    ///     insets: [5, 0, 5, 15]        # top, left, bottom, right
    ///     contentFraction: 0.333
    /// ```
    ///
    /// Node types: `slot` (a name), `decorating` (content, decoration, insets, contentFraction,
    /// spacing, decorationSide), `cascading` (children, offset), `stack` (children, axis,
    /// spacing), `inset` (child, insets). A slot name may appear once.
    package init(json: JSONValue, file: String, path: FieldPath) throws(DefinitionError) {
        self = try Self.node(json, file: file, path: path)
        var seen: Set<String> = []
        for slot in slots where !seen.insert(slot).inserted {
            throw DefinitionError(file: file, path: path.description, rule: "slot '\(slot)' appears twice; each slot is one object")
        }
    }

    static let types = ["slot", "decorating", "cascading", "stack", "inset"]

    private static func node(_ json: JSONValue, file: String, path: FieldPath) throws(DefinitionError) -> LayoutNode {
        guard case .object(let members) = json, members.count == 1, let (type, body) = members.first else {
            throw DefinitionError(file: file, path: path.description, rule: "a layout node is a mapping with one key: \(types.joined(separator: ", "))")
        }
        let field = path.appending(type)
        switch type {
        case "slot":
            guard let name = body.stringValue, ComponentDefinition.isValidName(name) else {
                throw DefinitionError(file: file, path: field.description, rule: "a slot is named like a role: [a-z0-9][a-z0-9.-]*")
            }
            return .slot(name)
        case "decorating":
            let reader = try FieldReader(body, file: file, path: field)
            try reader.rejectUnknown(allowed: ["content", "decoration", "insets", "contentFraction", "spacing", "decorationSide"])
            guard let content = reader.members["content"] else { throw reader.error("content", "is required") }
            guard let decoration = reader.members["decoration"] else { throw reader.error("decoration", "is required") }
            var options = DecoratingOptions()
            if let insets = try insets(reader) { options.insets = insets }
            if let fraction = try reader.number("contentFraction") {
                guard (0...1).contains(fraction) else { throw reader.error("contentFraction", "must be from 0 to 1") }
                options.contentFraction = fraction
            }
            options.spacing = try reader.number("spacing", minimum: 0) ?? 0
            if let side = try reader.string("decorationSide") {
                guard let parsed = DecoratingOptions.Side(rawValue: side) else { throw reader.error("decorationSide", "must be leading or trailing") }
                options.decorationSide = parsed
            }
            return .decorating(
                content: try node(content, file: file, path: field.appending("content")),
                decoration: try node(decoration, file: file, path: field.appending("decoration")), options)
        case "cascading":
            let reader = try FieldReader(body, file: file, path: field)
            try reader.rejectUnknown(allowed: ["children", "offset"])
            let offset = try reader.numbers("offset") ?? [10, 10]
            guard offset.count == 2 else { throw reader.error("offset", "must be [dx, dy]") }
            return .cascading(try children(reader), offset: Point(x: offset[0], y: offset[1]))
        case "stack":
            let reader = try FieldReader(body, file: file, path: field)
            try reader.rejectUnknown(allowed: ["children", "axis", "spacing"])
            var axis = Axis.horizontal
            if let text = try reader.string("axis") {
                guard let parsed = Axis(rawValue: text) else { throw reader.error("axis", "must be horizontal or vertical") }
                axis = parsed
            }
            return .stack(try children(reader), axis: axis, spacing: try reader.number("spacing", minimum: 0) ?? 0)
        case "inset":
            let reader = try FieldReader(body, file: file, path: field)
            try reader.rejectUnknown(allowed: ["child", "insets"])
            guard let child = reader.members["child"] else { throw reader.error("child", "is required") }
            return .inset(try node(child, file: file, path: field.appending("child")), try insets(reader) ?? EdgeInsets())
        default:
            throw DefinitionError(file: file, path: field.description, rule: "unknown layout node type (expected \(types.joined(separator: ", ")))")
        }
    }

    private static func children(_ reader: FieldReader) throws(DefinitionError) -> [LayoutNode] {
        guard let value = reader.members["children"] else { return [] }
        guard case .array(let items) = value else { throw reader.error("children", "must be a list of layout nodes") }
        var nodes: [LayoutNode] = []
        for (index, item) in items.enumerated() {
            nodes.append(try node(item, file: reader.file, path: reader.path.appending("children").appending(index: index)))
        }
        return nodes
    }

    /// `[top, left, bottom, right]`, or one number for all four.
    private static func insets(_ reader: FieldReader) throws(DefinitionError) -> EdgeInsets? {
        guard let value = reader.members["insets"] else { return nil }
        if let all = value.numberValue { return EdgeInsets(top: all, left: all, bottom: all, right: all) }
        guard let numbers = try reader.numbers("insets"), numbers.count == 4 else {
            throw reader.error("insets", "must be [top, left, bottom, right] or one number")
        }
        return EdgeInsets(top: numbers[0], left: numbers[1], bottom: numbers[2], right: numbers[3])
    }
}
