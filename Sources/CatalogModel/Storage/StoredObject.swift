/// An object of the scene: a user-chosen id, a type and the objects that own it.
///
/// ```swift
/// let cell = try catalog.objects.get("cell-1")
/// cell?.owners   // ["list-1"]
/// ```
public struct StoredObject: Sendable, Hashable {
    package init(id: String, type: String, owners: [String]) {
        self.id = id
        self.type = type
        self.owners = owners
    }

    /// The id its user chose.
    public var id: String
    /// Its type.
    public var type: String
    /// Explicit owners (`--owner`) and holders of retaining references to it, by id, sorted.
    public var owners: [String]

    /// `{"id", "type", "owners"}`.
    public var jsonValue: JSONValue {
        ["id": .string(id), "type": .string(type), "owners": .array(owners.map(JSONValue.string))]
    }

    /// `jsonValue.canonicalText`, written directly (`object list --format jsonl` prints one a line).
    public var jsonLine: String {
        var line = "{\"id\":"
        JSONValue.writeString(id, into: &line)
        line += ",\"owners\":["
        for (index, owner) in owners.enumerated() {
            if index > 0 { line += "," }
            JSONValue.writeString(owner, into: &line)
        }
        line += "],\"type\":"
        JSONValue.writeString(type, into: &line)
        return line + "}"
    }
}
