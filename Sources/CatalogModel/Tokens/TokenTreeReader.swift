/// Walks a DTCG document's groups and collects its tokens, checking the rules of the tree:
/// member names, the group and token properties the format defines, `$type` passed down, and
/// `$extends` (a group takes the tokens of the group it names, its own overriding them).
struct TokenTreeReader {
    struct RawToken {
        var path: String
        var type: TokenType?
        var value: JSONValue
        var description: String?
        var deprecated: JSONValue?
        var extensions: JSONValue?
    }

    let file: String
    let root: JSONValue
    var tokens: [RawToken] = []

    static let groupProperties: Set<String> = ["$type", "$description", "$extensions", "$deprecated", "$extends", "$root", "$schema"]
    static let tokenProperties: Set<String> = ["$value", "$type", "$description", "$extensions", "$deprecated"]

    init(file: String, root: JSONValue) {
        self.file = file
        self.root = root
    }

    mutating func readGroup(_ group: JSONValue, path: [String], inheritedType: TokenType?) throws(DefinitionError) {
        guard case .object(var members) = group else { return }
        let here = path.joined(separator: ".")
        for key in members.keys where key.hasPrefix("$") && !Self.groupProperties.contains(key) {
            throw DefinitionError(
                file: file, path: Self.join(here, key),
                rule: "is not a group property (a group takes $type, $description, $deprecated, $extends, $extensions and $root)")
        }
        try checkMeta(members, at: here)
        if members["$extends"] != nil {
            // The named group's members (its own $extends followed), this group's own winning.
            for (key, value) in try extendedMembers(of: members, at: here, chain: []) where members[key] == nil { members[key] = value }
        }
        let type =
            try members["$type"].map { (raw: JSONValue) throws(DefinitionError) in try Self.type(raw, file: file, path: Self.join(here, "$type")) }
            ?? inheritedType
        for key in members.keys.sorted() where !key.hasPrefix("$") || key == "$root" {
            let child = members[key]!
            let childPath = path + [key]
            let text = childPath.joined(separator: ".")
            if key != "$root" {
                guard !key.isEmpty, !key.contains("."), !key.contains("{"), !key.contains("}") else {
                    throw DefinitionError(file: file, path: text, rule: "a token or group name must not be empty nor hold '.', '{' or '}'")
                }
            }
            guard case .object(let childMembers) = child else {
                throw DefinitionError(file: file, path: text, rule: "must be a group or a token (an object with $value), not \(child.typeName)")
            }
            if childMembers["$value"] != nil {
                try readToken(childMembers, path: text, inheritedType: type)
            } else if key == "$root" {
                throw DefinitionError(file: file, path: text, rule: "$root is a token: it needs a $value")
            } else {
                try readGroup(child, path: childPath, inheritedType: type)
            }
        }
    }

    /// What `$extends` adds to a group: the named group's members, with those it extends in
    /// turn; a cycle, or a target that is not a group, is an error.
    private func extendedMembers(of members: [String: JSONValue], at path: String, chain: [String]) throws(DefinitionError) -> [String: JSONValue] {
        guard let base = members["$extends"] else { return [:] }
        guard let target = TokenReference.alias(base) ?? TokenReference.pointer(base).map({ TokenSet.pointerPath($0).target }) else {
            throw DefinitionError(file: file, path: Self.join(path, "$extends"), rule: "must be a reference to a group: \"{group}\" or {\"$ref\": \"#/group\"}")
        }
        guard !chain.contains(target), target != path else {
            throw DefinitionError(
                file: file, path: Self.join(path, "$extends"), rule: "groups extend each other in a cycle: " + (chain + [path, target]).joined(separator: " → ")
            )
        }
        guard case .object(let inherited)? = Self.member(root, at: target), inherited["$value"] == nil else {
            throw DefinitionError(file: file, path: Self.join(path, "$extends"), rule: "{\(target)} is not a group of the file")
        }
        var result = inherited.filter { !$0.key.hasPrefix("$") || $0.key == "$root" || $0.key == "$type" }
        for (key, value) in try extendedMembers(of: inherited, at: target, chain: chain + [path]) where result[key] == nil { result[key] = value }
        return result
    }

    private mutating func readToken(_ members: [String: JSONValue], path: String, inheritedType: TokenType?) throws(DefinitionError) {
        for key in members.keys where !Self.tokenProperties.contains(key) {
            throw DefinitionError(
                file: file, path: Self.join(path, key),
                rule: key.hasPrefix("$")
                    ? "is not a token property (a token takes $value, $type, $description, $deprecated and $extensions)"
                    : "a token cannot hold tokens or groups (it has a $value)")
        }
        try checkMeta(members, at: path)
        let type =
            try members["$type"].map { (raw: JSONValue) throws(DefinitionError) in try Self.type(raw, file: file, path: Self.join(path, "$type")) }
            ?? inheritedType
        if let index = tokens.firstIndex(where: { $0.path == path }) { tokens.remove(at: index) }  // an extended group's own wins
        tokens.append(
            RawToken(
                path: path, type: type, value: members["$value"]!, description: members["$description"]?.stringValue,
                deprecated: members["$deprecated"], extensions: members["$extensions"]))
    }

    private func checkMeta(_ members: [String: JSONValue], at path: String) throws(DefinitionError) {
        if let description = members["$description"], description.stringValue == nil {
            throw DefinitionError(file: file, path: Self.join(path, "$description"), rule: "must be a string")
        }
        if let deprecated = members["$deprecated"], deprecated.stringValue == nil, deprecated != .bool(true), deprecated != .bool(false) {
            throw DefinitionError(file: file, path: Self.join(path, "$deprecated"), rule: "must be true, false or a string saying why")
        }
        if let extensions = members["$extensions"], extensions.objectValue == nil {
            throw DefinitionError(file: file, path: Self.join(path, "$extensions"), rule: "must be an object")
        }
    }

    static func type(_ raw: JSONValue, file: String, path: String) throws(DefinitionError) -> TokenType {
        guard let name = raw.stringValue, let type = TokenType(rawValue: name) else {
            throw DefinitionError(
                file: file, path: path, rule: "must be one of the format's types: " + TokenType.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return type
    }

    /// The member of `document` at dotted `path`.
    static func member(_ document: JSONValue, at path: String) -> JSONValue? {
        var current: JSONValue? = document
        for key in path.split(separator: ".", omittingEmptySubsequences: false) { current = current?[String(key)] }
        return current
    }

    static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
}
