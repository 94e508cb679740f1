import ArgumentParser
import CatalogKit

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create and migrate the database and load the built-in catalog.")

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let catalog = try global.open()
        let count = try catalog.components.list().count
        print("catalog ready at \(catalog.path) (\(count) components)")
    }
}
