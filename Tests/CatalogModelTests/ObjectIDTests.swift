import CatalogModel
import Testing

/// Object ids are 1–200 characters of letters, digits and `-_.:/`, starting with a letter or
/// digit, whatever script the letters are in. ASCII ids are checked by their bytes; held here
/// to the rule stated with Unicode's own properties, character by character.
struct ObjectIDTests {
    /// The rule as it reads, with no shortcut.
    static func byTheRule(_ id: String) -> Bool {
        func letterOrDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) }
        guard let first = id.unicodeScalars.first, id.utf8.count <= 200, letterOrDigit(first) else { return false }
        return id.unicodeScalars.allSatisfy { letterOrDigit($0) || "-_.:/".unicodeScalars.contains($0) }
    }

    @Test func everyASCIICharacterFirstAndAfterIsJudgedByTheRule() {
        for byte in UInt8(0)..<0x80 {
            let character = String(Character(Unicode.Scalar(byte)))
            for id in [character, character + "a", "a" + character, "7" + character + "z", character + character] {
                #expect(ObjectID.isValid(id) == Self.byTheRule(id), "\(Array(id.utf8))")
            }
        }
    }

    @Test func lengthsAndOtherScriptsAreJudgedByTheRule() {
        let ids = [
            "", String(repeating: "a", count: 200), String(repeating: "a", count: 201), "é", "éa", "a-é", "日本/1", "Ωmega",
            "a b", "a\u{301}", "٣", "a٣", "x²", "-a", "_", "a\u{0}", String(repeating: "é", count: 100), String(repeating: "é", count: 101)
        ]
        for id in ids { #expect(ObjectID.isValid(id) == Self.byTheRule(id), "\(id)") }
        #expect(ObjectID.isValid("cell-1") && ObjectID.isValid("list/cell:1_a.b") && !ObjectID.isValid("cell 1"))
    }
}
