import CSV
import CatalogModel
internal import CatalogStore
import Foundation

/// Objects and properties to add in one go — what `catalog import` reads — from JSON Lines or
/// CSV, one change a line:
///
/// ```text
/// {"object": "cell-1", "type": "cell", "owner": "list-1"}                      adds an object (owner optional)
/// {"object": "cell-1", "key": "frame", "value": [0, 0, 320, 44], "type": "rect"}  sets a property
/// ```
///
/// A line with a `key` sets a property: `type` is then the value's type and, with `policy`,
/// optional, as for `prop set`; `value: null` removes it. CSV takes a header of the same field
/// names; its values are text, read as `prop set` reads its VALUE. Rows are checked as they are
/// read, and an error names the file and line.
///
/// ```swift
/// let rows = try BulkImport(text: #"{"object": "cell-1", "type": "cell"}"#, file: "cells.jsonl")
/// try catalog.importRows(rows)
/// ```
public struct BulkImport: Sendable {
    /// One row's change.
    package enum Change: Sendable, Hashable {
        /// An object to create, of `type`, owned by `owner` when given.
        case object(id: String, type: String, owner: String?)
        /// `value` as written; `type` and `policy` when given.
        case property(id: String, key: String, value: PropertyValue?, type: ValueType?, policy: AssociationPolicy)
    }

    /// The file the rows came from, for messages.
    package var file: String
    /// The changes with the line (JSON Lines) or row (CSV, counting the header as 1) each came from.
    package var changes: [(line: Int, change: Change)]

    static let fields: Set<String> = ["object", "type", "owner", "key", "value", "policy"]

    /// How the rows are written.
    public enum Format: String, Sendable, CaseIterable {
        /// One JSON object per line: `{"object", "type", "owner"}` or `{"object", "key", "value", "type", "policy"}`.
        case jsonl
        /// RFC 4180 CSV with a header row naming the same columns.
        case csv

        /// CSV for a `.csv` file, JSON Lines otherwise.
        public init(file: String) { self = file.lowercased().hasSuffix(".csv") ? .csv : .jsonl }
    }

    /// - Parameter format: how `text` is written; by default from the file's extension.
    public init(text: String, file: String, format: Format? = nil) throws(ImportError) {
        try self.init(text: text, file: file, format: format, readsUsualLinesDirectly: true)
    }

    /// As ``init(text:file:format:)``; `readsUsualLinesDirectly: false` reads every JSON line
    /// through the general reader (``UsualLineReader`` is held to it by a test).
    package init(text: String, file: String, format: Format? = nil, readsUsualLinesDirectly: Bool) throws(ImportError) {
        self.file = file
        switch format ?? Format(file: file) {
        case .csv: changes = try Self.csv(text, file: file)
        case .jsonl: changes = try Self.jsonLines(text, file: file, readsUsualLinesDirectly: readsUsualLinesDirectly)
        }
    }

    static func jsonLines(_ text: String, file: String, readsUsualLinesDirectly: Bool) throws(ImportError) -> [(line: Int, change: Change)] {
        var text = text
        return try text.withUTF8 { bytes in
            Result { () throws(ImportError) in try jsonLines(bytes, file: file, readsUsualLinesDirectly: readsUsualLinesDirectly) }
        }.get()
    }

    static func jsonLines(_ bytes: UnsafeBufferPointer<UInt8>, file: String, readsUsualLinesDirectly: Bool) throws(ImportError) -> [(line: Int, change: Change)]
    {
        var changes: [(line: Int, change: Change)] = []
        // Lines found by their newline byte (one byte in UTF-8) and read where they lie: neither
        // grapheme-aware splitting nor an array of the lines (measured: `import_properties`).
        var start = 0, number = 0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            defer { start = end + 1 }
            number += 1
            let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
            if readsUsualLinesDirectly, let fields = UsualLineReader.read(line), let id = fields.object {
                changes.append(
                    (
                        number,
                        try change(
                            id: id, type: fields.type, owner: fields.owner, key: fields.key,
                            value: fields.value.map { .json($0) }, policy: fields.policy, file: file, line: number)
                    ))
                continue
            }
            let members: [String: JSONValue]
            do {
                let value = try JSONReader.read(line)
                guard let object = value.objectValue else {
                    throw ImportError(file: file, line: number, message: "a line must be one JSON object")
                }
                members = object
            } catch let error as ImportError {
                throw error
            } catch let error as JSONSyntaxError {
                let at = error.path.isEmpty ? "" : "\(error.path): "
                throw ImportError(
                    file: file, line: number,
                    message: error.isMalformed
                        ? "malformed JSON at column \(error.column): \(error.message)" : "\(at)\(error.message)")
            } catch {
                throw ImportError(file: file, line: number, message: "\(error)")
            }
            func text(_ key: String) throws(ImportError) -> String? {
                guard let value = members[key], value != .null else { return nil }
                guard let string = value.stringValue else {
                    throw ImportError(file: file, line: number, message: "\(key) must be a string, not \(value.typeName)")
                }
                return string
            }
            // Sorted only to name the first unknown field: most lines have none.
            if members.keys.contains(where: { !fields.contains($0) }), let unknown = members.keys.sorted().first(where: { !fields.contains($0) }) {
                throw ImportError(file: file, line: number, message: "unknown field '\(unknown)' (fields: object, type, owner, key, value, policy)")
            }
            guard let id = try text("object") else { throw ImportError(file: file, line: number, message: "object is required") }
            changes.append(
                (
                    number,
                    try change(
                        id: id, type: try text("type"), owner: try text("owner"), key: try text("key"),
                        value: members["value"].map { .json($0) }, policy: try text("policy"), file: file, line: number)
                ))
        }
        return changes
    }

    static func csv(_ text: String, file: String) throws(ImportError) -> [(line: Int, change: Change)] {
        let reader: CSVReader
        do { reader = try CSVReader(string: text, hasHeaderRow: true) } catch {
            throw ImportError(file: file, line: 1, message: "not CSV: \(error)")
        }
        let header = reader.headerRow ?? []
        if let unknown = header.first(where: { !fields.contains($0) }) {
            throw ImportError(file: file, line: 1, message: "unknown column '\(unknown)' (columns: object, type, owner, key, value, policy)")
        }
        guard header.contains("object") else { throw ImportError(file: file, line: 1, message: "the header needs an object column") }
        var changes: [(line: Int, change: Change)] = []
        var number = 1
        while let row = reader.next() {
            number += 1
            guard row.count == header.count else {
                throw ImportError(file: file, line: number, message: "\(row.count) fields where the header has \(header.count)")
            }
            let cells = Dictionary(zip(header, row), uniquingKeysWith: { first, _ in first })
            func cell(_ key: String) -> String? { cells[key].flatMap { $0.isEmpty ? nil : $0 } }
            guard let id = cell("object") else { throw ImportError(file: file, line: number, message: "object is required") }
            changes.append(
                (
                    number,
                    try change(
                        id: id, type: cell("type"), owner: cell("owner"), key: cell("key"),
                        value: cells["value"].map { .text($0) }, policy: cell("policy"), file: file, line: number)
                ))
        }
        if let error = reader.error { throw ImportError(file: file, line: number + 1, message: "malformed CSV: \(error)") }
        return changes
    }

    enum RawValue {
        case json(JSONValue)
        case text(String)
    }

    static func change(
        id: String, type: String?, owner: String?, key: String?, value: RawValue?, policy: String?,
        file: String, line: Int
    ) throws(ImportError) -> Change {
        guard let key else {
            guard value == nil || { if case .text(let t)? = value { t.isEmpty } else { false } }(), policy == nil else {
                throw ImportError(file: file, line: line, message: "value and policy go with a key (a line without one adds an object)")
            }
            guard let type else { throw ImportError(file: file, line: line, message: "an object needs a type (or give a key to set a property)") }
            return .object(id: id, type: type, owner: owner)
        }
        guard owner == nil else { throw ImportError(file: file, line: line, message: "owner goes with an object, not with a key") }
        let valueType: ValueType?
        if let type {
            guard let parsed = ValueType(rawValue: type) else {
                throw ImportError(
                    file: file, line: line, message: "type '\(type)' is not a value type (\(ValueType.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            valueType = parsed
        } else {
            valueType = nil
        }
        let parsedPolicy: AssociationPolicy
        if let policy {
            guard let known = AssociationPolicy(rawValue: policy) else {
                throw ImportError(file: file, line: line, message: "policy must be retain, copy or weak")
            }
            parsedPolicy = known
        } else {
            parsedPolicy = .retain
        }
        guard let value else { throw ImportError(file: file, line: line, message: "a property needs a value (null removes it)") }
        let typed: PropertyValue?
        do {
            switch (value, valueType) {
            case (.text(let text), let type?): typed = try PropertyValue(converting: text, to: type)
            case (.text(let text), nil): typed = PropertyValue.fromCommandLine(text)
            case (.json(.null), _): typed = nil
            case (.json(.string(let text)), let type?): typed = try PropertyValue(converting: text, to: type)
            case (.json(.string(let text)), nil): typed = text.hasPrefix("@") && text.count > 1 ? .object(String(text.dropFirst())) : .string(text)
            case (.json(let json), let type?): typed = try PropertyValue(json: json, as: type)
            case (.json(let json), nil): typed = PropertyValue(untyped: json)
            }
        } catch {
            throw ImportError(file: file, line: line, message: "value for \(key): \(error)")
        }
        return .property(id: id, key: key, value: typed, type: valueType, policy: parsedPolicy)
    }
}

/// A row that cannot be imported: the file, the line (or CSV row) and why. Nothing was written.
///
/// ```swift
/// do { _ = try BulkImport(text: #"{"object": "cell 1"}"#, file: "cells.jsonl") }
/// catch { print(error) }   // cells.jsonl:1: …
/// ```
public struct ImportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file.
    public var file: String
    /// The line (JSON Lines) or row (CSV, the header being 1).
    public var line: Int
    /// What is wrong with it.
    public var message: String

    /// The refusal of `file`'s `line`; a long message is cut to an excerpt.
    package init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = DefinitionError.excerpt(message)
    }

    /// `FILE:LINE: message`.
    public var description: String { "\(file):\(line): \(message)" }
}
