import ArgumentParser
import CatalogKit

struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Remove a component and its history; refused while another component uses it.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "Component name.", completion: DatabaseCompletion.components()) var name: String

    func run() throws {
        try global.open().components.remove(name)
        print("removed \(name)")
    }
}
