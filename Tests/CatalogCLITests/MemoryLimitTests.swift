import CatalogKit
import Foundation
import GRDB
import TestSupport
import Testing

/// `replay` and `replay --verify` of a 10^5-event store of 90,000 objects run within 35 MiB of
/// address space beyond what `catalog list` needs, and `snapshot` within 11.7 MiB beyond it:
/// they read the log a page at a time, `replay` holds only the objects that move, and the other
/// two fold the scene one object at a time (a snapshot holding the 90,000 objects whole does not
/// fit). The same limit stops a command that does hold the whole log (`log --format json`, one
/// document), so the limit is not slack.
///
/// The baseline is measured in the same run: address space counts the debug binary's own
/// mappings and thread stacks (about 155 MiB of it for `catalog list` now that the binary links
/// the HTTP server and client and the MCP SDK), which grow with every library linked and say
/// nothing about how a command holds the log.
struct MemoryLimitTests {
    /// What `replay` may use beyond the baseline.
    static let replayBudgetKiB = 35_840
    /// Snapshots are held tighter: this store's snapshot fits in 11.7 MiB beyond the baseline
    /// folded object by object, and needed about 16 MiB more when it held the scene whole.
    static let snapshotBudgetKiB = 12_000

    /// `catalog ARGUMENTS` under `ulimit -v`, killed after five minutes: below what a thread
    /// needs, libdispatch waits for resources forever rather than failing.
    ///
    /// With glibc's malloc held to one arena (`MALLOC_ARENA_MAX=1`): `replay --verify` checks
    /// the live store on a second thread, and the arena glibc gives a second thread reserves
    /// 64 MiB of address space that it never touches, which `ulimit -v` counts as if it were used.
    private func limited(_ arguments: [String], db: String, limitKiB: Int, seconds: Int = 300) throws -> CLI.Result {
        let quoted = ([CLI.executable] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try CLI.run(
            ["-c", "ulimit -v \(limitKiB) && exec timeout -s KILL \(seconds) \(quoted)"], executable: "/bin/sh",
            environment: ["CATALOG_DB": db, "MALLOC_ARENA_MAX": "1"])
    }

    /// The least address space (within 256 KiB) in which `catalog list` runs on `db`.
    private func baselineKiB(db: String) throws -> Int {
        var fits = 400_000, fails = 32_000
        #expect(try limited(["list"], db: db, limitKiB: fits, seconds: 20).status == 0)
        while fits - fails > 256 {
            let middle = (fits + fails) / 2
            if try limited(["list"], db: db, limitKiB: middle, seconds: 20).status == 0 { fits = middle } else { fails = middle }
        }
        return fits
    }

    @Test func replayingATenToTheFiveEventLogStaysWithinTheLimit() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        // 90,000 objects and 10 rounds of a property on 1,000 of them: 100,000 events; then 10 fades.
        var rows = (0..<90_000).map { #"{"object": "o\#($0)", "type": "view"}"# }
        for round in 0..<10 { rows += (0..<1_000).map { #"{"object": "o\#($0)", "key": "alpha", "value": \#(Double(round) / 100)}"# } }
        let file = folder.file("rows.jsonl")
        try rows.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try CLI.run(["import", file], environment: ["CATALOG_DB": db]).status == 0)
        #expect(
            try CLI.run(
                ["apply", "fade-in", "--to", (0..<10).map { "o\($0)" }.joined(separator: ","), "--at", "1"],
                environment: ["CATALOG_DB": db]
            ).status == 0)
        // The import kept a snapshot (it was due); without one every event is read.
        let keptSnapshot = try CLI.run(["snapshot", "--list", "--format", "json"], environment: ["CATALOG_DB": db]).stdout
        #expect(keptSnapshot.contains("\"seq\""))
        try dropSnapshots(db)
        let baseline = try baselineKiB(db: db)
        let limitKiB = baseline + Self.replayBudgetKiB
        print("catalog list needs \(baseline) KiB of address space; replay is held to \(limitKiB)")

        let replay = try limited(["replay", "--until", "1.3", "--fps", "10", "--format", "csv"], db: db, limitKiB: limitKiB)
        #expect(replay.status == 0, "\(replay.stderr)")
        let lines = replay.stdout.split(separator: "\n")
        #expect(lines.first == "t,object,property,value")
        #expect(lines.count == 1 + 4 * 10, "frames at 1, 1.1, 1.2, 1.3 of ten fading objects")
        #expect(lines.last?.hasPrefix("1.3,o9,opacity,") == true)

        let verify = try limited(["replay", "--verify"], db: db, limitKiB: limitKiB)
        #expect(verify.status == 0, "\(verify.stderr)")
        let verified = verify.stdout.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        #expect(verified >= 100_010 && verify.stdout.contains("events rebuild the live state"), "\(verify.stdout)")

        let snapshot = try limited(["snapshot", "--format", "json"], db: db, limitKiB: baseline + Self.snapshotBudgetKiB)
        #expect(snapshot.status == 0 && snapshot.stdout.contains("\"objects\": 90000"), "\(snapshot.stderr) \(snapshot.stdout)")

        // The limit binds: one document of the whole log does not fit.
        #expect(try limited(["log", "--format", "json"], db: db, limitKiB: limitKiB).status != 0)
    }

    /// Removes the kept snapshots, so that replay reads every event.
    private func dropSnapshots(_ db: String) throws {
        let catalog = try Catalog(path: db)
        try catalog.sqlite!.pool.write { try $0.execute(sql: "DELETE FROM scene_snapshot") }
        #expect(try catalog.snapshots().isEmpty)
    }
}
