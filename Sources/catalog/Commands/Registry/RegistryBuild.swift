import ArgumentParser
import CatalogKit
import Foundation

struct RegistryBuild: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Write the catalog as a static shadcn registry, for a CDN or a Git repository.",
        discussion: """
            Writes DIR/registry.json (every component's current version), DIR/NAME.json and \
            DIR/NAME@VERSION.json for every kept version: the bytes `catalog serve` answers under \
            /r/ with the same --registry-name and --registry-homepage. An item holds the \
            definition as its file (with its sha256 integrity in meta), the CSS export in css, a \
            token set's custom properties in cssVars, and what it needs as registryDependencies.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The folder to write (made when missing).", completion: .directory) var directory: String
    @OptionGroup var registry: RegistryOptions

    func run() throws {
        let catalog = try global.open(forReading: true)
        let files = try catalog.registryFiles(name: registry.name, homepage: registry.homepage)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for file in files {
            try Data(file.text.utf8).write(to: URL(fileURLWithPath: directory).appending(path: file.path), options: .atomic)
        }
        print("wrote \(files.count) files to \(directory)")
    }
}
