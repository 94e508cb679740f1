/// A DTCG token file (Design Tokens Format Module 2025.10), read and checked: groups nest
/// tokens and pass their `$type` down; a token is an object with `$value`; names do not start
/// with `$` nor hold `{`, `}` or `.`; a group may `$extends` another (its tokens, overridden by
/// its own) and hold a `$root` token; values are written out or refer to other tokens by alias
/// (`"{group.token}"`) or JSON pointer (`{"$ref": "#/group/token/$value"}`), also inside a
/// transition. Every alias resolves (``resolved(_:)``): an unknown target or a cycle is an error
/// naming the token's path, and a `$value` of the wrong shape names the rule it breaks.
///
/// ```swift
/// let set = try TokenSet(json: try JSONReader.read("""
///     {"motion": {"duration": {"$type": "duration", "moderate-01": {"$value": {"value": 150, "unit": "ms"}}},
///                 "enter": {"$type": "transition", "$value": {"duration": "{motion.duration.moderate-01}",
///                           "delay": {"value": 0, "unit": "ms"}, "timingFunction": [0, 0, 0.38, 0.9]}}}}
///     """), file: "motion.tokens.json")
/// try set.resolved("motion.enter")   // {"duration": {"value": 150, "unit": "ms"}, "delay": …, "timingFunction": …}
/// ```
package struct TokenSet: Sendable, Hashable {
    /// Every token, by path, sorted.
    package private(set) var tokens: [DesignToken]
    /// The tokens of other sets this one's aliases resolved to when it was added, pinned: their
    /// type, resolved value and where they came from (``PinnedToken``), by path.
    package private(set) var external: [String: PinnedToken] = [:]
    /// The document as written (what `tokens export --format dtcg` gives back).
    package var document: JSONValue
    private var byPath: [String: Int]

    /// Reads and checks a DTCG document; `file` names it in errors.
    package init(json document: JSONValue, file: String) throws(DefinitionError) {
        guard case .object = document else {
            throw DefinitionError(file: file, path: "", rule: "a token file is a JSON object of groups and tokens, not \(document.typeName)")
        }
        self.document = document
        external = try Self.pinnedTokens(in: document, file: file)
        var reader = TokenTreeReader(file: file, root: document)
        try Self.read(document, with: &reader)
        let raw = Dictionary(reader.tokens.map { ($0.path, $0) }, uniquingKeysWith: { _, later in later })
        let external = self.external
        // A token without a $type anywhere above it takes its alias target's.
        func type(of path: String, from: String, seen: Set<String>) throws(DefinitionError) -> TokenType {
            if raw[path] == nil, let pinned = external[path] { return pinned.type }
            guard let token = raw[path] else { throw DefinitionError(file: file, path: from, rule: "refers to {\(path)}, which is not a token of the set") }
            if let type = token.type { return type }
            guard !seen.contains(path) else { throw DefinitionError(file: file, path: from, rule: "aliases go round in a cycle") }
            guard let target = TokenReference.alias(token.value) ?? TokenReference.pointer(token.value).map({ Self.pointerPath($0).target }) else {
                throw DefinitionError(file: file, path: path, rule: "has no $type: give it one, or its group one")
            }
            return try type(of: target, from: path, seen: seen.union([path]))
        }
        var tokens: [DesignToken] = []
        for token in raw.values {
            tokens.append(
                DesignToken(
                    path: token.path, type: try type(of: token.path, from: token.path, seen: []), value: token.value,
                    description: token.description, deprecated: token.deprecated, extensions: token.extensions))
        }
        self.tokens = tokens.sorted { $0.path < $1.path }
        byPath = Dictionary(uniqueKeysWithValues: self.tokens.enumerated().map { ($0.element.path, $0.offset) })
        for token in tokens { _ = try resolved(token.path, file: file) }
    }

    /// The token at `path`, if there is one.
    package func token(_ path: String) -> DesignToken? { byPath[path].map { tokens[$0] } }

    /// The value of the token at `path` with every alias and pointer replaced by what it
    /// refers to, checked against the token's type.
    package func resolved(_ path: String, file: String = "tokens") throws(DefinitionError) -> JSONValue {
        var visiting: [String] = []
        return try resolve(path, file: file, visiting: &visiting)
    }

    private func resolve(_ path: String, file: String, visiting: inout [String]) throws(DefinitionError) -> JSONValue {
        if token(path) == nil, let pinned = external[path] { return pinned.value }
        guard let token = token(path) else {
            throw DefinitionError(file: file, path: visiting.last ?? path, rule: "refers to {\(path)}, which is not a token of the set")
        }
        if let start = visiting.firstIndex(of: path) {
            throw DefinitionError(file: file, path: path, rule: "aliases go round in a cycle: " + (visiting[start...] + [path]).joined(separator: " → "))
        }
        visiting.append(path)
        defer { visiting.removeLast() }
        let value = try substitute(token.value, in: path, file: file, visiting: &visiting)
        try TokenValueShape.check(value, as: token.type, file: file, path: path)
        return value
    }

    /// `value` with its aliases and pointers replaced, recursively.
    private func substitute(_ value: JSONValue, in path: String, file: String, visiting: inout [String]) throws(DefinitionError) -> JSONValue {
        if let target = TokenReference.alias(value) { return try resolve(target, file: file, visiting: &visiting) }
        if let pointer = TokenReference.pointer(value) {
            let (target, rest) = try pointerTarget(pointer, from: path, file: file)
            var found = try resolve(target, file: file, visiting: &visiting)
            for key in rest {
                guard let next = found[key] ?? Int(key).flatMap({ index in found.arrayValue.flatMap { index < $0.count ? $0[index] : nil } }) else {
                    throw DefinitionError(file: file, path: path, rule: "$ref \(pointer) points past the value of \(target)")
                }
                found = next
            }
            return found
        }
        switch value {
        case .object(let members):
            var result: [String: JSONValue] = [:]
            for (key, member) in members { result[key] = try substitute(member, in: path, file: file, visiting: &visiting) }
            return .object(result)
        case .array(let items):
            var result: [JSONValue] = []
            for item in items { result.append(try substitute(item, in: path, file: file, visiting: &visiting)) }
            return .array(result)
        default:
            return value
        }
    }

    /// The token a `$ref` pointer (`#/a/b/$value/duration`) names, and the keys into its value after `$value`.
    private func pointerTarget(_ pointer: String, from path: String, file: String) throws(DefinitionError) -> (String, [String]) {
        let (target, rest) = Self.pointerPath(pointer)
        guard token(target) != nil || external[target] != nil else {
            throw DefinitionError(file: file, path: path, rule: "$ref \(pointer) does not point to a token of the set")
        }
        return (target, rest)
    }

    /// `#/a/b/$value/duration` → the path `a.b` and the keys `[duration]` (RFC 6901 escapes undone).
    static func pointerPath(_ pointer: String) -> (target: String, rest: [String]) {
        let keys = pointer.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~") }
        let cut = keys.firstIndex(of: "$value") ?? keys.count
        return (keys[..<cut].joined(separator: "."), Array(keys[min(cut + 1, keys.count)...]))
    }

    /// The paths this document's aliases and pointers name that it does not define, each with
    /// the first token that names it: what must come from other files or sets.
    package static func outsideReferences(in document: JSONValue, file: String) throws(DefinitionError) -> [String: String] {
        var reader = TokenTreeReader(file: file, root: document)
        try read(document, with: &reader)
        let own = Set(reader.tokens.map(\.path))
        var outside: [String: String] = [:]
        func visit(_ value: JSONValue, from path: String) {
            if let target = TokenReference.alias(value) ?? TokenReference.pointer(value).map({ pointerPath($0).target }) {
                if !own.contains(target), outside[target] == nil { outside[target] = path }
                return
            }
            switch value {
            case .object(let members): for member in members.values { visit(member, from: path) }
            case .array(let items): for item in items { visit(item, from: path) }
            default: break
            }
        }
        for token in reader.tokens.sorted(by: { $0.path < $1.path }) { visit(token.value, from: token.path) }
        return outside
    }

    /// Walks the tree; a file with no `$value` anywhere is said not to be a token file at all.
    private static func read(_ document: JSONValue, with reader: inout TokenTreeReader) throws(DefinitionError) {
        do {
            try reader.readGroup(document, path: [], inheritedType: nil)
        } catch {
            guard !holdsValues(document) else { throw error }
            throw DefinitionError(
                file: error.file, path: error.path,
                rule: error.rule
                    + "; and nothing in the file has a $value (a DTCG token is an object with $value): it holds no token, so it is not a DTCG token file")
        }
        guard holdsValues(document) else {
            throw DefinitionError(file: reader.file, path: "", rule: "holds no token: nothing in it has a $value (a DTCG token is an object with $value)")
        }
    }

    /// Whether any member anywhere in `value` is a `$value`.
    static func holdsValues(_ value: JSONValue) -> Bool {
        switch value {
        case .object(let members): return members["$value"] != nil || members.values.contains(where: holdsValues)
        case .array(let items): return items.contains(where: holdsValues)
        default: return false
        }
    }

    /// The DTCG tree of a file: the file itself, or — for a file that carries tokens beside other
    /// data (a brand file's `name`, `logos`, …, its tokens under `tokens`) — its `tokens` member.
    package static func tokenTree(of document: JSONValue) -> JSONValue {
        guard case .object(let members) = document, let tokens = members["tokens"], case .object = tokens, holdsValues(tokens),
            members.contains(where: { !$0.key.hasPrefix("$") && $0.key != "tokens" && $0.value.objectValue == nil })
        else { return document }
        return tokens
    }

    /// Whether `document` defines a token at dotted `path`.
    package static func defines(_ path: String, in document: JSONValue) -> Bool {
        TokenTreeReader.member(document, at: path)?["$value"] != nil
    }

    /// `document` with `pinned` written where ``pinnedTokens(in:file:)`` reads them
    /// (`$extensions.org.componentcatalog.resolved`), replacing any pinned before.
    package static func pinning(_ pinned: [String: PinnedToken], in document: JSONValue) -> JSONValue {
        settingCatalogExtension("resolved", to: pinned.isEmpty ? nil : .object(pinned.mapValues(\.json)), in: document)
    }

    /// `document` with member `key` of its catalog extension
    /// (`$extensions.org.componentcatalog`) set to `value`, or removed for nil; an extension left
    /// empty is removed with it.
    package static func settingCatalogExtension(_ key: String, to value: JSONValue?, in document: JSONValue) -> JSONValue {
        guard case .object(var members) = document else { return document }
        var extensions = members["$extensions"]?.objectValue ?? [:]
        var own = extensions[ComponentDefinition.tokenExtensionKey]?.objectValue ?? [:]
        own[key] = value
        extensions[ComponentDefinition.tokenExtensionKey] = own.isEmpty ? nil : .object(own)
        members["$extensions"] = extensions.isEmpty ? nil : .object(extensions)
        return .object(members)
    }

    /// The tokens of other sets pinned in a document (see ``pinning(_:in:)``).
    static func pinnedTokens(in document: JSONValue, file: String) throws(DefinitionError) -> [String: PinnedToken] {
        guard let resolved = document["$extensions"]?[ComponentDefinition.tokenExtensionKey]?["resolved"] else { return [:] }
        guard case .object(let members) = resolved else {
            throw DefinitionError(
                file: file, path: "$extensions.\(ComponentDefinition.tokenExtensionKey).resolved", rule: "must be an object of pinned tokens by path")
        }
        var pinned: [String: PinnedToken] = [:]
        for (path, entry) in members {
            let at = "$extensions.\(ComponentDefinition.tokenExtensionKey).resolved.\(path)"
            guard let typeName = entry["$type"]?.stringValue, let type = TokenType(rawValue: typeName), let value = entry["$value"],
                let set = entry["set"]?.stringValue, let version = entry["version"]?.stringValue
            else {
                throw DefinitionError(file: file, path: at, rule: "a pinned token is {\"$type\", \"$value\", \"set\", \"version\"}")
            }
            try TokenValueShape.check(value, as: type, file: file, path: at)
            pinned[path] = PinnedToken(type: type, value: value, set: set, version: version)
        }
        return pinned
    }
}

/// A token of another set that a set's alias resolved to when it was added: kept with the set,
/// so the set reads the same however the other set changes later (a replay reproduces what ran).
///
/// ```swift
/// let pinned = PinnedToken(type: .duration, value: ["value": 240, "unit": "ms"], set: "motion", version: "1.0.0")
/// ```
package struct PinnedToken: Sendable, Hashable {
    /// The token's type.
    package var type: TokenType
    /// Its value, every alias resolved.
    package var value: JSONValue
    /// The set it came from, and that set's version.
    package var set: String
    package var version: String

    package init(type: TokenType, value: JSONValue, set: String, version: String) {
        self.type = type
        self.value = value
        self.set = set
        self.version = version
    }

    var json: JSONValue { ["$type": .string(type.rawValue), "$value": value, "set": .string(set), "version": .string(version)] }
}
