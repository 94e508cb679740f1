import CatalogModel
import CatalogStoreCore
import Foundation
import GRDB

/// How a ``PropertyValue`` sits in the `association` table's `type` and `value` columns.
///
/// Scalars use SQLite's native types (REAL, TEXT, INTEGER 0/1); geometry and colours are
/// canonical JSON number lists, read back by a small number-list scanner instead of a JSON
/// decoder because uncached reads are a measured hot path.
enum ValueColumns {
    static func encode(_ value: PropertyValue) -> DatabaseValue {
        switch value {
        case .number(let n): n.databaseValue
        case .string(let s), .url(let s), .object(let s): s.databaseValue
        case .bool(let b): (b ? 1 : 0).databaseValue
        case .json(let j): j.canonicalText.databaseValue
        case .color, .point, .size, .rect, .transform: value.jsonValue.canonicalText.databaseValue
        }
    }

    /// ``encode(_:)`` as a ``SQLValue``, for the shared write logic.
    static func sqlValue(_ value: PropertyValue) -> SQLValue {
        switch value {
        case .number(let n): .real(n)
        case .string(let s), .url(let s), .object(let s): .text(s)
        case .bool(let b): .integer(b ? 1 : 0)
        case .json(let j): .text(j.canonicalText)
        case .color, .point, .size, .rect, .transform: .text(value.jsonValue.canonicalText)
        }
    }

    static func decode(type: ValueType, value: DatabaseValue) -> PropertyValue? {
        switch (type, value.storage) {
        case (.number, .double(let n)): return .number(n)
        case (.number, .int64(let n)): return .number(Double(n))
        case (.string, .string(let s)): return .string(s)
        case (.url, .string(let s)): return .url(s)
        case (.object, .string(let s)): return .object(s)
        case (.bool, .int64(let n)): return .bool(n != 0)
        case (.json, .string(let s)): return (try? JSONValue(jsonData: Data(s.utf8))).map(PropertyValue.json)
        case (.color, .string(let s)):
            guard let c = numbers(s, count: 4) else { return nil }
            return .color(RGBAColor(red: c[0], green: c[1], blue: c[2], alpha: c[3]))
        case (.point, .string(let s)):
            guard let p = numbers(s, count: 2) else { return nil }
            return .point(Point(x: p[0], y: p[1]))
        case (.size, .string(let s)):
            guard let p = numbers(s, count: 2) else { return nil }
            return .size(Size(width: p[0], height: p[1]))
        case (.rect, .string(let s)):
            guard let r = numbers(s, count: 4) else { return nil }
            return .rect(Rect(x: r[0], y: r[1], width: r[2], height: r[3]))
        case (.transform, .string(let s)):
            return numbers(s, count: 16).flatMap(Transform3D.init).map(PropertyValue.transform)
        default:
            return nil
        }
    }

    /// Reads `[n,n,…]` as written by `JSONValue.canonicalText`.
    static func numbers(_ text: String, count: Int) -> [Double]? {
        guard text.first == "[", text.last == "]" else { return nil }
        let parts = text.dropFirst().dropLast().split(separator: ",")
        guard parts.count == count else { return nil }
        var result: [Double] = []
        result.reserveCapacity(count)
        for part in parts {
            guard let n = Double(part) else { return nil }
            result.append(n)
        }
        return result
    }
}
