import ArgumentParser
import CatalogKit

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check definition files without touching the database.")

    @Argument(help: "Definition files, folders, or - for standard input.", completion: .file(extensions: ["yaml", "yml", "json"]))
    var files: [String]

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("name at least one file, folder or -") }
    }

    func run() throws {
        let (definitions, errors) = DefinitionSource.load(files)
        guard errors.isEmpty else { throw CommandFailure(errors.map(\.description).joined(separator: "\n")) }
        for definition in definitions {
            print("ok \(definition.name) \(definition.version) (\(definition.kind.rawValue))")
        }
    }
}
