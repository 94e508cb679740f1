import CatalogModel

/// Reads a JSON Lines import line of the usual shape — one flat object of the import's fields,
/// strings for the text fields, a `value` that is a number, a string, `true`, `false` or `null` —
/// without building a `JSONValue` dictionary for it. Reading each line through the general
/// reader (a dictionary per line, its keys hashed) was most of the time of reading an import file.
/// The pieces (strings, numbers, literals, whitespace) are read by ``JSONReader``'s own cursor, so
/// they read exactly as the general reader reads them.
///
/// Anything else — a nested value, a repeated or unknown key, a `null` text field, bad JSON —
/// gives nil, and the line goes through the general reader, which accepts or refuses it with its
/// usual message. For a line both read, both give the same fields (a test holds them to it on
/// generated lines).
///
/// ```swift
/// let line = Array(#"{"object": "cell-1", "key": "alpha", "value": 0.5}"#.utf8)
/// let fields = line.withUnsafeBufferPointer { UsualLineReader.read($0) }
/// fields?.key     // "alpha"
/// fields?.value   // .number(0.5)
/// ```
enum UsualLineReader {
    /// The fields a usual line gives; nil where the line does not have one.
    struct Fields {
        var object, type, owner, key, policy: String?
        var value: JSONValue?
    }

    /// The line's fields, or nil when the line is not of the usual shape (or not JSON at all).
    static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Fields? {
        var cursor = JSONReader.Cursor(bytes: bytes)
        return (try? line(&cursor)) ?? nil
    }

    private static let quote = UInt8(ascii: "\"")

    private static func line(_ cursor: inout JSONReader.Cursor) throws(JSONSyntaxError) -> Fields? {
        var fields = Fields()
        var seen: UInt8 = 0  // one bit per field, to send a repeated key to the general reader
        cursor.skipWhitespace()
        try cursor.expect(UInt8(ascii: "{"), "'{'")
        repeat {
            cursor.skipWhitespace()
            guard cursor.current == quote else { return nil }
            let name = try cursor.string()
            cursor.skipWhitespace()
            try cursor.expect(UInt8(ascii: ":"), "':'")
            cursor.skipWhitespace()
            let bit: UInt8
            if name == "value" {
                bit = 32
                guard let value = try scalar(&cursor) else { return nil }
                fields.value = value
            } else {
                guard cursor.current == quote else { return nil }
                let text = try cursor.string()
                switch name {
                case "object": bit = 1; fields.object = text
                case "type": bit = 2; fields.type = text
                case "owner": bit = 4; fields.owner = text
                case "key": bit = 8; fields.key = text
                case "policy": bit = 16; fields.policy = text
                default: return nil
                }
            }
            guard seen & bit == 0 else { return nil }
            seen |= bit
            cursor.skipWhitespace()
        } while take(UInt8(ascii: ","), &cursor)
        try cursor.expect(UInt8(ascii: "}"), "'}'")
        cursor.skipWhitespace()
        return cursor.isAtEnd ? fields : nil
    }

    private static func take(_ byte: UInt8, _ cursor: inout JSONReader.Cursor) -> Bool {
        guard cursor.current == byte else { return false }
        cursor.index += 1
        return true
    }

    /// A number, a string, `true`, `false` or `null`; nil for an object or an array.
    private static func scalar(_ cursor: inout JSONReader.Cursor) throws(JSONSyntaxError) -> JSONValue? {
        guard let byte = cursor.current else { return nil }
        switch byte {
        case quote: return .string(try cursor.string())
        case UInt8(ascii: "t"): try cursor.literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try cursor.literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try cursor.literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try cursor.number(path: FieldPath()))
        default: return nil
        }
    }
}
