import ArgumentParser
import CatalogKit

/// The FILE… argument shared by `add` and `validate`: files, folders or `-`, loaded and checked
/// together so that every error is reported at once.
struct DefinitionFiles: ParsableArguments {
    @Argument(
        help: "Definition files, folders (searched recursively), or - for standard input.",
        completion: .file(extensions: DefinitionSource.extensions.sorted()))
    var files: [String]
    @Option(help: ArgumentHelp("Put before the name of every component a stylesheet library makes (anim → anim-bounce-in).", valueName: "prefix"))
    var prefix: String?
    @Option(help: ArgumentHelp("The selector of a stylesheet library's base rule, whose animation-* every animation starts from.", valueName: "selector"))
    var base: String?
    @Flag(
        help:
            "Leave out the @keyframes of a stylesheet or the layers of a Lottie document the catalog cannot play (listed by validate) instead of refusing the file."
    )
    var skipUnsupported = false

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("name at least one file, folder or -") }
    }

    /// The validated definitions; throws every error found, one per line, plus `consequence`.
    func load(consequence: String? = nil) throws -> [ComponentDefinition] {
        let (definitions, errors) = DefinitionSource.load(
            files, options: ImportOptions(prefix: prefix, skipUnsupported: skipUnsupported, stylesheet: .init(base: base)))
        guard errors.isEmpty else {
            let all = DefinitionErrors(errors)
            throw CommandFailure(all, message: ([all.description] + [consequence].compactMap { $0 }).joined(separator: "\n"))
        }
        return definitions
    }
}
