import ArgumentParser
import CatalogKit

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List components (current versions).")

    @OptionGroup var global: GlobalOptions
    @Option(help: "Only this kind: animation, chain, decorator or layout.") var kind: ComponentKind?
    @Option(help: "Only components with this tag.") var tag: String?
    @Option(help: "Output format: table or json.") var format: OutputFormat = .table

    func run() throws {
        let components = try global.open(forReading: true).components.list(kind: kind, tag: tag)
        printComponents(components, format: format)
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
