import ArgumentParser
import CatalogKit

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List components (current versions), by name.",
        discussion: "Page with --limit and --after (the last name of the previous page); --format jsonl writes one component a line.")

    enum Format: String, ExpressibleByArgument, CaseIterable { case table, json, jsonl }

    @OptionGroup var global: GlobalOptions
    @Option(help: "Only this kind: animation, chain, decorator or layout.") var kind: ComponentKind?
    @Option(help: "Only components with this tag.") var tag: String?
    @Option(help: "Only components whose name sorts after this one (before it with --reverse).") var after: String?
    @Option(parsing: .unconditional, help: "At most this many components.") var limit: Int?
    @Flag(help: "Last name first.") var reverse = false
    @Option(help: "Output format: table, json or jsonl (one component per line).") var format: Format = .table

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit takes 0 or more, not \(limit)") }
    }

    func components() throws -> [StoredComponent] {
        try global.open(forReading: true).components.list(kind: kind, tag: tag, after: after, limit: limit, reverse: reverse)
    }

    func run() throws {
        let components = try components()
        switch format {
        case .jsonl:
            var output = BufferedOutput()
            for component in components { output.write(component.summaryJSON.canonicalText + "\n") }
            output.flush()
        case .json: printComponents(components, format: .json)
        case .table: printComponents(components, format: .table)
        }
    }
}

extension ComponentKind: ExpressibleByArgument {}

func printComponents(_ components: [StoredComponent], format: OutputFormat) {
    switch format {
    case .json:
        printJSON(.array(components.map(\.summaryJSON)))
    case .table:
        var table = Table("NAME", "KIND", "VERSION", "TAGS", "SUMMARY")
        for component in components {
            table.append(component.name, component.kind.rawValue, component.version, component.tags.joined(separator: ","), component.summary)
        }
        print(table.render())
    }
}
