/// How big a definition may be: checked where a definition enters (`add`, `validate`, `sample
/// FILE`, a store archive), the size before the text is parsed and the counts before the body is
/// compiled, so that a huge file is refused with the limit it passes instead of being built in
/// memory. Stored versions were checked when they were added and are not checked again.
///
/// ```swift
/// DefinitionLimits.maximumBytes   // 1048576: a bigger file is refused before it is parsed
/// ```
public enum DefinitionLimits {
    /// The text of one definition file, in bytes.
    public static let maximumBytes = 1 << 20
    /// The items of one list: keyframes, `values`, `keyTimes`, timing functions, tags, ….
    package static let maximumListItems = 10_000
    /// The items of a list of nested nodes: a group's `animations`, a chain's `sequence` and
    /// `concurrent` steps and its `roles`, a layout's `children`.
    package static let maximumChildren = 1_000
    /// Lists whose items are nodes, limited to ``maximumChildren``.
    static let childLists: Set<String> = ["animations", "sequence", "concurrent", "roles", "children"]
    /// Every value in the document, all lists and mappings included.
    package static let maximumValues = 200_000

    /// Refuses a definition text of more than ``maximumBytes``.
    package static func check(size: Int, file: String) throws(DefinitionError) {
        guard size > maximumBytes else { return }
        throw DefinitionError(
            file: file, path: "",
            rule: "the file is \(size == maximumBytes + 1 ? "over \(maximumBytes)" : "\(size)") bytes: "
                + "a definition is at most \(maximumBytes) bytes (1 MiB)")
    }

    /// Refuses a parsed document with a list or a total count over its limit, naming the field.
    package static func check(_ document: JSONValue, file: String) throws(DefinitionError) {
        var values = 0
        try walk(document, key: nil, path: FieldPath(), file: file, values: &values)
    }

    private static func walk(_ value: JSONValue, key: String?, path: FieldPath, file: String, values: inout Int) throws(DefinitionError) {
        values += 1
        if values > maximumValues {
            throw DefinitionError(file: file, path: path.description, rule: "the definition holds more than \(maximumValues) values, the most one may hold")
        }
        switch value {
        case .array(let items):
            let limit = key.map(childLists.contains) == true ? maximumChildren : maximumListItems
            if items.count > limit {
                throw DefinitionError(
                    file: file, path: path.description,
                    rule: "has \(items.count) items: a list\(limit == maximumChildren ? " of \(key!)" : "") holds at most \(limit)")
            }
            for (index, item) in items.enumerated() {
                try walk(item, key: nil, path: path.appending(index: index), file: file, values: &values)
            }
        case .object(let members):
            if members.count > maximumListItems {
                throw DefinitionError(file: file, path: path.description, rule: "has \(members.count) fields: a mapping holds at most \(maximumListItems)")
            }
            for name in members.keys.sorted() {
                try walk(members[name]!, key: name, path: path.appending(name), file: file, values: &values)
            }
        default:
            break
        }
    }
}
