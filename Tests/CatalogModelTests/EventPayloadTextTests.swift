import CatalogModel
import TestSupport
import Testing

/// Payloads a store writes by hand are the text the generic encoder makes of the same payload:
/// the log reads the same either way, and `replay --verify` compares logged texts byte for byte.
struct EventPayloadTextTests {
    @Test func anObjectAdditionIsWrittenAsTheEncoderWritesIt() throws {
        let ids = ["cell-1", "liste-é", "日本/1", "a\"quote", "back\\slash", "tab\tand\nline", "\u{1}control", "emoji-😀", ""]
        let ownerLists: [[String]?] = [nil, [], ["list"], ["b", "a"], ["a\"b", "é", "list"]]
        for id in ids {
            for type in ["cell", "view", "my-type", "ünï"] {
                for owners in ownerLists {
                    var payload = ObjectAddPayload(id: id, type: type, owners: [])
                    payload.owners = owners
                    #expect(payload.canonicalText == (try JSONValueEncoder().encode(payload)).canonicalText, "\(id) \(type) \(String(describing: owners))")
                }
            }
        }
    }
}

extension EventPayloadTextTests {
    @Test func aPropertySetIsWrittenAsTheEncoderWritesIt() throws {
        let ids = ["cell-1", "liste-é", "a\"quote", "back\\slash", "tab\tand\nline", "\u{1}control", "emoji-😀"]
        let values: [JSONValue] = [
            0, -1, 0.1, 1e300, -2.5e-8, 123456789012345, true, false, "text", "with \"quotes\" and \\ and \u{7}",
            [0, 0, 320, 44], [0.5, "a", ["nested": true, "b": 1]], ["z": 1, "a": [1, 2]], "@ref"
        ]
        for (index, id) in ids.enumerated() {
            for value in values {
                for policy: AssociationPolicy? in [nil, .retain, .copy, .weak] {
                    for (copy, removed) in [(nil, []), ("\(id)/copy", []), (nil, ["gone", "é\"x"]), ("c", ["a"])] as [(String?, [String])] {
                        let payload = PropertySetPayload(
                            id: id, key: ["frame", "k\u{0}ey", "ünï.code"][index % 3], type: ["rect", "number", "string"][index % 3],
                            value: value, policy: policy, copy: copy, removed: removed)
                        #expect(payload.canonicalText == (try JSONValueEncoder().encode(payload)).canonicalText, "\(id) \(value) \(String(describing: policy))")
                    }
                }
            }
        }
    }

    /// The byte writer's strings and values are the string writer's (``JSONValue/writeString(_:into:)``,
    /// an independent loop over Unicode scalars) and read back as the values they were made from.
    @Test func canonicalBytesAreTheStringWritersTextAndReadBack() throws {
        var random = SeededRandom(seed: 26)
        let pieces = ["a", "é", "😀", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "/", " ", "日本", "\u{2028}"]
        for _ in 0..<2_000 {
            let text = (0..<random.below(12)).map { _ in pieces[random.below(pieces.count)] }.joined()
            var reference = ""
            JSONValue.writeString(text, into: &reference)
            var bytes = JSONBytes(capacity: 8)
            bytes.string(text)
            #expect(bytes.text == reference, "\(text.debugDescription)")
            let value: JSONValue = ["s": .string(text), "n": .number(Double(random.below(2_000)) / 7 - 100), "l": [.string(text), nil, true]]
            #expect(try JSONReader.read(value.canonicalText) == value)
            #expect(!value.canonicalText.contains(": "), "no insignificant whitespace")
        }
    }
}
