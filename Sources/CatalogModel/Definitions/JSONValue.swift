import Foundation

/// A JSON document as a plain value: what a definition file holds before it is understood.
///
/// Both definition syntaxes (YAML and JSON) decode to `JSONValue`, so validation, hashing and
/// storage see one shape. ``canonicalText`` is the stored form: keys sorted, no whitespace,
/// integers without a fraction, so equal content always hashes equally.
///
/// ```swift
/// let value: JSONValue = ["b": 1, "a": [true, "x"]]
/// value.canonicalText   // {"a":[true,"x"],"b":1}
/// ```
public enum JSONValue: Sendable, Hashable {
    /// JSON's `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number; JSON makes no difference between integers and others, and neither does the catalog.
    case number(Double)
    /// A string.
    case string(String)
    /// A list, in order.
    case array([JSONValue])
    /// A mapping from member names to values (written with its keys sorted, see ``canonicalText``).
    case object([String: JSONValue])

    /// The member `key` of a mapping; nil for another value or a missing member.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The string, when this is one.
    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    /// The number, when this is one.
    public var numberValue: Double? { if case .number(let n) = self { n } else { nil } }
    /// The boolean, when this is one.
    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    /// The list, when this is one.
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    /// The members, when this is a mapping.
    public var objectValue: [String: JSONValue]? { if case .object(let o) = self { o } else { nil } }

    /// A short name of the value's JSON type, for error messages.
    package var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "a mapping"
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// `nil` is `null`.
    public init(nilLiteral: ()) { self = .null }
    /// `true` and `false` are booleans.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// `0.5` is a number.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// `1` is a number.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// `"text"` is a string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// `[1, "a"]` is a list.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// `["name": "fade"]` is a mapping; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension JSONValue: Codable {
    /// Whatever JSON value the decoder holds there.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Writes the value as the JSON it is.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSONValue {
    /// Parses JSON text strictly (see ``JSONReader``): duplicate keys, too deep nesting and
    /// numbers beyond `Double` are errors, each with its line and column.
    public init(jsonData data: Data) throws(JSONSyntaxError) {
        do {
            self = try data.withUnsafeBytes { raw in try JSONReader.read(raw.bindMemory(to: UInt8.self)) }
        } catch let error as JSONSyntaxError {
            throw error
        } catch {
            preconditionFailure("JSONReader throws only JSONSyntaxError")
        }
    }

    /// The canonical text: sorted keys, no insignificant whitespace, shortest round-trip numbers,
    /// integral numbers without a fraction. Non-finite numbers (YAML's `.inf`) are written as the
    /// strings `"Infinity"` / `"-Infinity"` / `"NaN"`, since JSON has no literal for them.
    public var canonicalText: String {
        // Written as bytes: Swift's string appends (capacity checks, ASCII flags, a copy per
        // piece) cost more than the text itself on the event-log path.
        var bytes = JSONBytes(capacity: 128)
        bytes.value(self)
        return bytes.text
    }

    /// The same canonical form, indented for people.
    public var prettyText: String {
        var out = ""
        writePretty(into: &out, indent: "")
        return out
    }

    /// Appends `prettyText` as it reads nested at `indent` (the caller wrote what comes before).
    package func writePretty(into out: inout String, indent: String) {
        let inner = indent + "  "
        switch self {
        case .array(let values) where !values.isEmpty:
            if values.allSatisfy({ if case .array = $0 { false } else if case .object = $0 { false } else { true } }) {
                out += canonicalText  // short scalar lists stay on one line
                return
            }
            out += "[\n"
            for (index, value) in values.enumerated() {
                out += inner
                value.writePretty(into: &out, indent: inner)
                out += index < values.count - 1 ? ",\n" : "\n"
            }
            out += indent + "]"
        case .object(let members) where !members.isEmpty:
            out += "{\n"
            let keys = members.keys.sorted()
            for (index, key) in keys.enumerated() {
                out += inner
                JSONValue.writeString(key, into: &out)
                out += ": "
                members[key]!.writePretty(into: &out, indent: inner)
                out += index < keys.count - 1 ? ",\n" : "\n"
            }
            out += indent + "}"
        default:
            out += canonicalText
        }
    }

    /// Shortest text that reads back as the same Double; integers print without ".0".
    package static func numberText(_ value: Double) -> String {
        if value.isNaN { return "\"NaN\"" }
        if value.isInfinite { return value > 0 ? "\"Infinity\"" : "\"-Infinity\"" }
        if value == value.rounded(), abs(value) < 1e15 {
            return value == 0 ? "0" : String(Int64(value))
        }
        return "\(value)"
    }

    /// Appends `value` as a JSON string literal (quoted, escaped as canonical text escapes it).
    package static func writeString(_ value: String, into out: inout String) {
        // Most strings need no escape: copy them whole (event payloads are a hot path).
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out += "\""
            out += value
            out += "\""
            return
        }
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                out +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

extension JSONValue {
    /// Compact text, as ``canonicalText`` but with each object's members in the order
    /// `precedes` gives: for readers that need some keys first (rlottie reads a Lottie shape's
    /// `ty` before the members that depend on it).
    ///
    /// ```swift
    /// JSONValue.object(["d": 1, "ty": "rc"]).compactText { ($0 == "ty" ? 0 : 1, $0) < ($1 == "ty" ? 0 : 1, $1) }   // {"ty":"rc","d":1}
    /// ```
    package func compactText(membersOrderedBy precedes: (String, String) -> Bool) -> String {
        var out = ""
        writeCompact(into: &out, precedes)
        return out
    }

    private func writeCompact(into out: inout String, _ precedes: (String, String) -> Bool) {
        switch self {
        case .array(let values):
            out += "["
            for (index, value) in values.enumerated() {
                if index > 0 { out += "," }
                value.writeCompact(into: &out, precedes)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, key) in members.keys.sorted(by: precedes).enumerated() {
                if index > 0 { out += "," }
                JSONValue.writeString(key, into: &out)
                out += ":"
                members[key]!.writeCompact(into: &out, precedes)
            }
            out += "}"
        default:
            out += canonicalText
        }
    }
}
