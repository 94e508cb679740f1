import ArgumentParser
import CatalogKit

struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Full-text search over names, summaries and tags, best match first.",
        discussion: "Words match by prefix (`bou sel` finds bounce-select); the text is never read as query syntax.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "Words to look for.") var text: [String]
    @Option(parsing: .unconditional, help: "At most this many results.") var limit: Int = 50
    @Option(help: "Output format: table or json.") var format: OutputFormat = .table

    func validate() throws {
        if limit < 1 { throw ValidationError("--limit takes 1 or more, not \(limit)") }
    }

    func components() throws -> [StoredComponent] {
        try global.open(forReading: true).components.search(text.joined(separator: " "), limit: limit)
    }

    func run() throws {
        printComponents(try components(), format: format)
    }
}
