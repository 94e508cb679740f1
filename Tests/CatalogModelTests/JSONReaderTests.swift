import CatalogModel
import Foundation
import TestSupport
import Testing

/// The strict JSON reader: it agrees with Foundation's parser on every valid document, and says
/// where and why on the invalid ones Foundation either accepts silently (duplicate keys) or
/// reports as a `DecodingError` dump.
struct JSONReaderTests {
    /// Converts Foundation's parse of the same text into a `JSONValue`: the outside reference.
    static func foundation(_ text: String) throws -> JSONValue {
        func convert(_ any: Any) -> JSONValue {
            switch any {
            case is NSNull: return .null
            case let number as NSNumber where ["c", "B"].contains(String(cString: number.objCType)): return .bool(number.boolValue)
            case let number as NSNumber: return .number(number.doubleValue)
            case let string as String: return .string(string)
            case let array as [Any]: return .array(array.map(convert))
            case let object as [String: Any]: return .object(object.mapValues(convert))
            default: return .null
            }
        }
        return convert(try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]))
    }

    /// Random valid documents (seeded) read the same by both parsers.
    @Test func validDocumentsReadAsFoundationReadsThem() throws {
        var random = FuzzTests.Random(seed: 11)
        func document(_ depth: Int) -> String {
            switch random.below(depth > 4 ? 5 : 7) {
            case 0: return "null"
            case 1: return random.below(2) == 0 ? "true" : "false"
            case 2:
                let numbers = ["0", "-0", "1", "-12", "3.25", "1e3", "2E-4", "-0.5e+2", "123456789012", "1.7976931348623157e308", "5e-324"]
                return random.pick(numbers)
            case 3:
                let strings = [#""""#, #""plain""#, #""tab\tquote\" back\\ slash\/""#, #""\u00e9\u4e2d\ud83d\ude00""#, "\"né 中 😀\"", #""\b\f\n\r""#]
                return random.pick(strings)
            case 4:
                return " \t\n" + document(depth + 1) + "\r\n"
            case 5:
                return "[" + (0..<random.below(4)).map { _ in document(depth + 1) }.joined(separator: " , ") + "]"
            default:
                let keys = (0..<random.below(4)).map { "k\($0)" }
                return "{" + keys.map { "\"\($0)\" : \(document(depth + 1))" }.joined(separator: ",") + "}"
            }
        }
        for _ in 0..<2000 {
            let text = document(0)
            #expect(try JSONReader.read(text) == Self.foundation(text), "\(text)")
        }
    }

    @Test(arguments: [
        ("{\n  \"a\": 1\n  \"b\": 2}", 3, 3, "", "expected ',' or '}', found '\"'"),
        (#"[1, 2,]"#, 1, 7, "[2]", "expected a value, found ']'"),
        (#"{"a": 01}"#, 1, 8, "a", "a number cannot have a leading zero"),
        (#"{"a": 1e400}"#, 1, 7, "a", "1e400 is too large for a number (at most about 1.8e308)"),
        (#"{"a": NaN}"#, 1, 7, "a", "expected a value, found 'N'"),
        (#"{"a": "x\qy"}"#, 1, 10, "", #"unknown escape \'q'; JSON has \" \\ \/ \b \f \n \r \t \uXXXX"#),
        (#"["\ud800"]"#, 1, 9, "", #"a \u escape of a high surrogate must be followed by its low surrogate"#),
        ("[\"a\u{1}b\"]", 1, 4, "", "a control character must be escaped inside a string"),
        (#"{"a": 1} x"#, 1, 10, "", "unexpected text after the end of the document"),
        (#"{"a": "open"#, 1, 12, "", "unterminated string"),
        ("", 1, 1, "", "expected a value, found the end of the document")
    ])
    func invalidDocumentsSayWhereAndWhy(text: String, line: Int, column: Int, path: String, message: String) {
        #expect(throws: JSONSyntaxError(line: line, column: column, path: path, message: message)) { try JSONReader.read(text) }
    }

    @Test func duplicateKeysAreRefusedByPath() {
        #expect(throws: JSONSyntaxError(line: 1, column: 24, path: "b.c", message: "duplicate key", isMalformed: false)) {
            try JSONReader.read(#"{"a": 1, "b": {"c": 2, "c": 3}}"#)
        }
    }

    @Test func nestingIsLimited() throws {
        let limit = JSONReader.maximumDepth
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(try JSONReader.read(deepest) != .null)
        // A million levels would overflow the stack of a recursive reader: refused at the limit.
        let tooDeep = String(repeating: "[", count: 1_000_000) + String(repeating: "]", count: 1_000_000)
        #expect(throws: JSONSyntaxError(line: 1, column: limit + 1, path: "", message: "nesting deeper than \(limit) levels", isMalformed: false)) {
            try JSONReader.read(tooDeep)
        }
    }

    @Test func definitionFilesSayTheDuplicateKeyAndTheNesting() {
        expectDefinitionError(file: "d.json", path: "name", rule: "duplicate key (JSON line 1, column 28)") {
            _ = try DefinitionDecoder.decode(text: #"{"name": "a", "kind": "x", "name": "b"}"#, file: "d.json")
        }
        // YAML gets the same depth rule (and libyaml's own limit is reported as the rule too).
        for depth in [JSONReader.maximumDepth + 5, 100_000] {
            let yaml = "a: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            expectDefinitionError(file: "d.yaml", path: "", rule: "nesting deeper than \(JSONReader.maximumDepth) levels") {
                _ = try DefinitionDecoder.decode(text: yaml, file: "d.yaml")
            }
        }
    }

    /// A NUL in a definition's text is refused where it enters: SQLite's C strings would cut the
    /// summary column short while the stored JSON kept it.
    @Test func aNULInDefinitionTextIsRefusedByPath() {
        let body = #""animation": {"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1}"#
        expectDefinitionError(file: "n.json", path: "summary", rule: #"must not contain a NUL character (\u0000)"#) {
            _ = try DefinitionDecoder.decode(
                text: #"{"name": "n", "kind": "animation", "version": "1.0.0", "summary": "a\u0000b", "#
                    + body + "}", file: "n.json")
        }
        expectDefinitionError(file: "n.json", path: "tags[1]", rule: #"must not contain a NUL character (\u0000)"#) {
            _ = try DefinitionDecoder.decode(
                text: #"{"name": "n", "kind": "animation", "version": "1.0.0", "tags": ["a", "\u0000"], "#
                    + body + "}", file: "n.json")
        }
    }
}
