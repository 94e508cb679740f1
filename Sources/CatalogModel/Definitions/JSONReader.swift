/// Reads JSON text (RFC 8259) into a ``JSONValue``, strictly, and says where it stopped.
///
/// Foundation's decoders keep the last of two equal keys without a word and report failures as
/// `DecodingError` dumps; a definition file deserves better. This reader refuses duplicate keys
/// (naming the field path, as the YAML reader does), nesting deeper than ``maximumDepth``, numbers
/// that do not fit a `Double`, and says what it expected at which line and column. It is also the
/// hot path for event payloads, so it works on UTF-8 bytes and copies strings without escapes whole.
///
/// ```swift
/// try JSONReader.read(#"{"a": [1, 2]}"#)          // ["a": [1, 2]]
/// try JSONReader.read(#"{"a": 1, "a": 2}"#)       // JSONSyntaxError: a: duplicate key
/// ```
package enum JSONReader {
    /// Documents nest at most this deep (a definition needs about ten levels). Deeper input is
    /// refused before it can exhaust the stack.
    package static let maximumDepth = 128

    /// Parses a whole document; anything after the value other than whitespace is an error.
    package static func read(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var text = text
        do {
            return try text.withUTF8 { bytes in try read(bytes) }
        } catch let error as JSONSyntaxError {
            throw error
        } catch {
            preconditionFailure("JSONReader throws only JSONSyntaxError")
        }
    }

    /// Parses UTF-8 bytes.
    package static func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var cursor = Cursor(bytes: bytes)
        cursor.skipWhitespace()
        let value = try cursor.value(path: FieldPath(), depth: 0)
        cursor.skipWhitespace()
        guard cursor.isAtEnd else { throw cursor.error("unexpected text after the end of the document") }
        return value
    }

    /// A position in UTF-8 bytes and the grammar read from there, piece by piece, each piece as a
    /// whole document's is read. The import reads its usual lines with it (`UsualLineReader`)
    /// without building a value for the whole line.
    package struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        package var index = 0

        package init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        /// The byte at the cursor, nil at the end.
        package var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        /// Whether the cursor has read every byte.
        package var isAtEnd: Bool { index == bytes.count }

        package mutating func skipWhitespace() {
            while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
        }

        func error(_ message: String, path: FieldPath = FieldPath(), isMalformed: Bool = true) -> JSONSyntaxError {
            var line = 1
            var column = 1
            for byte in bytes[0..<min(index, bytes.count)] {
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {  // count characters, not continuation bytes
                    column += 1
                }
            }
            return JSONSyntaxError(line: line, column: column, path: path.description, message: message, isMalformed: isMalformed)
        }

        func found() -> String {
            guard let byte = current else { return "the end of the document" }
            if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
            return byte < 0x80 ? "a control character" : "a non-ASCII character"
        }

        package mutating func expect(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
            guard current == byte else { throw error("expected \(what), found \(found())") }
            index += 1
        }

        mutating func value(path: FieldPath, depth: Int) throws(JSONSyntaxError) -> JSONValue {
            guard let byte = current else { throw error("expected a value, found the end of the document", path: path) }
            switch byte {
            case UInt8(ascii: "{"): return try object(path: path, depth: depth + 1)
            case UInt8(ascii: "["): return try array(path: path, depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number(path: path))
            default: throw error("expected a value, found \(found())", path: path)
            }
        }

        package mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count,
                UnsafeBufferPointer(start: word.utf8Start, count: count).elementsEqual(bytes[index..<index + count])
            else { throw error("expected a value, found \(found())") }
            index += count
        }

        func checkDepth(_ depth: Int) throws(JSONSyntaxError) {
            guard depth <= JSONReader.maximumDepth else {
                throw error("nesting deeper than \(JSONReader.maximumDepth) levels", isMalformed: false)
            }
        }

        mutating func object(path: FieldPath, depth: Int) throws(JSONSyntaxError) -> JSONValue {
            try checkDepth(depth)
            index += 1
            var members: [String: JSONValue] = [:]
            skipWhitespace()
            if current == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard current == UInt8(ascii: "\"") else { throw error("expected a key in double quotes, found \(found())", path: path) }
                let keyStart = index
                let key = try string()
                let child = path.appending(key)
                if members[key] != nil {
                    index = keyStart
                    throw error("duplicate key", path: child, isMalformed: false)
                }
                skipWhitespace()
                try expect(UInt8(ascii: ":"), "':' after the key")
                skipWhitespace()
                members[key] = try value(path: child, depth: depth)
                skipWhitespace()
                if current == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                try expect(UInt8(ascii: "}"), "',' or '}'")
                return .object(members)
            }
        }

        mutating func array(path: FieldPath, depth: Int) throws(JSONSyntaxError) -> JSONValue {
            try checkDepth(depth)
            index += 1
            var items: [JSONValue] = []
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            }
            while true {
                skipWhitespace()
                items.append(try value(path: path.appending(index: items.count), depth: depth))
                skipWhitespace()
                if current == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                try expect(UInt8(ascii: "]"), "',' or ']'")
                return .array(items)
            }
        }

        /// A string; the cursor is on its opening quote.
        package mutating func string() throws(JSONSyntaxError) -> String {
            index += 1
            let start = index
            // Fast path: no escape before the closing quote, so the bytes are the string.
            while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
                guard byte >= 0x20 else { throw error("a control character must be escaped inside a string") }
                index += 1
            }
            guard let stop = current else { throw error("unterminated string") }
            if stop == UInt8(ascii: "\"") {
                index += 1
                return try validated(bytes[start..<index - 1])
            }
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: try validated(bytes[start..<index]).unicodeScalars)
            while let byte = current {
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    index += 1
                    scalars.append(try escape())
                case ..<0x20:
                    throw error("a control character must be escaped inside a string")
                default:
                    let runStart = index
                    while let next = current, next >= 0x20, next != UInt8(ascii: "\""), next != UInt8(ascii: "\\") { index += 1 }
                    scalars.append(contentsOf: try validated(bytes[runStart..<index]).unicodeScalars)
                }
            }
            throw error("unterminated string")
        }

        func validated(_ slice: Slice<UnsafeBufferPointer<UInt8>>) throws(JSONSyntaxError) -> String {
            guard let text = String(validating: slice, as: UTF8.self) else { throw error("a string is not valid UTF-8") }
            return text
        }

        mutating func escape() throws(JSONSyntaxError) -> Unicode.Scalar {
            guard let byte = current else { throw error("unterminated string") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return "\""
            case UInt8(ascii: "\\"): return "\\"
            case UInt8(ascii: "/"): return "/"
            case UInt8(ascii: "b"): return "\u{08}"
            case UInt8(ascii: "f"): return "\u{0C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"):
                let high = try hex4()
                if (0xD800..<0xDC00).contains(high) {
                    guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                        throw error("a \\u escape of a high surrogate must be followed by its low surrogate")
                    }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("\\u\(String(low, radix: 16)) is not a low surrogate") }
                    return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
                }
                guard let scalar = Unicode.Scalar(high) else { throw error("\\u\(String(high, radix: 16)) is a lone surrogate") }
                return scalar
            default:
                index -= 1
                throw error("unknown escape \\\(found()); JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
            }
        }

        mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
            var result: UInt32 = 0
            for _ in 0..<4 {
                guard let byte = current else { throw error("a \\u escape needs four hexadecimal digits") }
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw error("a \\u escape needs four hexadecimal digits")
                }
                result = result << 4 | UInt32(digit)
                index += 1
            }
            return result
        }

        /// A number in JSON's grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
        package mutating func number(path: FieldPath) throws(JSONSyntaxError) -> Double {
            let start = index
            func digits(_ cursor: inout Cursor) -> Int {
                let first = cursor.index
                while let byte = cursor.current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { cursor.index += 1 }
                return cursor.index - first
            }
            if current == UInt8(ascii: "-") { index += 1 }
            if current == UInt8(ascii: "0") {
                index += 1
                if let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                    throw error("a number cannot have a leading zero", path: path)
                }
            } else if digits(&self) == 0 {
                throw error("expected a digit, found \(found())", path: path)
            }
            if current == UInt8(ascii: ".") {
                index += 1
                guard digits(&self) > 0 else { throw error("expected a digit after '.', found \(found())", path: path) }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                index += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                guard digits(&self) > 0 else { throw error("expected a digit in the exponent, found \(found())", path: path) }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard let value = Double(text), value.isFinite else {
                index = start
                throw error("\(text.prefix(40)) is too large for a number (at most about 1.8e308)", path: path)
            }
            return value
        }
    }
}

/// Why a JSON document could not be read: where (line, column, field path) and what was expected.
///
/// ```swift
/// do { _ = try JSONValue(jsonData: Data("{\"animation\": {\"duration\": x}}".utf8)) }
/// catch { print(error) }   // the line, column and field path, and what was expected there
/// ```
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line the error is on, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int
    /// The field the reader was in (`animation.values[2]`); empty at the top level.
    package var path: String
    /// What is wrong.
    public var message: String
    /// False for well-formed JSON that breaks a rule of ours (a duplicate key, too deep nesting).
    package var isMalformed: Bool

    /// An error at `line`:`column`, under `path`.
    package init(line: Int, column: Int, path: String, message: String, isMalformed: Bool = true) {
        self.line = line
        self.column = column
        self.path = path
        self.message = message
        self.isMalformed = isMalformed
    }

    /// `line L, column C: message`, with the path when there is one.
    public var description: String {
        path.isEmpty ? "line \(line), column \(column): \(message)" : "line \(line), column \(column) (\(path)): \(message)"
    }
}
