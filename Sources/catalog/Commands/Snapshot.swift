import ArgumentParser
import CatalogKit

struct Snapshot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Keep a snapshot of the scene after the latest event, or list the kept ones.",
        discussion: """
            A snapshot is the scene (objects, their values, running animations, decorators' state) \
            folded up to an event. state, replay and log compact start from the nearest one instead \
            of the first event. Writing commands take one by themselves once 10,000 events (and at \
            least as many as the scene has objects) were logged since the last. replay --verify \
            checks every kept snapshot against a fresh fold of the log.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var progress: ProgressOptions
    @Flag(help: "List the kept snapshots instead of taking one.") var list = false
    @Option(help: "Output format: table or json.") var format: OutputFormat = .table

    func run() throws {
        if list {
            let snapshots = try global.open(forReading: true).snapshots()
            switch format {
            case .json: printJSON(.array(snapshots.map(\.jsonValue)))
            case .table:
                var table = Table("SEQ", "T", "OBJECTS", "HASH")
                for snapshot in snapshots {
                    table.append(row: [String(snapshot.seq), JSONValue.numberText(snapshot.sceneTime), String(snapshot.objectCount), snapshot.hash])
                }
                print(table.render())
            }
            return
        }
        let catalog = try global.open()
        let line = progress.line(shown: format == .table)
        defer { line?.finish() }
        guard let snapshot = try catalog.takeSnapshot(progress: line?.report) else {
            throw CommandFailure("the event log is empty: there is no scene to keep yet", code: .emptyLog)
        }
        line?.finish()
        switch format {
        case .json: printJSON(snapshot.jsonValue)
        case .table:
            print(
                "snapshot at event \(snapshot.seq) (t=\(JSONValue.numberText(snapshot.sceneTime))): "
                    + "\(snapshot.objectCount) object\(snapshot.objectCount == 1 ? "" : "s"), hash \(snapshot.hash)")
        }
    }
}
