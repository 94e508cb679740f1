import ArgumentParser
import CatalogKit

struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Add or update component definitions: all of them, or none if any is invalid.",
        discussion: "FILE may be a .yaml/.yml/.json file, a folder (searched recursively) or - for standard input.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "Definition files, folders, or - for standard input.", completion: .file(extensions: ["yaml", "yml", "json"]))
    var files: [String]

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("name at least one file, folder or -") }
    }

    func run() throws {
        let (definitions, errors) = DefinitionSource.load(files)
        guard errors.isEmpty else { throw CommandFailure(errors.map(\.description).joined(separator: "\n") + "\nnothing was added") }
        let catalog = try global.open()
        for outcome in try catalog.database.components.add(definitions) {
            switch outcome {
            case .added(let name, let version): print("added \(name) \(version)")
            case .updated(let name, let from, let to): print("updated \(name) \(from) → \(to)")
            case .unchanged(let name, let version): print("unchanged \(name) \(version) (identical content already stored)")
            }
        }
    }
}
