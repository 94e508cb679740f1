import CatalogModel
import Foundation

/// The built-in component definitions from `catalog/`, embedded in the binary at build time —
/// with the token sets of `catalog/tokens/` (Material 3's and Carbon's motion values).
///
/// ```swift
/// let definitions = try BuiltInCatalog.definitions()
/// definitions.map(\.name)   // ["bounce-select", "fade-in", …]
/// ```
package enum BuiltInCatalog {
    /// Every built-in definition, validated, sorted by file path.
    package static func definitions() throws(DefinitionError) -> [ComponentDefinition] {
        var result: [ComponentDefinition] = []
        for file in EmbeddedCatalog.files where !file.name.hasPrefix(BuiltInScenarios.folder) {
            let text = String(decoding: Data(base64Encoded: file.base64)!, as: UTF8.self)
            let path = "catalog/\(file.name)"
            if ComponentDefinition.isTokenFile(file.name) {
                // The design systems' motion values: token sets the built-in components reference.
                result.append(
                    try ComponentDefinition(
                        tokenFile: try DefinitionDecoder.parse(text: text, file: path),
                        name: ComponentDefinition.tokenSetName(file: file.name), file: path))
            } else {
                result.append(try DefinitionDecoder.decode(text: text, file: path))
            }
        }
        return result
    }

    /// Identifies this build's built-in components: changes whenever any of their files does.
    package static let fingerprint: String =
        ContentDigest.sha256Hex(
            Data(EmbeddedCatalog.files.filter { !$0.name.hasPrefix(BuiltInScenarios.folder) }.map { "\($0.name)\n\($0.base64)\n" }.joined().utf8))
}
