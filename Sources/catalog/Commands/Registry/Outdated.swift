import ArgumentParser
import CatalogKit
import CatalogRemote
import Foundation

struct Outdated: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outdated",
        abstract: "List the components catalog.lock names whose registry has a newer version.",
        discussion: """
            Fetches the newest item of every component in catalog.lock (its locked URL without \
            @VERSION, through its catalog.json registry when it came by namespace), checks each as \
            add does, and lists those whose version is higher than the locked one. Nothing is \
            written; `catalog update NAME` shows the diff and takes one.
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: "Output format: table or json.") var format: OutputFormat = .table

    func run() throws {
        let installer = try RegistryInstaller(folder: FileManager.default.currentDirectoryPath)
        let outdated = try blocking { try await installer.outdated() }
        switch format {
        case .json:
            printJSON(.array(outdated.map(\.json)))
        case .table where outdated.isEmpty:
            print("every component in catalog.lock is at its registry's newest version")
        case .table:
            var table = Table("NAME", "CURRENT", "LATEST", "URL")
            for one in outdated { table.append(one.name, one.current, one.latest, one.url) }
            print(table.render())
        }
    }
}
