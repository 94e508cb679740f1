import ArgumentParser
import CatalogKit

struct History: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "history", abstract: "List every kept version of a component, oldest first.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "Component name.", completion: DatabaseCompletion.components()) var name: String
    @Option(help: "Output format: table or json.") var format: OutputFormat = .table

    func run() throws {
        let versions = try global.open(forReading: true).components.versions(of: name)
        switch format {
        case .json:
            printJSON(.array(versions.map(\.historyJSON)))
        case .table:
            var table = Table("VERSION", "HASH", "EVENT", "SUMMARY")
            for version in versions {
                table.append(version.version, String(version.contentHash.prefix(12)), "#\(version.addedSeq)", version.summary)
            }
            print(table.render())
        }
    }
}
