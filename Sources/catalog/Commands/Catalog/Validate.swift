import ArgumentParser
import CatalogKit

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check definition files without touching the database.",
        discussion: "Lists, under each stylesheet component, the keyframe declarations a browser ignores (and the import leaves out).")

    @OptionGroup var input: DefinitionFiles

    func run() throws {
        for definition in try input.load() {
            print("ok \(definition.name) \(definition.version) (\(definition.kind.rawValue))")
            // What a browser drops is dropped too, but said: a typo in a keyframe changes nothing silently.
            // A stylesheet's declarations a browser ignores; a Lottie document's layers left out.
            for line in definition.ignoredDeclarations { print(line.hasPrefix("left out ") ? "  \(line)" : "  ignored \(line)") }
        }
    }
}
