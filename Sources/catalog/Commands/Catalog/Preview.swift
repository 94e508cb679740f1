import ArgumentParser
import CatalogKit

struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Write a self-contained HTML page that plays and scrubs components.",
        discussion: """
            Each animation plays on a sample element, each chain over one element per role, each \
            layout shows its boxes at their frames — with play, pause, loop, a scrubber, speed, a \
            reduced-motion toggle, the curves and the values at the scrubbed time. The page \
            needs no network and runs the same data as `catalog export --to waapi`.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "Components, NAME[@VERSION] or a definition file.", completion: DatabaseCompletion.components())
    var components: [String]
    @Option(name: [.customShort("o"), .long], help: "Write to this file instead of standard output.") var output: String?

    func validate() throws {
        guard !components.isEmpty else { throw ValidationError("name at least one component") }
    }

    func run() throws {
        let resolver = global.resolver()
        let definitions = try components.map {
            try resolver.resolve($0, kinds: [.animation, .chain, .decorator, .layout], for: "preview").definition
        }
        let preview = try ComponentPreview(definitions: definitions, catalog: try resolver.catalog())
        try OutputFile.write(preview.html, to: output)
    }
}
