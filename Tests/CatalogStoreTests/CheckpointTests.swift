import CatalogModel
import CatalogStore
import Foundation
import GRDB
import TestSupport
import Testing

/// The write-ahead log is checkpointed in the background and stays bounded (``CheckpointPolicy``).
struct CheckpointTests {
    let folder = TemporaryFolder()

    private func fileSize(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
    }

    /// The WAL file's length in frames. The file keeps its high-water mark, so this is the
    /// most the WAL ever held: a 32-byte header, then frames of a 24-byte header and a page.
    private func walFrames(_ path: String) throws -> Int {
        let pageSize = try DatabaseQueue(path: path).read { db in try Int.fetchOne(db, sql: "PRAGMA page_size")! }
        return (try fileSize(path + "-wal") - 32) / (pageSize + 24)
    }

    @Test func theWALStaysNearItsLimitUnderSustainedWrites() throws {
        let path = folder.file("bounded.sqlite")
        let policy = CheckpointPolicy(batchFrames: 20, limitFrames: 100)
        let database = try CatalogDatabase(path: path, checkpointing: policy)
        try database.objects.add(id: "cell", type: "cell")
        // About three frames per set: some 30 times the limit in all.
        for i in 0..<1000 { try database.properties.set(.number(Double(i)), for: "k\(i % 50)", on: "cell") }
        // At most the limit plus the commit that crossed it (a few frames), and one batch more
        // when the write after a checkpoint could not restart the WAL: SQLite restarts it only
        // while no other connection (here the background checkpointer's, on a loaded machine)
        // is reading it at that instant. SQLite's own auto-checkpoint alone would let it reach
        // 1,000 frames.
        let frames = try walFrames(path)
        #expect(frames <= Int(policy.limitFrames + policy.batchFrames) + 10, "the WAL reached \(frames) frames")
        for key in 0..<50 { #expect(try database.properties.uncachedValue(for: "k\(key)", on: "cell") == .number(Double(950 + key))) }
    }

    @Test func backgroundCheckpointsCopyTheWALIntoTheDatabaseFile() throws {
        let path = folder.file("background.sqlite")
        // The writer never checkpoints itself here; fewer than SQLite's 1,000-frame default.
        let database = try CatalogDatabase(path: path, checkpointing: CheckpointPolicy(batchFrames: 20, limitFrames: 1_000_000))
        try database.objects.add(id: "cell", type: "cell")
        database.waitForBackgroundCheckpoints()
        let before = try fileSize(path)
        for i in 0..<200 { try database.properties.set(.string(String(repeating: "x", count: 200) + "\(i)"), for: "k\(i)", on: "cell") }
        database.waitForBackgroundCheckpoints()
        // 200 rows of 200 bytes and their event rows need new pages, which only a checkpoint
        // writes into the database file.
        #expect(try fileSize(path) >= before + 40_000)
        // Another connection reads everything from the file and the WAL together.
        let count = try DatabaseQueue(path: path).read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM association")! }
        #expect(count == 200)
    }

    @Test func onCommitCheckpointsOnlyInTheCommitThatCrossesTheLimit() throws {
        let path = folder.file("on-commit.sqlite")
        let database = try CatalogDatabase(path: path, checkpointing: .onCommit)
        try database.objects.add(id: "cell", type: "cell")
        let before = try fileSize(path)
        // About 600 frames: below the 1,000-frame limit, so nothing is copied yet.
        for i in 0..<200 { try database.properties.set(.string(String(repeating: "x", count: 200) + "\(i)"), for: "k\(i)", on: "cell") }
        database.waitForBackgroundCheckpoints()
        #expect(try fileSize(path) == before)
        for i in 0..<2000 { try database.properties.set(.number(Double(i)), for: "n\(i % 20)", on: "cell") }
        #expect(try walFrames(path) <= 1010)
        #expect(try fileSize(path) > before)
    }

    @Test func aPoolOutlivingItsDatabaseHandleKeepsCheckpointing() throws {
        let path = folder.file("outlived.sqlite")
        let policy = CheckpointPolicy(batchFrames: 10, limitFrames: 40)
        var database: CatalogDatabase? = try CatalogDatabase(path: path, checkpointing: policy)
        let pool = database!.pool
        weak let released = database
        database = nil
        #expect(released == nil)
        // The pool's connections still commit through the checkpointer's hook.
        for i in 0..<500 {
            try pool.write { db in try db.execute(sql: "INSERT INTO setting (key, value) VALUES (?, 'x')", arguments: ["key-\(i)"]) }
        }
        // As above; without the hook nothing would checkpoint below SQLite's 1,000 frames (500 here).
        #expect(try walFrames(path) <= Int(policy.limitFrames + policy.batchFrames) + 10)
        #expect(try pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM setting WHERE key LIKE 'key-%'") } == 500)
    }
}
