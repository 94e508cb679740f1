import ArgumentParser
import CatalogKit

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a component's definition: the current version or NAME@VERSION.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "NAME or NAME@VERSION.", completion: DatabaseCompletion.components()) var component: ComponentReference
    @Option(help: "Output format: table or json.") var format: OutputFormat = .table

    func stored() throws -> StoredComponent { try global.open(forReading: true).components.version(component) }

    func run() throws {
        let stored = try stored()
        switch format {
        case .json:
            printJSON(try stored.documentJSON())
        case .table:
            print("\(stored.name) \(stored.version) (\(stored.kind.rawValue))")
            if !stored.summary.isEmpty { print(stored.summary) }
            if !stored.tags.isEmpty { print("tags: \(stored.tags.joined(separator: ", "))") }
            print("hash: \(stored.contentHash)")
            print(try JSONValue(jsonData: Data(stored.definition.utf8)).prettyText)
        }
    }
}

import Foundation
