import CatalogModel

// The three kinds of line a store archive holds, as Codable values read and written through the
// catalog's one JSON coder (JSONValueEncoder/JSONValueDecoder): the header, one line per event,
// the closing line. Each refuses a member it does not know, so an edited archive is caught where
// it was edited.

extension StoreArchive {
    /// The first line: `{"format":"component-catalog-store","version":1}`.
    struct Header: Codable, Equatable {
        var format: String
        var version: Int

        static let current = Header(format: "component-catalog-store", version: 1)

        enum CodingKeys: String, CodingKey, CaseIterable { case format, version }
    }

    /// The closing line: `{"end":{"events":N,"sha256":HEX}}` — how many event lines came before
    /// it and the SHA-256 of their text (each with its `\n`).
    struct Closing: Codable {
        struct End: Codable {
            var events: Int
            var sha256: String

            enum CodingKeys: String, CodingKey, CaseIterable { case events, sha256 }
        }

        var end: End

        enum CodingKeys: String, CodingKey, CaseIterable { case end }
    }

    /// One event line, as `catalog log --format jsonl` writes it: exactly these five members,
    /// each of its type and range (the order between lines is the reader's to check).
    struct EventLine: Decodable {
        var seq: Int64
        var t: Double
        var operation: EventOperation
        var object: String?
        var payload: JSONValue

        enum CodingKeys: String, CodingKey, CaseIterable { case object, operation, payload, seq, t }

        init(from decoder: any Decoder) throws {
            try ArchiveLineError.refuseUnknownMembers(decoder, CodingKeys.self, of: "an event line")
            let container = try decoder.container(keyedBy: CodingKeys.self)
            for key in CodingKeys.allCases where !container.contains(key) { throw ArchiveLineError(field: key.rawValue, rule: "missing") }
            guard let seq = try? container.decode(Double.self, forKey: .seq), seq >= 1, seq <= 9_007_199_254_740_991, seq.rounded() == seq else {
                throw ArchiveLineError(field: "seq", rule: "a whole number from 1")
            }
            self.seq = Int64(seq)
            guard let t = try? container.decode(Double.self, forKey: .t), t.isFinite, t >= 0, t <= NumericLimits.maximumTime else {
                throw ArchiveLineError(field: "t", rule: "a scene time from 0 to \(JSONValue.numberText(NumericLimits.maximumTime)) seconds")
            }
            self.t = t
            guard let name = try? container.decode(String.self, forKey: .operation), let operation = EventOperation(rawValue: name) else {
                throw ArchiveLineError(field: "operation", rule: "one of \(EventOperation.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            self.operation = operation
            if try container.decodeNil(forKey: .object) {
                object = nil
            } else {
                guard let id = try? container.decode(String.self, forKey: .object) else {
                    throw ArchiveLineError(field: "object", rule: "an object id or null")
                }
                object = id
            }
            payload = try container.decode(JSONValue.self, forKey: .payload)
        }

        var event: Event { Event(seq: seq, sceneTime: t, operation: operation, objectID: object, payload: payload) }
    }
}

// The strict readings live in extensions, so that the memberwise initialisers stay synthesised:
// each decodes its members as the compiler would, after refusing members it does not know.

extension StoreArchive.Header {
    init(from decoder: any Decoder) throws {
        try ArchiveLineError.refuseUnknownMembers(decoder, CodingKeys.self, of: "the header")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(format: try container.decode(String.self, forKey: .format), version: try container.decode(Int.self, forKey: .version))
    }
}

extension StoreArchive.Closing.End {
    init(from decoder: any Decoder) throws {
        try ArchiveLineError.refuseUnknownMembers(decoder, CodingKeys.self, of: "the closing line")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(events: try container.decode(Int.self, forKey: .events), sha256: try container.decode(String.self, forKey: .sha256))
    }
}

extension StoreArchive.Closing {
    init(from decoder: any Decoder) throws {
        try ArchiveLineError.refuseUnknownMembers(decoder, CodingKeys.self, of: "the closing line")
        self.init(end: try decoder.container(keyedBy: CodingKeys.self).decode(End.self, forKey: .end))
    }
}

/// A line member that breaks its rule: `seq: a whole number from 1`.
struct ArchiveLineError: Error, CustomStringConvertible {
    var field: String
    var rule: String
    var description: String { "\(field): \(rule)" }

    /// Refuses the first member (in sorted order) that `Keys` does not name.
    static func refuseUnknownMembers<Keys: CodingKey & CaseIterable>(_ decoder: any Decoder, _ keys: Keys.Type, of line: String) throws {
        let known = Set(Keys.allCases.map(\.stringValue))
        if let unknown = try decoder.container(keyedBy: AnyMember.self).allKeys.map(\.stringValue).sorted().first(where: { !known.contains($0) }) {
            throw ArchiveLineError(field: unknown, rule: "unknown field of \(line)")
        }
    }

    private struct AnyMember: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
