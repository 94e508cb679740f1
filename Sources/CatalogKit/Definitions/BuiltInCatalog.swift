import CatalogModel
import Foundation

/// The built-in component definitions from `catalog/`, embedded in the binary at build time.
///
/// ```swift
/// let definitions = try BuiltInCatalog.definitions()
/// definitions.map(\.name)   // ["bounce-select", "fade-in", …]
/// ```
public enum BuiltInCatalog {
    /// Every built-in definition, validated, sorted by file path.
    public static func definitions() throws(DefinitionError) -> [ComponentDefinition] {
        var result: [ComponentDefinition] = []
        for file in EmbeddedCatalog.files {
            let text = String(decoding: Data(base64Encoded: file.base64)!, as: UTF8.self)
            result.append(try DefinitionDecoder.decode(text: text, file: "catalog/\(file.name)"))
        }
        return result
    }

    /// Identifies this build's built-ins: changes whenever any file does.
    public static let fingerprint: String =
        ContentDigest.sha256Hex(Data(EmbeddedCatalog.files.map { "\($0.name)\n\($0.base64)\n" }.joined().utf8))
}
