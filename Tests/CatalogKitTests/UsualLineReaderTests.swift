import CatalogKit
import CatalogModel
import TestSupport
import Testing

/// Import lines of the usual shape are read straight from their bytes (`UsualLineReader`); every
/// other line goes through the general JSON reader. Held here to the general reader on generated
/// lines, good and bad: the same changes from each, or the same refusal.
struct UsualLineReaderTests {
    /// Pieces real import files hold, and pieces that break each rule the direct reader checks.
    static let strings = [
        #""cell-1""#, #""""#, #""@cell-2""#, #""café""#, #""tab\there""#, #""quote \" inside""#,
        #""\u00e9""#, "\"bad\u{1}control\"", "null", "7", #""retain""#, #""copy""#, #""weak""#, #""color""#
    ]
    static let values = [
        "0", "-0", "12", "-3.25", "1.5e3", "2E-2", "1e400", "01", "-", "1.", "1e", "0.1e+5",
        #""text""#, #""@cell-1""#, #""esc\naped""#, "true", "false", "null", "nul", "tru",
        #"{"a": 1}"#, "[1, 2]", "[]", ##""#ff0000""##
    ]
    static let spaces = ["", " ", "  ", "\t", " \r"]

    static func line(_ random: inout SeededRandom) -> String {
        var members: [String] = []
        var fields = ["object", "key", "value"].filter { _ in random.below(16) > 0 }
        for extra in ["type", "owner", "policy"] where random.below(8) == 0 { fields.append(extra) }
        if random.below(12) == 0 { fields.append("colour") }  // unknown
        if random.below(12) == 0, let repeated = fields.randomElement(using: &random) { fields.append(repeated) }
        fields.shuffle(using: &random)
        for field in fields {
            let body =
                field == "value"
                ? values[random.below(random.below(3) == 0 ? values.count : 6)] : strings[random.below(random.below(4) == 0 ? strings.count : 4)]
            let gap = { (random: inout SeededRandom) in spaces.randomElement(using: &random)! }
            members.append("\(gap(&random))\"\(field)\"\(gap(&random)):\(gap(&random))\(body)\(gap(&random))")
        }
        var text = "{" + members.joined(separator: ",") + "}"
        switch random.below(32) {
        case 0: text += " x"  // trailing characters
        case 1: text.removeLast()  // unterminated
        case 2: text = " " + text + "\t "  // whitespace around
        case 3: text = "[" + text + "]"  // not an object
        default: break
        }
        return text
    }

    static func read(_ text: String, directly: Bool) -> Result<[BulkImport.Change], ImportError> {
        Result { () throws(ImportError) in
            try BulkImport(text: text, file: "rows.jsonl", format: .jsonl, readsUsualLinesDirectly: directly).changes.map(\.change)
        }
    }

    @Test func everyLineReadsAsTheGeneralReaderReadsIt() {
        var random = SeededRandom(seed: 0x1517)
        var imported = 0
        for _ in 0..<6_000 {
            let text = Self.line(&random)
            let general = Self.read(text, directly: false)
            #expect(Self.read(text, directly: true) == general, "\(text)")
            if case .success = general { imported += 1 }
        }
        // The generator reaches both sides: lines that import and lines that are refused.
        #expect(imported > 1_000 && imported < 5_000, "\(imported) lines imported")
    }

    @Test func aWholeFileOfUsualLinesReadsTheSame() {
        let text = (0..<500).map { #"{"object": "obj-\#($0 % 50)", "key": "k\#($0 / 50)", "value": \#(Double($0) / 7)}"# }.joined(separator: "\n")
        let direct = Self.read(text, directly: true), general = Self.read(text, directly: false)
        #expect(direct == general)
        #expect((try? direct.get())?.count == 500)
    }
}
