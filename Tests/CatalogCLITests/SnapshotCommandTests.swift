import Foundation
import TestSupport
import Testing

/// `snapshot`, `log compact` and `replay --from` on the command line: a compacted log answers
/// `state` and `replay` from its base on with the same bytes, refuses earlier times, still
/// verifies, and the file shrinks; writing commands keep a snapshot once one is due.
struct SnapshotCommandTests {
    private func run(_ arguments: [String], db: String, stdin: String? = nil) throws -> CLI.Result {
        try CLI.run(arguments, environment: ["CATALOG_DB": db], stdin: stdin)
    }

    /// Ten cells faded in at t = 0, 1, …, 9, each with a property set twice.
    private func scene(_ db: String) throws {
        var lines: [String] = []
        for index in 0..<10 { lines.append(#"{"object": "cell-\#(index)", "type": "cell"}"#) }
        #expect(try run(["import", "-"], db: db, stdin: lines.joined(separator: "\n")).status == 0)
        for index in 0..<10 {
            #expect(try run(["apply", "fade-in", "--to", "cell-\(index)", "--at", String(index)], db: db).status == 0)
            for value in [0.5, 1] {
                #expect(try run(["prop", "set", "cell-\(index)", "alpha", String(value), "--at", String(index)], db: db).status == 0)
            }
        }
    }

    @Test func compactionKeepsLaterStatesAndReplaysAndShrinksTheFile() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        try scene(db)
        let taken = try run(["snapshot"], db: db)
        #expect(taken.status == 0)
        #expect(taken.stdout.hasPrefix("snapshot at event ") && taken.stdout.contains("10 objects, hash "), "\(taken.stdout)")

        let probes = ["6", "7.25", "9.5"]
        func states() throws -> [String] {
            try probes.flatMap { at in try (0..<10).map { try run(["state", "cell-\($0)", "--at", at, "--format", "json"], db: db).stdout } }
        }
        func replay(_ extra: [String] = []) throws -> String {
            try run(["replay", "--from", "6", "--until", "10", "--fps", "4", "--format", "csv"] + extra, db: db).stdout
        }
        let statesBefore = try states(), replayBefore = try replay(), objectBefore = try replay(["--object", "cell-8"])
        #expect(statesBefore.allSatisfy { $0.hasPrefix("{") })
        #expect(replayBefore.split(separator: "\n").count > 10)
        let logBefore = try run(["log", "--format", "jsonl"], db: db).stdout.split(separator: "\n")

        let compacted = try run(["log", "compact", "--before-time", "6"], db: db)
        #expect(compacted.status == 0, "\(compacted.stderr)")
        let removedCount = logBefore.filter { (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["t"] as? Double ?? 0 < 6 }.count
        #expect(compacted.stdout.hasPrefix("removed \(removedCount) events; the log's base is the snapshot at event "), "\(compacted.stdout)")
        // The file gives the space back.
        let sizes = try #require(compacted.stdout.split(separator: "\n").last { $0.hasPrefix("file: ") })
        let numbers = sizes.split(separator: " ").compactMap { Int($0) }
        #expect(numbers.count == 2 && numbers[1] < numbers[0], "\(sizes)")

        #expect(try states() == statesBefore)
        #expect(try replay() == replayBefore)
        #expect(try replay(["--object", "cell-8"]) == objectBefore)
        #expect(try run(["log", "--format", "jsonl"], db: db).stdout.split(separator: "\n") == Array(logBefore.suffix(logBefore.count - removedCount)))
        // Before the base: refused, with the reason.
        let early = try run(["state", "cell-1", "--at", "2"], db: db)
        #expect(early.status == 1 && early.stderr.contains("before the log's base"), "\(early.stderr)")
        #expect(try run(["replay", "--from", "1", "--until", "3"], db: db).status == 1)
        // replay without --from starts at the base (the last removed event's time, 5).
        let fromBase = try run(["replay", "--until", "10", "--fps", "4", "--format", "csv"], db: db).stdout
        #expect(fromBase.split(separator: "\n").dropFirst().first?.hasPrefix("5,") == true, "\(fromBase.prefix(200))")
        #expect(fromBase.hasSuffix(replayBefore.split(separator: "\n").dropFirst().joined(separator: "\n") + "\n"))
        let verified = try run(["replay", "--verify"], db: db)
        #expect(verified.status == 0, "\(verified.stderr)")
        // The newest event always stays.
        let all = try run(["log", "compact", "--before", "100000"], db: db)
        #expect(all.status == 1 && all.stderr.contains("keeps the newest event"), "\(all.stderr)")
    }

    @Test(arguments: CLIBackend.allCases) func aWritingCommandKeepsASnapshotOnceOneIsDue(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let db = try backend.database(in: folder)
        #expect(try run(["object", "add", "list", "--type", "view"], db: db).status == 0)
        #expect(try run(["snapshot", "--list", "--format", "json"], db: db).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
        // 10,000 events in one import: the interval is reached.
        let rows = (0..<10_000).map { #"{"object": "o\#($0)", "type": "view"}"# }.joined(separator: "\n")
        #expect(try run(["import", "-"], db: db, stdin: rows).status == 0)
        let listed = try JSONSerialization.jsonObject(with: Data(try run(["snapshot", "--list", "--format", "json"], db: db).stdout.utf8)) as! [[String: Any]]
        #expect(listed.count == 1)
        #expect(listed.first?["objects"] as? Int == 10_001)
        // One more write is not due (the interval counts from the snapshot).
        #expect(try run(["object", "add", "one-more", "--type", "view"], db: db).status == 0)
        #expect((try JSONSerialization.jsonObject(with: Data(try run(["snapshot", "--list", "--format", "json"], db: db).stdout.utf8)) as! [Any]).count == 1)
        #expect(try run(["state", "one-more", "--format", "json"], db: db).stdout.contains(#""type": "view""#))
    }

    /// The log applied a component that was removed later: `snapshot`, `replay --verify` and
    /// `log compact` still work (its version is kept), while the name no longer applies.
    @Test(arguments: CLIBackend.allCases) func aRemovedComponentsHistoryStillSnapshotsVerifiesAndCompacts(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let db = try backend.database(in: folder)
        let nudge = "name: nudge\nkind: animation\nversion: 1.0.0\nanimation: {type: basic, keyPath: position.x, byValue: 40, duration: 0.5}\n"
        for command in [
            ["add", "-"], ["object", "add", "cell", "--type", "cell"], ["object", "add", "card", "--type", "layer"],
            ["apply", "nudge", "--to", "cell", "--at", "1"],
            ["object", "remove", "cell"], ["remove", "nudge"]
        ] {
            let result = try run(command, db: db, stdin: nudge)
            #expect(result.status == 0, "\(command): \(result.stderr)")
        }
        for reference in ["nudge", "nudge@1.0.0"] {
            let refused = try run(["apply", reference, "--to", "card", "--at", "2"], db: db)
            #expect(refused.status != 0 && refused.stderr.contains("no component 'nudge'"))
        }
        #expect(try run(["history", "nudge"], db: db).stdout.contains("1.0.0"))
        let shown = try run(["show", "nudge"], db: db)
        #expect(shown.status != 0 && shown.stderr.contains("nudge was removed from the catalog") && shown.stderr.contains("`catalog show nudge@1.0.0`"))
        #expect(try run(["show", "nudge@1.0.0"], db: db).stdout.contains("byValue"))
        let snapshot = try run(["snapshot"], db: db)
        #expect(snapshot.status == 0, "\(snapshot.stderr)")
        let verified = try run(["replay", "--verify"], db: db)
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect(try run(["object", "add", "late", "--type", "view", "--at", "2"], db: db).status == 0)
        let compacted = try run(["log", "compact", "--before-time", "2"], db: db)
        #expect(compacted.status == 0, "\(compacted.stderr)")
        #expect(try run(["replay", "--verify"], db: db).status == 0)
    }
}
