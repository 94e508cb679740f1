import ArgumentParser
import CatalogKit

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show a component's definition: the current version or NAME@VERSION.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "NAME or NAME@VERSION.", completion: DatabaseCompletion.components()) var component: String
    @Option(help: "Output format: table or json.") var format: OutputFormat = .table

    func run() throws {
        let parts = component.split(separator: "@", maxSplits: 1).map(String.init)
        let catalog = try global.open()
        guard let stored = try catalog.database.components.get(parts[0], version: parts.count > 1 ? parts[1] : nil) else {
            if parts.count > 1, try catalog.database.components.get(parts[0]) != nil {
                throw CommandFailure("\(parts[0]) has no version \(parts[1]): `catalog history \(parts[0])` lists the kept versions")
            }
            throw CommandFailure(StoreError.unknownComponent(parts[0]).description)
        }
        let definition = try JSONValue(jsonData: Data(stored.definition.utf8))
        switch format {
        case .json:
            var document = stored.summaryJSON.objectValue!
            document["definition"] = definition
            printJSON(.object(document))
        case .table:
            print("\(stored.name) \(stored.version) (\(stored.kind.rawValue))")
            if !stored.summary.isEmpty { print(stored.summary) }
            if !stored.tags.isEmpty { print("tags: \(stored.tags.joined(separator: ", "))") }
            print("hash: \(stored.contentHash)")
            print(definition.prettyText)
        }
    }
}

import Foundation
