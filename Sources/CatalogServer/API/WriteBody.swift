import CatalogKit
import Hummingbird

/// A write's JSON body: read within the body limit, an object whose fields are all known (a
/// misspelt field is an error, not a silent default), each read with its type checked.
///
/// ```swift
/// let body = try await WriteBody(request, limit: 1 << 20, fields: ["value", "type"])
/// let type = try body.string("type")
/// ```
struct WriteBody {
    let members: [String: JSONValue]

    init(_ request: Request, limit: Int, fields: Set<String>) async throws {
        let text = String(buffer: try await request.body.collect(upTo: limit))
        guard case .object(let members) = try JSONReader.read(text) else {
            throw Self.bad("the request body must be a JSON object with " + fields.sorted().joined(separator: ", "))
        }
        if let unknown = members.keys.sorted().first(where: { !fields.contains($0) }) {
            throw Self.bad("request body: unknown field \(unknown) (known: \(fields.sorted().joined(separator: ", ")))")
        }
        self.members = members
    }

    /// A field's value, nil when absent (`null` is a value: a field that takes no null refuses it).
    subscript(name: String) -> JSONValue? { members[name] }

    /// A string field. The text fields a write reads are names, ids, types and parameter values,
    /// none of which can hold a NUL character; refused here, both backends answer alike (rather
    /// than one matching nothing and the other refusing). A property's `value` is read as JSON.
    func string(_ name: String) throws -> String? {
        guard let value = self[name] else { return nil }
        guard let text = value.stringValue else { throw Self.bad("request body: \(name) must be a string, not \(value.typeName)") }
        return try Self.name(text, field: name)
    }

    private static func name(_ text: String, field: String) throws -> String {
        if text.utf8.contains(0) { throw bad("request body: \(field) holds a NUL character (\\u0000), which no name or id can") }
        return text
    }

    func number(_ name: String) throws -> Double? {
        guard let value = self[name] else { return nil }
        guard let number = value.numberValue else { throw Self.bad("request body: \(name) must be a number, not \(value.typeName)") }
        return number
    }

    func bool(_ name: String) throws -> Bool? {
        guard let value = self[name] else { return nil }
        guard let flag = value.boolValue else { throw Self.bad("request body: \(name) must be true or false, not \(value.typeName)") }
        return flag
    }

    func strings(_ name: String) throws -> [String] {
        guard let value = self[name] else { return [] }
        guard let items = value.arrayValue?.compactMap(\.stringValue), items.count == value.arrayValue?.count else {
            throw Self.bad("request body: \(name) must be a list of strings")
        }
        return try items.map { try Self.name($0, field: name) }
    }

    /// A mapping of names to values, each as `--param`/`--role` would take it as text: strings as
    /// they are, numbers and booleans as JSON writes them.
    func texts(_ name: String) throws -> [String: String] {
        guard let value = self[name] else { return [:] }
        guard let members = value.objectValue else { throw Self.bad("request body: \(name) must be a mapping") }
        return try members.mapValues { item in
            switch item {
            case .string(let text): return try Self.name(text, field: name)
            case .number, .bool: return item.canonicalText
            default: throw Self.bad("request body: \(name) values must be strings, numbers or booleans")
            }
        }
    }

    static func bad(_ message: String) -> WebError {
        WebError(.usage, message, status: .badRequest)
    }
}
