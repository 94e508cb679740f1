import CatalogKit
import Yams

/// A stored definition as the YAML a person writes: the identifying fields first (name, version,
/// kind, summary, tags), the rest by name; lists of scalars on one line; strings that would read
/// back as another type quoted (Yams decides). The YAML decodes to the same definition.
///
/// ```swift
/// try DefinitionYAML.text(["name": "fade-in", "version": "1.0.0"])   // "name: fade-in\nversion: 1.0.0\n"
/// ```
enum DefinitionYAML {
    static let leading = ["name", "version", "kind", "summary", "tags"]

    static func text(_ definition: JSONValue) throws -> String {
        try Yams.serialize(node: node(definition, top: true), width: -1, allowUnicode: true)
    }

    private static func node(_ value: JSONValue, top: Bool = false) -> Node {
        switch value {
        case .null: return Node("null", Tag(.null))
        case .bool(let b): return Node(b ? "true" : "false", Tag(.bool))
        case .number(let n): return Node(JSONValue.numberText(n), Tag(n == n.rounded() && abs(n) < 1e15 ? .int : .float))
        case .string(let s): return .scalar(s.represented())
        case .array(let items):
            let flat = items.allSatisfy { if case .array = $0 { false } else if case .object = $0 { false } else { true } }
            return .sequence(.init(items.map { node($0) }, Tag(.seq), flat ? .flow : .block))
        case .object(let members):
            let names = members.keys.sorted { a, b in
                let (i, j) = top ? (leading.firstIndex(of: a) ?? leading.count, leading.firstIndex(of: b) ?? leading.count) : (0, 0)
                return i != j ? i < j : a < b
            }
            return .mapping(.init(names.map { (Node($0), node(members[$0]!)) }, Tag(.map), .block))
        }
    }
}
