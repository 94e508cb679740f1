import ArgumentParser
import CatalogKit
import Foundation

struct Log: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Show the event log, oldest first; compact it (log compact).",
        discussion: """
            Rows are printed as they are read, so memory stays flat however long the log: \
            --format jsonl writes one event per line (the form for scripts and pipes); the table \
            sizes its columns on the first 1,000 rows. --format json is one document, read whole. \
            --follow keeps printing events as they commit, from any process, until interrupted \
            (or until --limit events were printed): with --since N, every event after N exactly \
            once, in order.
            """,
        subcommands: [LogCompact.self])

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case table, json, jsonl
    }

    @OptionGroup var global: GlobalOptions
    @Option(name: [.long, .customLong("after")], parsing: .unconditional, help: "Only events after this sequence number.")
    var since: Int64 = 0
    @Option(help: "Only events about this object.", completion: DatabaseCompletion.objects()) var object: String?
    @Option(help: "Only events of this operation (component.add, prop.set, apply, …).") var operation: EventOperation?
    @Option(parsing: .unconditional, help: "At most this many events.") var limit: Int?
    @Flag(help: "Newest first.") var reverse = false
    @Option(help: "Output format: table, json or jsonl (one event per line).") var format: Format = .table
    @Flag(help: "Keep printing events as they commit, until interrupted.") var follow = false

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit takes 0 or more, not \(limit)") }
        if since < 0 { throw ValidationError("--since takes a sequence number, 0 or more") }
        if follow, reverse { throw ValidationError("--follow prints events as they come, oldest first: drop --reverse") }
        if follow, format == .json { throw ValidationError("--follow never ends a JSON document: use --format jsonl or table") }
    }

    func run() throws {
        let events = try global.open(forReading: true).events
        if follow { return try followEvents(events) }
        switch format {
        case .json:
            var all: [JSONValue] = []
            try events.forEach(since: since, object: object, operation: operation, limit: limit, reverse: reverse) { all.append($0.jsonValue) }
            printJSON(.array(all))
        case .jsonl:
            var output = BufferedOutput()
            try events.forEachJSONLine(since: since, object: object, operation: operation, limit: limit, reverse: reverse) { output.write($0 + "\n") }
            output.flush()
        case .table:
            var table = StreamingTable("SEQ", "T", "OPERATION", "OBJECT", "PAYLOAD")
            try events.forEach(since: since, object: object, operation: operation, limit: limit, reverse: reverse) { event in
                table.append(
                    Self.row(
                        seq: Double(event.seq), time: event.sceneTime, operation: event.operation.rawValue,
                        object: event.objectID, payload: event.payload))
            }
            table.finish()
        }
    }

    /// One table row: the payload cut to 100 characters.
    private static func row(seq: Double, time: Double, operation: String, object: String?, payload: JSONValue) -> [String] {
        let text = payload.canonicalText
        return [
            JSONValue.numberText(seq), JSONValue.numberText(time), operation, object ?? "-",
            text.count > 100 ? String(text.prefix(97)) + "..." : text
        ]
    }

    /// Whether a followed event's line is of `--operation` (every line without one).
    private func isWanted(_ line: String) throws -> Bool {
        guard let operation else { return true }
        return try JSONReader.read(line)["operation"]?.stringValue == operation.rawValue
    }

    /// `--follow`: the events after --since, then each as it commits, flushed batch by batch.
    private func followEvents(_ events: Catalog.Events) throws {
        var printed = 0
        let wanted = limit ?? .max
        guard wanted > 0 else { return }
        switch format {
        case .jsonl, .json:
            var output = BufferedOutput()
            try events.follow(since: since, object: object, batchEnd: { output.flush() }) { _, line in
                guard try isWanted(line) else { return true }
                output.write(line + "\n")
                printed += 1
                return printed < wanted
            }
        case .table:
            // Sized on the events already there (the header alone when none), then row by row.
            var table = StreamingTable("SEQ", "T", "OPERATION", "OBJECT", "PAYLOAD")
            try events.follow(since: since, object: object, batchEnd: { table.finish() }) { _, line in
                let event = try JSONReader.read(line)
                guard operation == nil || event["operation"]?.stringValue == operation?.rawValue else { return true }
                table.append(
                    Self.row(
                        seq: event["seq"]?.numberValue ?? 0, time: event["t"]?.numberValue ?? 0,
                        operation: event["operation"]?.stringValue ?? "", object: event["object"]?.stringValue,
                        payload: event["payload"] ?? .null))
                printed += 1
                return printed < wanted
            }
        }
    }
}
