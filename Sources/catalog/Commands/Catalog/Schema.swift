import ArgumentParser
import CatalogKit

struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (draft-07) of a definition file, for editors.",
        discussion: """
            Point an editor at it and definition files are checked and completed as they are \
            written: in YAML, a first line `# yaml-language-server: $schema=definition.schema.json` \
            (the YAML extension of VS Code and others). It never flags a file `catalog validate` \
            accepts; `validate` stays the judge of the rest (values, references, limits).
            """)

    @Option(name: [.customShort("o"), .long], help: "Write to this file instead of standard output.") var output: String?

    func run() throws {
        try OutputFile.write(DefinitionSchema.document.prettyText + "\n", to: output)
    }
}
