import ArgumentParser
import CatalogKit
import Foundation

struct TokensAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add token sets from DTCG files (.tokens.json): all of them, or none if any is invalid.",
        discussion: """
            Each file is a set named after it (motion.tokens.json → motion). Files given together \
            may alias each other's tokens and those of the catalog's sets; what an alias resolves \
            to is pinned in the set. A DTCG resolver document (NAME.resolver.json) is one set of \
            its sources merged in resolution order, for the --context of each modifier (its default \
            otherwise); the set keeps the resolver, so sample, export and state can resolve it in \
            another --context later. A set whose tokens changed gets the next patch version unless --version \
            says which; the same tokens again change nothing.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "DTCG token files.", completion: .file(extensions: ["json"])) var files: [String]
    @Option(help: "The set's name (one file only).") var name: String?
    @Option(help: "The set's version, MAJOR.MINOR.PATCH (one file only).") var version: String?
    @OptionGroup var context: TokenContextOption

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one token file") }
        if files.count > 1, name != nil || version != nil { throw ValidationError("--name and --version go with one file") }
    }

    func run() throws {
        let catalog = try global.open()
        var given: [(file: String, text: String)] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw CommandFailure("\(file): cannot read the file; nothing was added", code: .cannotReadFile, fields: ["file": .string(file)])
            }
            given.append((file, String(decoding: data, as: UTF8.self)))
        }
        let chosen = try context.chosen()
        // Files given together resolve each other's aliases (and the catalog's sets').
        let definitions = try catalog.tokens.definitions(files: given, name: name, version: version, contexts: chosen)
        for outcome in try catalog.tokens.add(definitions) {
            switch outcome {
            case .added(let name, let version): print("added token set \(name) \(version)")
            case .updated(let name, let from, let to): print("updated token set \(name) \(from) → \(to)")
            case .unchanged(let name, let version): print("unchanged token set \(name) \(version) (identical tokens already stored)")
            }
        }
    }
}
