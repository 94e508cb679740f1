import ArgumentParser
import CatalogKit
import CatalogRemote
import Foundation

struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add or update component definitions: all of them, or none if any is invalid.",
        discussion: """
            All files are validated first; if any is invalid, nothing is added. A stylesheet with \
            several @keyframes (an animation library as published) adds one component per \
            @keyframes, timed as a browser times an element carrying the library's base class \
            and the animation's class; --prefix and --base say how it is read. A Lottie document \
            (a JSON object with layers, fr, ip and op; a .tgs; a .lottie) adds its animated \
            layers: one an animation, several a chain with a role per layer or group. \
            --skip-unsupported leaves out the @keyframes or layers the catalog cannot play \
            instead of refusing the file. A registry item — a URL (…/r/NAME.json) or \
            @NAMESPACE/NAME[@VERSION] from catalog.json's registries — is fetched with every item \
            it depends on, each checked against its integrity before anything is written, then \
            recorded in catalog.lock (docs/Registry.md).
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var input: DefinitionFiles
    @Option(name: .customLong("as"), help: ArgumentHelp("Add a registry item under this name (its own is a local component's).", valueName: "NAME"))
    var newName: String?
    @Option(help: "Output format: table (a line per component) or json (an array; errors as JSON too).") var format: OutputFormat = .table

    func run() throws {
        if input.files.count == 1, RegistryInstaller.isRemote(input.files[0]) { return try addRemote(input.files[0]) }
        if newName != nil { throw ValidationError("--as renames a registry item (a URL or @NAMESPACE/NAME), not a file") }
        let definitions = try input.load(consequence: "nothing was added")
        let catalog = try global.open()
        let outcomes: [AddOutcome]
        do {
            outcomes = try catalog.components.add(definitions)
        } catch let error as StoreError
            where [.versionNotHigher, .versionKept].contains(error.code)
            && input.files.contains(where: { $0.lowercased().hasSuffix(".css") })
        {
            // A library's animation named like one the catalog holds: keep both under a prefix.
            throw CommandFailure(
                error,
                message: ErrorPresentation.text(error)
                    + "\nto add a stylesheet's animations beside the catalog's own, give their names a prefix: --prefix P")
        }
        let notes = definitions.flatMap(\.ignoredDeclarations)
        let keyframes = notes.filter { $0.hasPrefix("left out @keyframes") }.count
        let layers = notes.filter { $0.hasPrefix("left out ") }.count - keyframes, ignored = notes.count - layers - keyframes
        if ignored > 0 {
            FileHandle.standardError.write(
                Data("note: \(ignored) keyframe declaration(s) a browser ignores were left out (catalog validate lists them)\n".utf8))
        }
        if keyframes > 0 {
            FileHandle.standardError.write(Data("note: \(keyframes) @keyframes the catalog cannot play were left out (catalog validate lists them)\n".utf8))
        }
        if layers > 0 {
            FileHandle.standardError.write(Data("note: \(layers) Lottie layer(s) the catalog cannot play were left out (catalog validate lists them)\n".utf8))
        }
        printOutcomes(outcomes, format: format)
    }

    /// A registry item and its dependencies, fetched and checked, then added in one transaction.
    func addRemote(_ argument: String) throws {
        let installer = try RegistryInstaller(folder: FileManager.default.currentDirectoryPath)
        var fetched = try blocking { try await installer.resolve(argument) }
        if let newName { fetched = try installer.renamingTop(fetched, as: newName) }
        let outcomes = try installer.add(fetched, to: try global.open())
        printOutcomes(outcomes, from: fetched.map(\.url), format: format)
    }
}
