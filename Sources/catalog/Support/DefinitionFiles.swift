import ArgumentParser
import CatalogKit

/// The FILE… argument shared by `add` and `validate`: files, folders or `-`, loaded and checked
/// together so that every error is reported at once.
struct DefinitionFiles: ParsableArguments {
    @Argument(help: "Definition files, folders (searched recursively), or - for standard input.",
              completion: .file(extensions: ["yaml", "yml", "json", "css"]))
    var files: [String]

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("name at least one file, folder or -") }
    }

    /// The validated definitions; throws every error found, one per line, plus `consequence`.
    func load(consequence: String? = nil) throws -> [ComponentDefinition] {
        let (definitions, errors) = DefinitionSource.load(files)
        guard errors.isEmpty else {
            let all = DefinitionErrors(errors)
            throw CommandFailure(all, message: ([all.description] + [consequence].compactMap { $0 }).joined(separator: "\n"))
        }
        return definitions
    }
}
