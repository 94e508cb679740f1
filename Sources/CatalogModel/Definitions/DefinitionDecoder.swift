import Foundation
import Yams

/// Turns definition files (YAML or JSON text) into validated ``ComponentDefinition``s.
///
/// JSON is recognised by a `.json` extension or a leading `{`; everything else is YAML. A bare
/// Web Animations document — only `keyframes` and `options` — is accepted as an anonymous
/// animation named after its file (`fade.json` → `fade`, version 1.0.0). Files in other formats
/// (stylesheets, Lottie, DTCG tokens) are read by `DefinitionDecoder.decodeAll` in
/// CatalogFormats, which recognises them.
///
/// ```swift
/// let definition = try DefinitionDecoder.decode(text: yaml, file: "catalog/animations/pop.yaml")
/// ```
public enum DefinitionDecoder {
    /// Decodes and validates one definition, within ``DefinitionLimits``.
    /// - Parameter stored: the text of a version the store kept: it was within the limits when
    ///   it was added (perhaps under other limits), so only its validity is checked again.
    public static func decode(text: String, file: String, stored: Bool = false) throws(DefinitionError) -> ComponentDefinition {
        if !stored { try DefinitionLimits.check(size: text.utf8.count, file: file) }
        guard !file.lowercased().hasSuffix(".css") else {
            throw DefinitionError(file: file, path: "", rule: "a stylesheet is read by DefinitionDecoder.decodeAll (CatalogFormats), not as a definition")
        }
        var document = try parse(text: text, file: file)
        if !stored { try DefinitionLimits.check(document, file: file) }
        if case .object(var members) = document, members["name"] == nil, members["kind"] == nil,
            members["keyframes"] != nil, Set(members.keys).isSubset(of: ["keyframes", "options"])
        {
            let stem = ((file as NSString).lastPathComponent as NSString).deletingPathExtension.lowercased()
            guard ComponentDefinition.isValidName(stem) else {
                throw DefinitionError(
                    file: file, path: "name",
                    rule: "an anonymous animation is named after its file, but '\(stem)' does not match [a-z0-9][a-z0-9.-]*; add a name field")
            }
            members["name"] = .string(stem)
            members["kind"] = "animation"
            members["version"] = "1.0.0"
            document = .object(members)
        }
        let definition = try ComponentDefinition(json: document, file: file)
        if !stored { try checkAdding(definition, file: file) }
        return definition
    }

    /// Rules a definition meets to be added that a version stored before them is not read by:
    /// a decorator's `set` of a literal of another type than its property's.
    static func checkAdding(_ definition: ComponentDefinition, file: String) throws(DefinitionError) {
        guard definition.kind == .decorator else { return }
        let decorator: DecoratorDefinition
        if case .decorator(let compiled)? = definition.defaultBody.body {
            decorator = compiled
        } else {
            decorator = try DecoratorDefinition(definition, file: file)
        }
        if let (path, property, type) = decorator.mistypedLiterals(path: FieldPath("decorator")).first {
            throw DefinitionError(file: file, path: path.description, rule: ValueConversionError(type: type).description + ", the type of \(property)")
        }
    }

    /// Parses YAML or JSON text into a ``JSONValue`` without validating it.
    public static func parse(text: String, file: String) throws(DefinitionError) -> JSONValue {
        let trimmed = text.drop(while: { $0.isWhitespace })
        if file.lowercased().hasSuffix(".json") || trimmed.first == "{" || trimmed.first == "[" {
            do {
                return try JSONReader.read(text)
            } catch {
                throw DefinitionError(
                    file: file, path: error.path,
                    rule: error.isMalformed
                        ? "malformed JSON at line \(error.line), column \(error.column): \(error.message)"
                        : "\(error.message) (JSON line \(error.line), column \(error.column))")
            }
        }
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch {
            // libyaml stops at its own nesting limit and names a C function: say it as a rule.
            if "\(error)".contains("Maximum nesting level") {
                throw DefinitionError(file: file, path: "", rule: "nesting deeper than \(JSONReader.maximumDepth) levels")
            }
            throw DefinitionError(file: file, path: "", rule: "malformed YAML: \(error)")
        }
        guard let node else { throw DefinitionError(file: file, path: "", rule: "the file is empty") }
        return try convert(node, path: FieldPath(), depth: 0, file: file)
    }

    private static func convert(_ node: Node, path: FieldPath, depth: Int, file: String) throws(DefinitionError) -> JSONValue {
        if depth > JSONReader.maximumDepth {
            throw DefinitionError(file: file, path: "", rule: "nesting deeper than \(JSONReader.maximumDepth) levels")
        }
        switch node {
        case .scalar(let scalar):
            switch Tag.Name(rawValue: node.tag.rawValue) {
            case .null: return .null
            case .bool: return node.bool.map(JSONValue.bool) ?? .string(scalar.string)
            case .int: return node.int.map { .number(Double($0)) } ?? node.float.map(JSONValue.number) ?? .string(scalar.string)
            case .float: return node.float.map(JSONValue.number) ?? .string(scalar.string)
            default: return .string(scalar.string)
            }
        case .sequence(let sequence):
            var items: [JSONValue] = []
            for (index, item) in sequence.enumerated() {
                items.append(try convert(item, path: path.appending(index: index), depth: depth + 1, file: file))
            }
            return .array(items)
        case .mapping(let mapping):
            var members: [String: JSONValue] = [:]
            for (keyNode, valueNode) in mapping {
                guard case .scalar(let keyScalar) = keyNode else {
                    throw DefinitionError(file: file, path: path.description, rule: "mapping keys must be plain text")
                }
                let key = keyScalar.string
                let child = path.appending(key)
                guard members[key] == nil else {
                    throw DefinitionError(file: file, path: child.description, rule: "duplicate key")
                }
                members[key] = try convert(valueNode, path: child, depth: depth + 1, file: file)
            }
            return .object(members)
        case .alias:
            throw DefinitionError(file: file, path: path.description, rule: "YAML aliases are not supported")
        }
    }
}
