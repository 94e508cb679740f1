import ArgumentParser
import CatalogKit

struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Full-text search over names, summaries and tags, best match first.",
        discussion: "Words match by prefix (`bou sel` finds bounce-select); the text is never read as query syntax.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "Words to look for.") var text: [String]
    @Option(help: "Output format: table or json.") var format: OutputFormat = .table

    func run() throws {
        let results = try global.open(forReading: true).components.search(text.joined(separator: " "))
        printComponents(results, format: format)
    }
}
