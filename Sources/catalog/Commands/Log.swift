import ArgumentParser
import CatalogKit
import Foundation

struct Log: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the event log, oldest first; compact it (log compact).",
        discussion: """
            Rows are printed as they are read, so memory stays flat however long the log: \
            --format jsonl writes one event per line (the form for scripts and pipes); the table \
            sizes its columns on the first 1,000 rows. --format json is one document, read whole.
            """,
        subcommands: [LogCompact.self])

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case table, json, jsonl
    }

    @OptionGroup var global: GlobalOptions
    @Option(name: [.long, .customLong("after")], parsing: .unconditional, help: "Only events after this sequence number.")
    var since: Int64 = 0
    @Option(help: "Only events about this object.", completion: DatabaseCompletion.objects()) var object: String?
    @Option(parsing: .unconditional, help: "At most this many events.") var limit: Int?
    @Flag(help: "Newest first.") var reverse = false
    @Option(help: "Output format: table, json or jsonl (one event per line).") var format: Format = .table

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit takes 0 or more, not \(limit)") }
        if since < 0 { throw ValidationError("--since takes a sequence number, 0 or more") }
    }

    func run() throws {
        let events = try global.open(forReading: true).events
        switch format {
        case .json:
            var all: [JSONValue] = []
            try events.forEach(since: since, object: object, limit: limit, reverse: reverse) { all.append($0.jsonValue) }
            printJSON(.array(all))
        case .jsonl:
            var output = BufferedOutput()
            try events.forEachJSONLine(since: since, object: object, limit: limit, reverse: reverse) { output.write($0 + "\n") }
            output.flush()
        case .table:
            var table = StreamingTable("SEQ", "T", "OPERATION", "OBJECT", "PAYLOAD")
            try events.forEach(since: since, object: object, limit: limit, reverse: reverse) { event in
                let payload = event.payload.canonicalText
                table.append([String(event.seq), JSONValue.numberText(event.sceneTime), event.operation.rawValue, event.objectID ?? "-",
                              payload.count > 100 ? String(payload.prefix(97)) + "..." : payload])
            }
            table.finish()
        }
    }
}
