import ArgumentParser
import CatalogKit

struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Add or update component definitions: all of them, or none if any is invalid.",
        discussion: "All files are validated first; if any is invalid, nothing is added.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var input: DefinitionFiles

    func run() throws {
        let definitions = try input.load(consequence: "nothing was added")
        let catalog = try global.open()
        for outcome in try catalog.components.add(definitions) {
            switch outcome {
            case .added(let name, let version): print("added \(name) \(version)")
            case .updated(let name, let from, let to): print("updated \(name) \(from) → \(to)")
            case .unchanged(let name, let version): print("unchanged \(name) \(version) (identical content already stored)")
            }
        }
    }
}
