import ArgumentParser
import CatalogKit
import CatalogRemote
import Foundation

struct Install: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Add every component catalog.lock names, from the local cache, without the network.",
        discussion: """
            Reads catalog.lock in the working folder and takes each item from the cache of fetched \
            items ($CATALOG_CACHE, else $XDG_CACHE_HOME/component-catalog/registry): an item whose \
            content differs by one byte from the integrity the lock records is refused, and then \
            nothing is written. All are added in one transaction.
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: "Output format: table (a line per component) or json (an array; errors as JSON too).") var format: OutputFormat = .table

    func run() throws {
        let installer = try RegistryInstaller(folder: FileManager.default.currentDirectoryPath)
        let outcomes = try installer.install(into: try global.open())
        printOutcomes(outcomes, format: format)
    }
}
