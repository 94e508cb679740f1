/// A token set added from a DTCG resolver document keeps the resolver, its sources read into it
/// (`$extensions.org.componentcatalog.resolver`), beside the contexts it was resolved for
/// (`…contexts`): so the same set resolves in any other context of its modifiers — `dark`
/// instead of `light` — without the files it came from.
///
/// ```swift
/// let set = binding.sets["brand"]!.set
/// let dark = try set.inContexts(["theme": "dark"], file: "brand@1.0.0")
/// set.modifiers   // [(name: "theme", contexts: ["dark", "light"], chosen: "light")]
/// ```
extension TokenSet {
    /// The resolver the set was added from, its sources inline; nil for a plain token file.
    package var resolver: JSONValue? { document["$extensions"]?[ComponentDefinition.tokenExtensionKey]?["resolver"] }

    /// The contexts the set holds its tokens in, by modifier.
    package var chosenContexts: [String: String] {
        (document["$extensions"]?[ComponentDefinition.tokenExtensionKey]?["contexts"]?.objectValue ?? [:]).compactMapValues(\.stringValue)
    }

    /// The modifiers of the resolver it was added from, each with its contexts and the one the
    /// set holds; empty for a plain token file.
    package var modifiers: [(name: String, contexts: [String], chosen: String)] {
        guard let resolver else { return [] }
        let chosen = chosenContexts
        return TokenResolver.modifiers(of: resolver).compactMap { modifier in
            guard let context = chosen[modifier.name] ?? modifier.default else { return nil }
            return (modifier.name, modifier.contexts, context)
        }
    }

    /// The set resolved with `contexts` (modifier → context) in place of those it holds;
    /// modifiers it does not have are left to other sets. The tokens of other sets its aliases
    /// resolved to stay pinned.
    package func inContexts(_ contexts: [String: String], file: String) throws(DefinitionError) -> TokenSet {
        guard let resolver else { return self }
        let own = Set(TokenResolver.modifiers(of: resolver).map(\.name))
        let changes = contexts.filter { own.contains($0.key) && chosenContexts[$0.key] != $0.value }
        guard !changes.isEmpty else { return self }
        let merged = chosenContexts.merging(changes) { _, new in new }
        let tokens: JSONValue
        do {
            tokens = try TokenResolver.document(resolver, file: file, contexts: merged) { path in
                throw DefinitionError(file: file, path: "", rule: "the kept resolver names the file \(path), which it should hold inline")
            }
        } catch let error as DefinitionError {
            throw error
        } catch {
            throw DefinitionError(file: file, path: "", rule: "\(error)")
        }
        var document = TokenSet.pinning(external, in: tokens)
        document = TokenSet.settingCatalogExtension("contexts", to: .object(merged.mapValues(JSONValue.string)), in: document)
        document = TokenSet.settingCatalogExtension("resolver", to: resolver, in: document)
        return try TokenSet(json: document, file: file)
    }
}
