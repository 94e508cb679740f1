import ArgumentParser
import CatalogKit
import Foundation

struct TokensAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add token sets from DTCG files (.tokens.json): all of them, or none if any is invalid.",
        discussion: """
            Each file is a set named after it (motion.tokens.json → motion). A set whose tokens \
            changed gets the next patch version unless --version says which; the same tokens again \
            change nothing.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "DTCG token files.", completion: .file(extensions: ["json"])) var files: [String]
    @Option(help: "The set's name (one file only).") var name: String?
    @Option(help: "The set's version, MAJOR.MINOR.PATCH (one file only).") var version: String?

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one token file") }
        if files.count > 1, name != nil || version != nil { throw ValidationError("--name and --version go with one file") }
    }

    func run() throws {
        let catalog = try global.open()
        var definitions: [ComponentDefinition] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw CommandFailure("\(file): cannot read the file; nothing was added", code: .cannotReadFile, fields: ["file": .string(file)])
            }
            definitions.append(try catalog.tokens.definition(text: String(decoding: data, as: UTF8.self), file: file, name: name, version: version))
        }
        for outcome in try catalog.tokens.add(definitions) {
            switch outcome {
            case .added(let name, let version): print("added token set \(name) \(version)")
            case .updated(let name, let from, let to): print("updated token set \(name) \(from) → \(to)")
            case .unchanged(let name, let version): print("unchanged token set \(name) \(version) (identical tokens already stored)")
            }
        }
    }
}
