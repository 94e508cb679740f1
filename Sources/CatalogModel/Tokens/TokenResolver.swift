import Foundation

/// A DTCG 2025.10 resolver document — `sets` of token sources, `modifiers` whose `contexts`
/// (`light`/`dark`, `reduced-motion`) each add sources, and the `resolutionOrder` that merges them
/// — resolved for one choice of contexts into one token document: what a multi-file token
/// repository means, read from its entry point.
///
/// Sources are token files (`{"$ref": "motion.json"}`, relative to the resolver, optionally with
/// a `#/pointer` into the file) or inline token groups; later sources override earlier ones token
/// by token. A modifier takes the context the input names, else its `default`.
///
/// ```swift
/// let document = try TokenResolver.document(resolver, file: "tokens.resolver.json",
///                                           contexts: ["motion": "reduced"], read: { try JSONValue(jsonData: try load($0)) })
/// ```
package enum TokenResolver {
    /// Whether `document` is a resolver document rather than a token file.
    package static func isResolver(_ document: JSONValue) -> Bool {
        // A token group is an object: a list there is the resolver's order, its sets and
        // modifiers given in `sets` and `modifiers` or inline.
        document["resolutionOrder"]?.arrayValue != nil
    }

    /// The modifiers a resolver declares — in `modifiers`, or inline in `resolutionOrder` with a
    /// `name` — each with its contexts and default.
    package static func modifiers(of resolver: JSONValue) -> [(name: String, contexts: [String], default: String?)] {
        var declared = resolver["modifiers"]?.objectValue ?? [:]
        for entry in resolver["resolutionOrder"]?.arrayValue ?? [] where entry["contexts"] != nil && entry["$ref"] == nil {
            if let name = entry["name"]?.stringValue, declared[name] == nil { declared[name] = entry }
        }
        return declared.sorted { $0.key < $1.key }.map { name, modifier in
            (name, (modifier["contexts"]?.objectValue ?? [:]).keys.sorted(), modifier["default"]?.stringValue)
        }
    }

    /// The merged token document for `contexts` (modifier → context).
    /// - Parameter read: the JSON of a file a source names, by its path as written (relative to
    ///   the resolver).
    package static func document(
        _ resolver: JSONValue, file: String, contexts: [String: String],
        read: (String) throws -> JSONValue
    ) throws -> JSONValue {
        func fail(_ path: String, _ rule: String) -> DefinitionError { DefinitionError(file: file, path: path, rule: rule) }
        guard case .object = resolver else { throw fail("", "a resolver is a JSON object") }
        if let version = resolver["version"], version.stringValue != "2025.10" {
            throw fail("version", "must be \"2025.10\" (the resolver module this reads)")
        }
        let declared = modifiers(of: resolver)
        for (name, context) in contexts {
            guard let modifier = declared.first(where: { $0.name == name }) else {
                throw fail("modifiers", "has no modifier \(name) (it has \(declared.map(\.name).joined(separator: ", ")))")
            }
            guard modifier.contexts.contains(context) else {
                throw fail("modifiers.\(name).contexts", "has no context \(context) (it has \(modifier.contexts.joined(separator: ", ")))")
            }
        }
        guard case .array(let order) = resolver["resolutionOrder"] ?? .null else { throw fail("resolutionOrder", "must be a list") }
        var merged: JSONValue = .object([:])
        for (index, entry) in order.enumerated() {
            let at = "resolutionOrder[\(index)]"
            var item = entry
            var name = entry["name"]?.stringValue ?? "#\(index)"
            if let pointer = entry["$ref"]?.stringValue {
                let parts = pointer.split(separator: "/").map(String.init)
                guard parts.count == 3, parts[0] == "#", parts[1] == "sets" || parts[1] == "modifiers", let target = resolver[parts[1]]?[parts[2]] else {
                    throw fail(at, "$ref \(pointer) names no set or modifier of the resolver (#/sets/NAME or #/modifiers/NAME)")
                }
                item = target
                name = parts[2]
            }
            if let sources = item["sources"] {
                try merge(sources, into: &merged, at: "\(at).sources", file: file, read: read)
            } else if let contextsOfModifier = item["contexts"]?.objectValue {
                guard let chosen = contexts[name] ?? item["default"]?.stringValue else {
                    throw fail(at, "modifier \(name) has no default: choose one of its contexts (\(contextsOfModifier.keys.sorted().joined(separator: ", ")))")
                }
                guard let sources = contextsOfModifier[chosen] else {
                    throw fail("\(at).default", "names the context \(chosen), which modifier \(name) does not have")
                }
                try merge(sources, into: &merged, at: "\(at).contexts.\(chosen)", file: file, read: read)
            } else {
                throw fail(at, "is neither a set (with sources) nor a modifier (with contexts)")
            }
        }
        return merged
    }

    private static func merge(
        _ sources: JSONValue, into merged: inout JSONValue, at path: String, file: String,
        read: (String) throws -> JSONValue
    ) throws {
        guard case .array(let list) = sources else { throw DefinitionError(file: file, path: path, rule: "must be a list of sources") }
        for (index, source) in list.enumerated() {
            merged = deepMerge(merged, try load(source, at: "\(path)[\(index)]", file: file, read: read))
        }
    }

    /// A source's tokens: the file (and pointer into it) a `$ref` names, or the inline group.
    private static func load(_ source: JSONValue, at path: String, file: String, read: (String) throws -> JSONValue) throws -> JSONValue {
        guard let reference = source["$ref"]?.stringValue, source.objectValue?.count == 1 else { return source }
        let parts = reference.split(separator: "#", maxSplits: 1).map(String.init)
        var document = try read(parts[0])
        if parts.count == 2 {
            for key in parts[1].split(separator: "/") {
                guard let next = document[String(key)] else { throw DefinitionError(file: file, path: path, rule: "$ref \(reference) points past the file") }
                document = next
            }
        }
        return document
    }

    /// The resolver with every source a file names read into it, so that it resolves any choice
    /// of contexts on its own (what a token set keeps of the resolver it was added from).
    package static func inlined(_ resolver: JSONValue, file: String, read: (String) throws -> JSONValue) throws -> JSONValue {
        func sources(_ list: JSONValue, at path: String) throws -> JSONValue {
            guard case .array(let items) = list else { throw DefinitionError(file: file, path: path, rule: "must be a list of sources") }
            var result: [JSONValue] = []
            for (index, item) in items.enumerated() { result.append(try load(item, at: "\(path)[\(index)]", file: file, read: read)) }
            return .array(result)
        }
        func entry(_ value: JSONValue, at path: String) throws -> JSONValue {
            guard case .object(var members) = value else { return value }
            if let list = members["sources"] { members["sources"] = try sources(list, at: "\(path).sources") }
            if case .object(var contexts)? = members["contexts"] {
                for (name, list) in contexts { contexts[name] = try sources(list, at: "\(path).contexts.\(name)") }
                members["contexts"] = .object(contexts)
            }
            return .object(members)
        }
        guard case .object(var members) = resolver else { return resolver }
        for group in ["sets", "modifiers"] {
            guard case .object(var entries)? = members[group] else { continue }
            for (name, value) in entries { entries[name] = try entry(value, at: "\(group).\(name)") }
            members[group] = .object(entries)
        }
        if case .array(let order)? = members["resolutionOrder"] {
            var result: [JSONValue] = []
            for (index, item) in order.enumerated() {
                result.append(item["$ref"] != nil ? item : try entry(item, at: "resolutionOrder[\(index)]"))
            }
            members["resolutionOrder"] = .array(result)
        }
        return .object(members)
    }

    /// `over` merged onto `base`: groups merge member by member; a token replaces a token whole.
    package static func deepMerge(_ base: JSONValue, _ over: JSONValue) -> JSONValue {
        guard case .object(var members) = base, case .object(let overMembers) = over, overMembers["$value"] == nil, members["$value"] == nil else {
            return over
        }
        for (key, value) in overMembers { members[key] = members[key].map { deepMerge($0, value) } ?? value }
        return .object(members)
    }
}
