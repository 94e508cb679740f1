import ArgumentParser
import CatalogKit

struct Log: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the event log, oldest first.")

    @OptionGroup var global: GlobalOptions
    @Option(parsing: .unconditional, help: "Only events after this sequence number.") var since: Int64 = 0
    @Option(help: "Only events about this object.", completion: DatabaseCompletion.objects()) var object: String?
    @Option(help: "Output format: table or json.") var format: OutputFormat = .table

    func run() throws {
        let events = try global.open().events.list(since: since, object: object)
        switch format {
        case .json: printJSON(.array(events.map(\.jsonValue)))
        case .table:
            var table = Table("SEQ", "T", "OPERATION", "OBJECT", "PAYLOAD")
            for event in events {
                table.append(String(event.seq), JSONValue.numberText(event.sceneTime), event.operation.rawValue, event.objectID ?? "-",
                             event.payload.canonicalText.count > 100 ? String(event.payload.canonicalText.prefix(97)) + "..." : event.payload.canonicalText)
            }
            print(table.render())
        }
    }
}
