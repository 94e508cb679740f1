import ArgumentParser
import CatalogKit

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check definition files without touching the database.")

    @OptionGroup var input: DefinitionFiles

    func run() throws {
        for definition in try input.load() {
            print("ok \(definition.name) \(definition.version) (\(definition.kind.rawValue))")
        }
    }
}
