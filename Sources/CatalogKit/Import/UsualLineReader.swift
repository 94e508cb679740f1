import CatalogModel

/// Reads a JSON Lines import line of the usual shape straight from its bytes — one flat object of
/// the import's fields, plain strings without escapes, a `value` that is a number, a plain
/// string, `true`, `false` or `null` — without building a `JSONValue` dictionary for it. Reading
/// each line through the general reader (a dictionary per line, its keys hashed) was most of
/// the time of reading an import file.
///
/// Anything else — an escape, a nested value, a repeated or unknown key, a `null` field, bad
/// JSON — gives nil, and the line goes through the general reader, which accepts or refuses it
/// with its usual message. For a line both read, both give the same fields (a test holds them to
/// it on generated lines).
///
/// ```swift
/// let line = Array(#"{"object": "cell-1", "key": "alpha", "value": 0.5}"#.utf8)
/// let fields = line.withUnsafeBufferPointer { UsualLineReader.read($0) }
/// fields?.key     // "alpha"
/// fields?.value   // .number(0.5)
/// ```
struct UsualLineReader {
    /// The fields a usual line gives; nil where the line does not have one.
    struct Fields {
        var object, type, owner, key, policy: String?
        var value: JSONValue?
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The line's fields, or nil when the line is not of the usual shape.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Fields? {
        var reader = UsualLineReader(bytes)
        return reader.line()
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        index += 1
        return true
    }

    private mutating func line() -> Fields? {
        var fields = Fields()
        var seen: UInt8 = 0   // one bit per field, to send a repeated key to the general reader
        skipWhitespace()
        guard take(UInt8(ascii: "{")) else { return nil }
        skipWhitespace()
        guard current != UInt8(ascii: "}") else { return nil }
        repeat {
            skipWhitespace()
            guard let name = plainString() else { return nil }
            skipWhitespace()
            guard take(UInt8(ascii: ":")) else { return nil }
            skipWhitespace()
            let bit: UInt8
            switch name {
            case "object": bit = 1; fields.object = plainString()
            case "type": bit = 2; fields.type = plainString()
            case "owner": bit = 4; fields.owner = plainString()
            case "key": bit = 8; fields.key = plainString()
            case "policy": bit = 16; fields.policy = plainString()
            case "value": bit = 32; fields.value = scalar()
            default: return nil
            }
            // A field that did not read as a plain string (or a scalar) is not usual.
            guard seen & bit == 0, bit == 32 ? fields.value != nil : Self.field(bit, of: fields) != nil else { return nil }
            seen |= bit
            skipWhitespace()
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "}")) else { return nil }
        skipWhitespace()
        return index == bytes.count ? fields : nil
    }

    private static func field(_ bit: UInt8, of fields: Fields) -> String? {
        switch bit {
        case 1: fields.object
        case 2: fields.type
        case 4: fields.owner
        case 8: fields.key
        default: fields.policy
        }
    }

    /// A string without escapes or control characters, valid UTF-8; the cursor on its quote.
    private mutating func plainString() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while let byte = current, byte != UInt8(ascii: "\"") {
            guard byte >= 0x20, byte != UInt8(ascii: "\\") else { return nil }
            index += 1
        }
        guard current != nil else { return nil }
        index += 1
        return String(validating: bytes[start..<index - 1], as: UTF8.self)
    }

    /// A number, a plain string, `true`, `false` or `null`.
    private mutating func scalar() -> JSONValue? {
        switch current {
        case UInt8(ascii: "\""): return plainString().map(JSONValue.string)
        case UInt8(ascii: "t"): return word("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return word("false") ? .bool(false) : nil
        case UInt8(ascii: "n"): return word("null") ? .null : nil
        default: return number().map(JSONValue.number)
        }
    }

    private mutating func word(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
              UnsafeBufferPointer(start: word.utf8Start, count: count).elementsEqual(bytes[index..<index + count]) else { return false }
        index += count
        return true
    }

    /// JSON's number grammar, `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, read as the
    /// general reader reads it (the same text to `Double`), finite.
    private mutating func number() -> Double? {
        let start = index
        func digits(_ reader: inout UsualLineReader) -> Int {
            let first = reader.index
            while let byte = reader.current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { reader.index += 1 }
            return reader.index - first
        }
        _ = take(UInt8(ascii: "-"))
        if take(UInt8(ascii: "0")) {
            if let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { return nil }
        } else if digits(&self) == 0 {
            return nil
        }
        if take(UInt8(ascii: ".")), digits(&self) == 0 { return nil }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            _ = take(UInt8(ascii: "+")) || take(UInt8(ascii: "-"))
            guard digits(&self) > 0 else { return nil }
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else { return nil }
        return value
    }
}
