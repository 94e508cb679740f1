import CatalogModel
import Foundation
import TestSupport
import Testing

/// ``JSONBytes`` writes what the canonical text writes, byte for byte: numbers of every
/// magnitude and sign (the integer digits it writes itself, the rest by the shortest form),
/// strings that need escapes, whole values.
struct JSONBytesTests {
    @Test func numbersAreTheCanonicalText() {
        var random = SeededRandom(seed: 26)
        var values: [Double] = [
            0, -0.0, 1, -1, 0.5, 1e15 - 1, -(1e15 - 1), 1e15, 1e16, 9_007_199_254_740_993, 1e-7, 123_456.789,
            .greatestFiniteMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, .nan, .infinity, -.infinity
        ]
        for _ in 0..<20_000 {
            let bits = random.next()
            switch random.below(4) {
            case 0: values.append(Double(bitPattern: bits))  // anything a Double can be
            case 1: values.append(Double(Int64(bitPattern: bits) >> Int64(random.below(64))))  // whole numbers of every size
            case 2: values.append(Double(bits % 2_000_001) / 1_000 - 1_000)  // three decimals
            default: values.append(Double(bits >> 11) / Double(1 << 53) * 2 - 1)  // unit range
            }
        }
        for value in values {
            var json = JSONBytes()
            json.number(value)
            let written = String(decoding: json.bytes, as: UTF8.self)
            #expect(written == JSONValue.numberText(value), "\(value.bitPattern)")
            if value.isFinite { #expect(Double(written) == value || (value == 0 && Double(written) == 0)) }
        }
    }

    @Test func stringsAndValuesAreTheCanonicalText() {
        let value: JSONValue = ["name": "a \"quoted\"\nline\u{1}\\", "list": [1, 2.5, -3, .null, true], "nested": ["é": [:]]]
        var json = JSONBytes()
        json.append("[")
        json.string("tab\there")
        json.append(",")
        json.value(value)
        json.append("]")
        #expect(String(decoding: json.bytes, as: UTF8.self) == JSONValue.array([.string("tab\there"), value]).canonicalText)
        var flushed: [[UInt8]] = []
        json.flush { flushed.append(Array($0)) }
        #expect(json.count == 0 && flushed.count == 1)
        json.flush { flushed.append(Array($0)) }
        #expect(flushed.count == 1 && flushed[0].count > 40)
    }
}
