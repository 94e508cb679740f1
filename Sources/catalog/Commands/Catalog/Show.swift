import ArgumentParser
import CatalogKit

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show a component's definition: the current version or NAME@VERSION.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "NAME or NAME@VERSION.", completion: DatabaseCompletion.components()) var component: ComponentReference
    @Option(help: "Output format: table or json.") var format: OutputFormat = .table

    func run() throws {
        let catalog = try global.open(forReading: true)
        guard let stored = try catalog.components.get(component) else {
            if let version = component.version, try catalog.components.get(component.name) != nil {
                throw CommandFailure("\(component.name) has no version \(version): `catalog history \(component.name)` lists the kept versions",
                                     code: .unknownVersion, fields: ["component": .string(component.name), "version": .string(version)])
            }
            if component.version == nil, let last = try catalog.components.history(component.name).last {
                throw CommandFailure("\(component.name) was removed from the catalog; its versions are kept for the log: "
                    + "`catalog show \(component.name)@\(last.version)`, `catalog history \(component.name)`",
                    code: .unknownComponent, fields: ["component": .string(component.name), "removed": .bool(true)])
            }
            throw StoreError.unknownComponent(component.name)
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
