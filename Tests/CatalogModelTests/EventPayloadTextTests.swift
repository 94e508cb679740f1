import CatalogModel
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
