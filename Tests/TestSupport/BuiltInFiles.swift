import CatalogModel
import Foundation

/// The built-in definitions as the repository keeps them (`catalog/KIND/NAME.yaml|json`, and the
/// token sets `catalog/tokens/NAME.tokens.json`), read
/// from the files themselves, so that the model's and the engine's suites test the built-ins
/// without the library that embeds them (the library's suite checks that its copy is these).
///
/// ```swift
/// let chain = try ChainDefinition(try BuiltInFiles.definition("fade-sequence"))
/// ```
public enum BuiltInFiles {
    /// The repository's `catalog/` folder.
    public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../../catalog").standardized

    /// The folders of definitions, one per kind (`scenarios/` holds the built-in scenarios, which are not definitions).
    public static func kindFolders() throws -> [(kind: String, folder: URL)] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().filter { $0 != "scenarios" }.map { ($0, folder.appending(path: $0)) }
    }

    /// Every built-in, by file name within its kind's folder.
    public static func definitions() throws -> [ComponentDefinition] {
        var result: [ComponentDefinition] = []
        for (kind, kindFolder) in try kindFolders() {
            for file in try FileManager.default.contentsOfDirectory(atPath: kindFolder.path).sorted() where file.hasSuffix(".yaml") || file.hasSuffix(".json") {
                let text = try String(contentsOf: kindFolder.appending(path: file), encoding: .utf8)
                let path = "catalog/\(kind)/\(file)"
                if ComponentDefinition.isTokenFile(file) {
                    result.append(
                        try ComponentDefinition(
                            tokenFile: try DefinitionDecoder.parse(text: text, file: path),
                            name: ComponentDefinition.tokenSetName(file: file), file: path))
                } else {
                    result.append(try DefinitionDecoder.decode(text: text, file: path))
                }
            }
        }
        return result
    }

    /// The built-in named `name`.
    public static func definition(_ name: String) throws -> ComponentDefinition {
        guard let found = try definitions().first(where: { $0.name == name }) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: folder.appending(path: "*/\(name).*").path])
        }
        return found
    }
}
