import Foundation
import TestSupport
import Testing

/// `catalog diff NAME@A [NAME@B]` on both backends: the changed fields and the motion they move,
/// the same JSON bytes from SQLite and PostgreSQL, and the errors a person meets.
struct DiffCommandTests {
    private func run(_ arguments: [String], db: String) throws -> CLI.Result { try CLI.run(arguments, environment: ["CATALOG_DB": db]) }

    static let nudge =
        #"{"name": "nudge", "kind": "animation", "version": "1.0.0", "summary": "Nudge right", "animation": {"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 0.5, "duration": 0.5}}"#

    @Test func aNewVersionsFieldsAndMotionOnBothBackends() throws {
        var outputs: [String] = []
        for backend in CLIBackend.allCases {
            let folder = TemporaryFolder()
            let db = try backend.database(in: folder)
            for (index, text) in [
                Self.nudge, Self.nudge.replacingOccurrences(of: "1.0.0", with: "1.1.0").replacingOccurrences(of: "0.5, \"duration\"", with: "0.8, \"duration\"")
            ].enumerated() {
                try text.write(toFile: folder.file("nudge-\(index).json"), atomically: true, encoding: .utf8)
                #expect(try run(["add", folder.file("nudge-\(index).json")], db: db).status == 0)
            }
            let table = try run(["diff", "nudge@1.0.0"], db: db)
            #expect(table.status == 0, "\(table.stderr)")
            let lines = table.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
            #expect(lines.first == ["nudge", "1.0.0", "→", "nudge", "1.1.0"])
            #expect(lines.contains(["animation.toValue", "0.5", "0.8"]) && lines.contains(["version", "\"1.0.0\"", "\"1.1.0\""]))
            // opacity 0 → 0.5 against 0 → 0.8 over 0.5 s: furthest apart at the end, 0.3.
            #expect(lines.contains(["opacity", "0.3", "0.5", "0.5", "0.8"]), "\(table.stdout)")
            let json = try run(["diff", "nudge@1.0.0", "nudge@1.1.0", "--format", "json"], db: db)
            #expect(json.status == 0)
            let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
            let fields = document["fields"] as! [[String: Any]]
            #expect(fields.map { $0["path"] as! String } == ["animation.toValue", "version"])
            #expect(fields.allSatisfy { $0["change"] as? String == "changed" })
            outputs.append(json.stdout)
            // The errors: a first version is needed; an unknown one has a code.
            let bare = try run(["diff", "nudge"], db: db)
            #expect(bare.status == 64 && bare.stderr.contains("nudge@VERSION"))
            let unknown = try run(["diff", "nudge@9.9.9", "--format", "json"], db: db)
            #expect(unknown.status == 1 && unknown.stderr.contains(#""code":"unknown-version""#), "\(unknown.stderr)")
        }
        #expect(outputs.count == 2 && outputs[0] == outputs[1], "the same JSON from both backends")
    }
}
