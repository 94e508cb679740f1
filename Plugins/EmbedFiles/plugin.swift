import Foundation
import PackagePlugin

/// Embeds package files into a target as generated Swift source.
///
/// Which files a target receives is fixed here, by target name, because exactly four targets
/// carry data: `CatalogStore` embeds `Migrations/sqlite/*.sql` and `CatalogStorePostgres`
/// `Migrations/postgres/*.sql` (the only sources of the schema, one per dialect),
/// `CatalogKit` embeds `catalog/**/*.{yaml,yml,json}` (the built-in components) and
/// `CatalogModel` `catalog/tokens/*.json` (the built-in token sets, which a definition read on
/// its own resolves its token references against).
@main
struct EmbedFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let (folder, extensions, symbol): (String, Set<String>, String)
        switch target.name {
        case "CatalogStore": (folder, extensions, symbol) = ("Migrations/sqlite", ["sql"], "EmbeddedMigrations")
        case "CatalogStorePostgres": (folder, extensions, symbol) = ("Migrations/postgres", ["sql"], "EmbeddedMigrations")
        case "CatalogKit": (folder, extensions, symbol) = ("catalog", ["yaml", "yml", "json"], "EmbeddedCatalog")
        case "CatalogModel": (folder, extensions, symbol) = ("catalog/tokens", ["json"], "EmbeddedTokenSets")
        default: return []
        }
        let base = root.appending(path: folder)
        var files: [URL] = []
        if let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) {
            for case let url as URL in walker where extensions.contains(url.pathExtension) {
                files.append(url)
            }
        }
        files.sort { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "\(symbol).swift")
        // The tool lists the folder again when it runs (see embed-files); the folder itself is an
        // input so that adding or removing a file, which changes its modification time, reruns it.
        return [
            .buildCommand(
                displayName: "Embedding the \(folder) folder into \(target.name)",
                executable: try context.tool(named: "embed-files").url,
                arguments: [output.path, symbol, base.path, extensions.sorted().joined(separator: ",")],
                inputFiles: files + [base],
                outputFiles: [output])
        ]
    }
}
