import ArgumentParser
import CatalogKit
import CatalogKitPostgres

struct LogCompact: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compact",
        abstract: "Replace the events before a point by a snapshot of the scene there.",
        discussion: """
            --before SEQ removes the events numbered below SEQ; --before-time T those earlier than \
            scene time T. A snapshot of the scene after the last removed event becomes the log's \
            base: state, replay and replay --verify at any time from the base on give the same \
            answers as before, while the history before it is kept as that state, not as events \
            (log starts after it; state and replay before it are refused). The newest event always \
            stays. The file is then rewritten without the freed pages (VACUUM) unless --no-vacuum.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var progress: ProgressOptions
    @Option(parsing: .unconditional, help: "Remove the events numbered below this one.") var before: Int64?
    @Option(parsing: .unconditional, help: "Remove the events earlier than this scene time (seconds).") var beforeTime: Double?
    @Flag(inversion: .prefixedNo, help: "Rewrite the file to give the freed space back.") var vacuum = true

    func validate() throws {
        guard (before == nil) != (beforeTime == nil) else { throw ValidationError("give --before SEQ or --before-time T") }
        if let before, before < 1 { throw ValidationError("--before takes an event sequence number, 1 or more") }
        if let beforeTime, !(beforeTime >= 0 && beforeTime.isFinite) { throw ValidationError("--before-time takes a scene time, 0 or more") }
    }

    func run() throws {
        let catalog = try global.open()
        let line = progress.line()
        defer { line?.finish() }
        let compaction = try catalog.compactLog(before: before.map { .seq($0) } ?? .time(beforeTime!), progress: line?.report)
        line?.finish()
        let base = compaction.base
        print(
            "removed \(compaction.eventsRemoved) event\(compaction.eventsRemoved == 1 ? "" : "s"); "
                + "the log's base is the snapshot at event \(base.seq) (t=\(JSONValue.numberText(base.sceneTime)), \(base.objectCount) objects)")
        if vacuum {
            line?.report(WorkProgress(step: "reclaiming space", done: 0, unit: "files"))
            let space = try catalog.reclaimSpace()
            line?.finish()
            // A file shrinks (VACUUM rewrites it); a PostgreSQL database keeps its pages for reuse.
            print("\(catalog.isOnServer ? "database" : "file"): \(space.before) → \(space.after) bytes")
        }
    }
}
