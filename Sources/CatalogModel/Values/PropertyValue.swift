import Foundation

/// A typed value: what an associated property holds and what a parameter defaults to.
///
/// The JSON form (``jsonValue``) is the output encoding of docs/CommandLine.md: numbers plain, colours
/// `[r, g, b, a]`, points `[x, y]`, sizes `[w, h]`, rects `[x, y, w, h]`, transforms 16 numbers,
/// object references `"@id"`.
///
/// ```swift
/// let frame = try PropertyValue(json: [0, 5, 35, 30], as: .rect)
/// frame.jsonValue.canonicalText   // [0,5,35,30]
/// ```
public enum PropertyValue: Sendable, Hashable {
    /// A number (opacity, a duration, a corner radius).
    case number(Double)
    /// Text.
    case string(String)
    /// `true` or `false`.
    case bool(Bool)
    /// An absolute URL, kept as written.
    case url(String)
    /// A colour (`backgroundColor`).
    case color(RGBAColor)
    /// A point (`position`, `anchorPoint`).
    case point(Point)
    /// A size.
    case size(Size)
    /// A rect (`frame`, `bounds`).
    case rect(Rect)
    /// A 3D transform (`transform`).
    case transform(Transform3D)
    /// A reference to the object with this id.
    case object(String)
    /// Any other JSON value, kept as it is.
    case json(JSONValue)

    /// The type of value this is, as declared properties and parameters name it.
    public var type: ValueType {
        switch self {
        case .number: .number
        case .string: .string
        case .bool: .bool
        case .url: .url
        case .color: .color
        case .point: .point
        case .size: .size
        case .rect: .rect
        case .transform: .transform
        case .object: .object
        case .json: .json
        }
    }

    /// The value in the output encoding of docs/CommandLine.md.
    public var jsonValue: JSONValue {
        switch self {
        case .number(let n): .number(n)
        case .string(let s): .string(s)
        case .bool(let b): .bool(b)
        case .url(let u): .string(u)
        case .color(let c): .array([c.red, c.green, c.blue, c.alpha].map(JSONValue.number))
        case .point(let p): .array([.number(p.x), .number(p.y)])
        case .size(let s): .array([.number(s.width), .number(s.height)])
        case .rect(let r): .array([r.x, r.y, r.width, r.height].map(JSONValue.number))
        case .transform(let t): .array(t.m.map(JSONValue.number))
        case .object(let id): .string("@" + id)
        case .json(let j): j
        }
    }

    /// Reads command-line text the way `prop set` does (docs/CommandLine.md): `@id` is an object
    /// reference, text that parses as JSON is that JSON (numbers, booleans, quoted strings; lists
    /// and mappings become `json`), anything else is a string. JSON `null` gives nil: setting
    /// null removes the association.
    package static func fromCommandLine(_ text: String) -> PropertyValue? {
        if text.hasPrefix("@"), text.count > 1 { return .object(String(text.dropFirst())) }
        guard let json = try? JSONValue(jsonData: Data(text.utf8)) else { return .string(text) }
        return PropertyValue(untyped: json)
    }

    /// A JSON value with no declared type: numbers, booleans and strings as themselves, lists and
    /// mappings as `json`; nil for `null`.
    public init?(untyped json: JSONValue) {
        switch json {
        case .number(let n): self = .number(n)
        case .bool(let b): self = .bool(b)
        case .string(let s): self = .string(s)
        case .null: return nil
        case .array, .object: self = .json(json)
        }
    }

    /// Converts command-line text to a declared type, or explains why it cannot.
    ///
    /// Besides the JSON encodings, geometry accepts comma-separated numbers (`0,5,35,30`) and
    /// colours accept `#rgb[a]` / `#rrggbb[aa]` hex.
    package init(converting text: String, to type: ValueType) throws(ValueConversionError) {
        switch type {
        case .string: self = .string(text)
        case .url: self = try PropertyValue(json: .string(text), as: .url)
        case .object:
            self = try PropertyValue(json: .string(text.hasPrefix("@") ? text : "@" + text), as: .object)
        case .json:
            // Text said to be JSON must be JSON: `{` is a mistake, not a string.
            do {
                self = .json(try JSONReader.read(text))
            } catch {
                throw ValueConversionError(type: .json, reason: error.description)
            }
        default:
            if let json = try? JSONValue(jsonData: Data(text.utf8)) {
                self = try PropertyValue(json: json, as: type)
            } else if [.point, .size, .rect, .transform].contains(type) {
                let numbers = text.split(separator: ",", omittingEmptySubsequences: false)
                    .map { Double($0.trimmingCharacters(in: .whitespaces)) }
                guard numbers.allSatisfy({ $0 != nil }) else { throw ValueConversionError(type: type) }
                self = try PropertyValue(json: .array(numbers.map { .number($0!) }), as: type)
            } else {
                self = try PropertyValue(json: .string(text), as: type)
            }
        }
    }

    /// Whether `text` is an absolute URL: a scheme (RFC 3986 §3.1: a letter, then letters,
    /// digits, `+`, `-` or `.`) and a colon. What follows is the scheme's business.
    ///
    /// ```swift
    /// PropertyValue.hasScheme("mailto:a@b.c")   // true
    /// PropertyValue.hasScheme("//host/path")    // false
    /// ```
    package static func hasScheme(_ text: String) -> Bool {
        let bytes = Array(text.utf8.prefix { $0 != UInt8(ascii: ":") })
        guard bytes.count < text.utf8.count, let first = bytes.first, first.isASCIILetter else { return false }
        return bytes.allSatisfy { $0.isASCIILetter || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || "+-.".utf8.contains($0) }
    }

    /// Converts a JSON value to the given type (the inverse of ``jsonValue``).
    public init(json: JSONValue, as type: ValueType) throws(ValueConversionError) {
        func numbers(_ count: Int) throws(ValueConversionError) -> [Double] {
            guard case .array(let items) = json, items.count == count else { throw ValueConversionError(type: type) }
            var result: [Double] = []
            for item in items {
                guard case .number(let n) = item, n.isFinite else { throw ValueConversionError(type: type) }
                result.append(n)
            }
            return result
        }
        switch type {
        case .number:
            guard case .number(let n) = json else { throw ValueConversionError(type: type) }
            self = .number(n)
        case .string:
            guard case .string(let s) = json else { throw ValueConversionError(type: type) }
            self = .string(s)
        case .bool:
            guard case .bool(let b) = json else { throw ValueConversionError(type: type) }
            self = .bool(b)
        case .url:
            guard case .string(let s) = json, Self.hasScheme(s) else {
                throw ValueConversionError(type: type)
            }
            self = .url(s)
        case .color:
            if case .string(let s) = json, let color = RGBAColor(hex: s) {
                self = .color(color)
            } else if case .string(let s) = json, let color = try? RGBAColor(css: s) {
                // Any CSS colour a definition takes: names, rgb(), hsl().
                self = .color(color)
            } else if case .array(let items) = json, items.count == 3 {
                let c = try numbers(3)
                self = .color(RGBAColor(red: c[0], green: c[1], blue: c[2]))
            } else {
                let c = try numbers(4)
                self = .color(RGBAColor(red: c[0], green: c[1], blue: c[2], alpha: c[3]))
            }
        case .point:
            let p = try numbers(2)
            self = .point(Point(x: p[0], y: p[1]))
        case .size:
            let s = try numbers(2)
            self = .size(Size(width: s[0], height: s[1]))
        case .rect:
            let r = try numbers(4)
            self = .rect(Rect(x: r[0], y: r[1], width: r[2], height: r[3]))
        case .transform:
            self = .transform(Transform3D(try numbers(16))!)
        case .object:
            guard case .string(let s) = json, s.hasPrefix("@"), ObjectID.isValid(String(s.dropFirst())) else {
                throw ValueConversionError(type: type)
            }
            self = .object(String(s.dropFirst()))
        case .json:
            self = .json(json)
        }
    }
}

/// A value that cannot be read as the type asked for.
///
/// ```swift
/// do { _ = try PropertyValue(json: [0, 5], as: .rect) }
/// catch { print(error) }   // a rect is x,y,w,h
/// ```
public struct ValueConversionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The type the value did not convert to.
    public var type: ValueType
    /// Why the text is not of that type, when there is more to say than the expected form.
    public var reason: String?
    /// A refusal to convert to `type`, saying why when known.
    public init(type: ValueType, reason: String? = nil) {
        self.type = type
        self.reason = reason
    }
    /// What was expected, and why the value is not it.
    public var description: String {
        "must be \(ValueConversionError.expectation(type))" + (reason.map { " (\($0))" } ?? "")
    }

    static func expectation(_ type: ValueType) -> String {
        switch type {
        case .number: "a number"
        case .string: "a string"
        case .bool: "true or false"
        case .url: "an absolute URL with a scheme (https://…)"
        case .color: "a colour: a CSS colour (#rgb, #rrggbb, a name, rgb(), hsl()) or [r, g, b, a] in 0…1"
        case .point: "a point: x,y or [x, y]"
        case .size: "a size: w,h or [w, h]"
        case .rect: "a rect: x,y,w,h or [x, y, w, h]"
        case .transform: "a transform: 16 numbers m11…m44"
        case .object: "an object reference @id"
        case .json: "JSON"
        }
    }
}

/// Rules for object ids: user-chosen, stable strings such as `cell-42`.
///
/// ```swift
/// ObjectID.isValid("cell-42")    // true
/// ObjectID.isValid("two words")  // false
/// ```
package enum ObjectID {
    /// Ids are 1–200 characters of letters, digits and `-_.:/`, starting with a letter or digit.
    package static func isValid(_ id: String) -> Bool {
        // An ASCII id, the usual kind, by its bytes: a scalar's Unicode properties are a table
        // lookup each, and every change a store carries out checks its ids.
        let bytes = id.utf8
        if let first = bytes.first, bytes.count <= 200, bytes.allSatisfy({ $0 < 0x80 }) {
            func isLetterOrDigit(_ byte: UInt8) -> Bool {
                (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            }
            return isLetterOrDigit(first)
                && bytes.allSatisfy { byte in
                    isLetterOrDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
                        || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "/")
                }
        }
        guard let first = id.unicodeScalars.first, id.utf8.count <= 200 else { return false }
        guard first.properties.isAlphabetic || ("0"..."9").contains(first) else { return false }
        return id.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.:/".unicodeScalars.contains($0)
        }
    }

    /// The rule, as messages state it.
    package static let rule = "must be 1–200 letters, digits or -_.:/ starting with a letter or digit"
}

extension UInt8 {
    fileprivate var isASCIILetter: Bool { (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z") }
}
