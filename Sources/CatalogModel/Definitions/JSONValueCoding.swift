/// Encodes a `Codable` value into a ``JSONValue`` — the one encoder the catalog's stored payloads
/// go through, so that their text is always ``JSONValue/canonicalText`` (keys sorted, numbers as
/// the catalog writes them), whichever type wrote them. A `nil` optional is left out, as
/// `encodeIfPresent` does; a nested `JSONValue` is kept as it is.
///
/// ```swift
/// struct Move: Codable { var id: String; var by: Double? }
/// try JSONValueEncoder().encode(Move(id: "cell-1", by: nil)).canonicalText   // {"id":"cell-1"}
/// ```
package struct JSONValueEncoder {
    /// An encoder.
    package init() {}

    /// `value` as a JSON value.
    package func encode<Value: Encodable>(_ value: Value) throws -> JSONValue {
        if let json = value as? JSONValue { return json }
        let slot = Slot()
        try value.encode(to: SlotEncoder(slot: slot, codingPath: []))
        return slot.json
    }
}

/// Decodes a `Codable` value from a ``JSONValue``: the reading side of ``JSONValueEncoder``.
/// A number decodes as an integer only when it is one; errors are `DecodingError`s with the
/// coding path (see ``DecodingError/pathDescription``).
///
/// ```swift
/// let move = try JSONValueDecoder().decode(Move.self, from: ["id": "cell-1", "by": 4])
/// ```
package struct JSONValueDecoder {
    /// A decoder.
    package init() {}

    /// A value of `type` read from `json`.
    package func decode<Value: Decodable>(_ type: Value.Type, from json: JSONValue) throws -> Value {
        try SlotDecoder(value: json, codingPath: []).decode(type)
    }
}

extension DecodingError {
    /// `field.path: what is wrong`, for messages that name the field.
    package var pathDescription: String {
        let (context, problem): (Context, String) =
            switch self {
            case .typeMismatch(let type, let context): (context, "is not \(type)")
            case .valueNotFound(let type, let context): (context, "has no \(type)")
            case .keyNotFound(let key, let context): (context, context.codingPath.isEmpty ? "no \(key.stringValue)" : "has no \(key.stringValue)")
            case .dataCorrupted(let context): (context, context.debugDescription)
            @unknown default: (Context(codingPath: [], debugDescription: ""), "\(self)")
            }
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? problem : "\(path.hasPrefix(".") ? String(path.dropFirst()) : path) \(problem)"
    }
}

// MARK: Encoding

/// Where one encoded value goes; containers hold slots of their own until the tree is read.
private final class Slot {
    enum Content { case empty, value(JSONValue), object([String: Slot]), array([Slot]) }
    var content = Content.empty

    var json: JSONValue {
        switch content {
        case .empty: .object([:])
        case .value(let value): value
        case .object(let members): .object(members.mapValues(\.json))
        case .array(let items): .array(items.map(\.json))
        }
    }

    func encode<Value: Encodable>(_ value: Value, codingPath: [any CodingKey]) throws {
        if Value.self == JSONValue.self {
            content = .value(value as! JSONValue)
        } else {
            try value.encode(to: SlotEncoder(slot: self, codingPath: codingPath))
        }
    }
}

private struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "\(intValue!)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct SlotEncoder: Encoder {
    let slot: Slot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = slot.content {} else { slot.content = .object([:]) }
        return KeyedEncodingContainer(KeyedSlot<Key>(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = slot.content {} else { slot.content = .array([]) }
        return UnkeyedSlot(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleSlot(slot: slot, codingPath: codingPath) }
}

private struct KeyedSlot<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: Slot
    let codingPath: [any CodingKey]

    private func child(_ key: Key) -> Slot {
        guard case .object(var members) = slot.content else { preconditionFailure("a keyed container's slot holds an object") }
        let child = Slot()
        members[key.stringValue] = child
        slot.content = .object(members)
        return child
    }

    mutating func encodeNil(forKey key: Key) throws { child(key).content = .value(.null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { child(key).content = .value(.bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { child(key).content = .value(.string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { child(key).content = .value(.number(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { child(key).content = .value(.number(Double(value))) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try child(key).encode(value, codingPath: codingPath + [key]) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        SlotEncoder(slot: child(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        SlotEncoder(slot: child(key), codingPath: codingPath + [key]).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { SlotEncoder(slot: slot, codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { SlotEncoder(slot: child(key), codingPath: codingPath + [key]) }
}

private struct UnkeyedSlot: UnkeyedEncodingContainer {
    let slot: Slot
    let codingPath: [any CodingKey]
    var count: Int {
        guard case .array(let items) = slot.content else { return 0 }
        return items.count
    }

    private func next() -> Slot {
        guard case .array(var items) = slot.content else { preconditionFailure("an unkeyed container's slot holds an array") }
        let child = Slot()
        items.append(child)
        slot.content = .array(items)
        return child
    }

    mutating func encodeNil() throws { next().content = .value(.null) }
    mutating func encode(_ value: Bool) throws { next().content = .value(.bool(value)) }
    mutating func encode(_ value: String) throws { next().content = .value(.string(value)) }
    mutating func encode(_ value: Double) throws { next().content = .value(.number(value)) }
    mutating func encode(_ value: Int) throws { next().content = .value(.number(Double(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws { try next().encode(value, codingPath: codingPath + [IndexKey(count)]) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        SlotEncoder(slot: next(), codingPath: codingPath + [IndexKey(count)]).container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        SlotEncoder(slot: next(), codingPath: codingPath + [IndexKey(count)]).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { SlotEncoder(slot: next(), codingPath: codingPath + [IndexKey(count)]) }
}

private struct SingleSlot: SingleValueEncodingContainer {
    let slot: Slot
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { slot.content = .value(.null) }
    mutating func encode(_ value: Bool) throws { slot.content = .value(.bool(value)) }
    mutating func encode(_ value: String) throws { slot.content = .value(.string(value)) }
    mutating func encode(_ value: Double) throws { slot.content = .value(.number(value)) }
    mutating func encode(_ value: Int) throws { slot.content = .value(.number(Double(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        // Numbers of every width end here (their own `encode(to:)` asks for this container):
        // checked only here, not for every value, since a conformance check is costly.
        if let number = value as? any BinaryFloatingPoint {
            slot.content = .value(.number(Double(number)))
        } else if let number = value as? any BinaryInteger {
            slot.content = .value(.number(Double(number)))
        } else {
            try slot.encode(value, codingPath: codingPath)
        }
    }
}

// MARK: Decoding

private struct SlotDecoder: Decoder, SingleValueDecodingContainer {
    let value: JSONValue
    // The path is built only when asked for (an error, a nested container): every member
    // decoded on the log's read path would otherwise allocate one.
    let parentPath: [any CodingKey]
    let key: (any CodingKey)?
    var codingPath: [any CodingKey] { key.map { parentPath + [$0] } ?? parentPath }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(value: JSONValue, codingPath: [any CodingKey]) {
        self.value = value
        parentPath = codingPath
        key = nil
    }

    init(value: JSONValue, parentPath: [any CodingKey], key: any CodingKey) {
        self.value = value
        self.parentPath = parentPath
        self.key = key
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch([String: JSONValue].self) }
        return KeyedDecodingContainer(KeyedValues<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw mismatch([JSONValue].self) }
        return UnkeyedValues(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func mismatch(_ type: Any.Type) -> DecodingError {
        .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "expected \(type), found \(value.canonicalText.prefix(40))"))
    }

    func decodeNil() -> Bool { value == .null }
    // Bool and String need their own: their `init(from:)` asks this container for them. Numbers
    // of every width are read by the generic `decode` below.
    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let bool) = value else { throw mismatch(type) }
        return bool
    }
    func decode(_ type: String.Type) throws -> String {
        guard case .string(let string) = value else { throw mismatch(type) }
        return string
    }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        // The common types by identity first: a conformance check costs far more than a compare.
        if T.self == JSONValue.self { return value as! T }
        if T.self == String.self { return try decode(String.self) as! T }
        if T.self == Double.self {
            guard case .number(let number) = value else { throw mismatch(type) }
            return number as! T
        }
        if T.self == Bool.self { return try decode(Bool.self) as! T }
        // Numbers of every width end here too (their own `init(from:)` would come back).
        if let float = T.self as? any BinaryFloatingPoint.Type {
            guard case .number(let number) = value else { throw mismatch(type) }
            return float.init(number) as! T
        }
        if let integer = T.self as? any BinaryInteger.Type {
            guard case .number(let number) = value, let exact = integer.init(exactly: number) else { throw mismatch(type) }
            return exact as! T
        }
        return try T(from: self)
    }
}

private struct KeyedValues<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let codingPath: [any CodingKey]
    var allKeys: [Key] { members.keys.sorted().compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func member(_ key: Key) throws -> SlotDecoder {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no \(key.stringValue)"))
        }
        return SlotDecoder(value: value, parentPath: codingPath, key: key)
    }

    func decodeNil(forKey key: Key) throws -> Bool { members[key.stringValue] == nil || members[key.stringValue] == .null }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try member(key).decode(type) }
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try member(key).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try member(key).unkeyedContainer() }
    func superDecoder() throws -> any Decoder { SlotDecoder(value: .object(members), codingPath: codingPath) }
    func superDecoder(forKey key: Key) throws -> any Decoder { try member(key) }
}

private struct UnkeyedValues: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private mutating func next() throws -> SlotDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(JSONValue.self, .init(codingPath: codingPath + [IndexKey(currentIndex)], debugDescription: "past the end"))
        }
        defer { currentIndex += 1 }
        return SlotDecoder(value: items[currentIndex], parentPath: codingPath, key: IndexKey(currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decode(type) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }
}
