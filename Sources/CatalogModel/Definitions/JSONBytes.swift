/// JSON text built as UTF-8 bytes, for documents written in bulk (`sample --format json`): the
/// same numbers and strings ``JSONValue/canonicalText`` writes, without building a `JSONValue`
/// or a `String` per piece. Swift's string appends (capacity checks, copies, ASCII flags), and
/// then `Array.append(contentsOf:)`'s `memmove` per two-byte piece, were most of the time of a
/// streamed document; pieces are copied here by a plain loop into memory it owns.
///
/// ```swift
/// var json = JSONBytes()
/// json.append("[")
/// json.number(0.25)
/// json.append(",")
/// json.number(3)
/// json.append("]")
/// json.text   // "[0.25,3]"
/// ```
package struct JSONBytes: ~Copyable {
    @usableFromInline var storage: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    @usableFromInline var written = 0
    /// Bytes written since the last ``flush(to:)``.
    package var count: Int { written }

    package init(capacity: Int = 1 << 17) {
        self.capacity = max(capacity, 64)
        storage = .allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    /// The bytes since the last flush.
    package var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage, count: count)) }
    /// The same, as text.
    package var text: String { String(decoding: UnsafeBufferPointer(start: storage, count: count), as: UTF8.self) }

    @inlinable
    mutating func reserve(_ more: Int) {
        if written + more > capacity { grow(to: written + more) }
    }

    @usableFromInline
    mutating func grow(to needed: Int) {
        let grown = max(capacity * 2, needed)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.update(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity = grown
    }

    /// Appends raw bytes: eight at a time, then one by one, for the short pieces this writes
    /// most (a comma, a bracket, a member's indented name, a number's dozen digits), where a
    /// `memmove` call costs more than the copy.
    @inlinable
    package mutating func append(_ pointer: UnsafeRawBufferPointer) {
        reserve(pointer.count)
        if pointer.count <= 32 {
            let target = UnsafeMutableRawPointer(storage + written)
            var index = 0
            while index + 8 <= pointer.count {
                target.storeBytes(of: pointer.loadUnaligned(fromByteOffset: index, as: UInt64.self), toByteOffset: index, as: UInt64.self)
                index += 8
            }
            while index < pointer.count {
                target.storeBytes(of: pointer[index], toByteOffset: index, as: UInt8.self)
                index += 1
            }
        } else {
            (storage + written).update(from: pointer.baseAddress!.assumingMemoryBound(to: UInt8.self), count: pointer.count)
        }
        written += pointer.count
    }

    /// Appends literal text (punctuation, keys known to need no escape).
    @inlinable
    package mutating func append(_ literal: StaticString) {
        // `withUTF8Buffer`, not `utf8Start`: a one-character literal may be stored as a scalar.
        literal.withUTF8Buffer { append(UnsafeRawBufferPointer($0)) }
    }

    /// Appends the bytes of `bytes`.
    package mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Appends `value` as ``JSONValue/numberText(_:)`` writes it: integers without a fraction,
    /// others in the shortest form that reads back as the same Double.
    @inlinable
    package mutating func number(_ value: Double) {
        // Integers below 10^15 in magnitude print exactly as Int64s (the common 0s and 1s of a
        // transform); their digits are written here rather than through a String.
        if value.magnitude < 1e15, let whole = Int64(exactly: value) {
            integer(whole)
        } else {
            fraction(value)
        }
    }

    @usableFromInline
    mutating func integer(_ value: Int64) {
        reserve(17)
        if value == 0 {
            storage[written] = UInt8(ascii: "0")
            written += 1
            return
        }
        if value < 0 {
            storage[written] = UInt8(ascii: "-")
            written += 1
        }
        var magnitude = value.magnitude
        var digits = 0
        var probe = magnitude
        while probe > 0 { digits += 1; probe /= 10 }
        var index = written + digits
        while magnitude > 0 {
            index -= 1
            storage[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        }
        written += digits
    }

    @usableFromInline
    mutating func fraction(_ value: Double) {
        guard value.isFinite else {
            var text = JSONValue.numberText(value)
            return text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
        }
        // The digits `"\(value)"` prints, written here rather than into a String first: making
        // that String (and freeing it) cost more than finding the digits.
        reserve(ShortestDigits.capacity)
        var digits = ShortestDigits(start: storage + written)
        value.write(to: &digits)
        written += digits.count
    }

    /// Appends `value` as a JSON string literal, escaped as ``JSONValue/writeString(_:into:)``.
    package mutating func string(_ value: String) {
        var value = value
        // Most strings need no escape (ids, keys, type names): their bytes are copied whole.
        let copiedWhole = value.withUTF8 { utf8 in
            guard !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            append("\"")
            append(UnsafeRawBufferPointer(utf8))
            append("\"")
            return true
        }
        if copiedWhole { return }
        var text = ""
        JSONValue.writeString(value, into: &text)
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// Appends a list of strings, `["a","b"]`.
    package mutating func strings(_ list: [String]) {
        append("[")
        for (index, element) in list.enumerated() {
            if index > 0 { append(",") }
            string(element)
        }
        append("]")
    }

    /// Appends a whole value in canonical text (``JSONValue/canonicalText``).
    package mutating func value(_ value: JSONValue) {
        switch value {
        case .null: append("null")
        case .bool(let flag): flag ? append("true") : append("false")
        case .number(let number): self.number(number)
        case .string(let text): string(text)
        case .array(let values):
            append("[")
            for (index, element) in values.enumerated() {
                if index > 0 { append(",") }
                self.value(element)
            }
            append("]")
        case .object(let members):
            append("{")
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { append(",") }
                string(key)
                append(":")
                self.value(members[key]!)
            }
            append("}")
        }
    }

    /// Hands the bytes so far to `write` and starts again, keeping the memory.
    package mutating func flush(to write: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        guard count > 0 else { return }
        try write(UnsafeRawBufferPointer(start: storage, count: written))
        written = 0
    }
}

/// Where `Double.write(to:)` puts a number's shortest round-trip digits: straight into a
/// ``JSONBytes`` buffer with room for ``capacity`` bytes. The standard library hands its ASCII
/// digits to `_writeASCII` (the stream requirement it uses for this); `write(_:)` takes any other
/// text the same way.
private struct ShortestDigits: TextOutputStream {
    /// More than the longest Double's digits ("-2.2250738585072014e-308" is 24 bytes).
    static let capacity = 32
    let start: UnsafeMutablePointer<UInt8>
    var count = 0

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        precondition(count + buffer.count <= Self.capacity, "a number longer than any Double prints")
        for index in 0..<buffer.count { start[count + index] = buffer[index] }
        count += buffer.count
    }

    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { _writeASCII($0) }
    }
}
