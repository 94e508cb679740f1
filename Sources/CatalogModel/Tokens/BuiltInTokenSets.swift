import Foundation

/// The design systems' motion values the catalog ships — Material 3 (`material3`,
/// `md.sys.motion.*`) and IBM Carbon (`carbon`, `carbon.motion.*`) — as the token sets of
/// `catalog/tokens/`, embedded at build time. A catalog stores them as its built-in token sets;
/// a definition read on its own (a file sampled without a catalog) resolves its token
/// references against them.
///
/// ```swift
/// try BuiltInTokenSets.binding.value(of: "carbon.motion.duration.fast-02", at: .duration)   // [0.11]
/// ```
package enum BuiltInTokenSets {
    /// Each set: its name (the file's), version and tokens.
    package static let sets: [(name: String, version: String, set: TokenSet)] = EmbeddedTokenSets.files.map { file in
        let path = "catalog/tokens/\(file.name)"
        // Built into the binary and checked by the tests: a failure here is a broken build.
        let definition = try! ComponentDefinition(
            tokenFile: try! JSONReader.read(String(decoding: Data(base64Encoded: file.base64)!, as: UTF8.self)),
            name: ComponentDefinition.tokenSetName(file: file.name), file: path)
        guard case .tokens(let set)? = definition.defaultBody.body else { fatalError("\(path) is not a token set") }
        return (definition.name, definition.version.description, set)
    }

    /// The built-in sets bound together.
    package static let binding = TokenBinding(sets: sets)
}
