import CatalogModel
import Foundation

extension Catalog.Tokens {
    /// Token files added together, as a token repository splits them: each file a set named
    /// after it, whose aliases may name tokens of the other files given with it or of the
    /// catalog's current sets. What such an alias resolves to is pinned in the set (the token's
    /// value, its set and that set's version), so the set reads the same when the other changes.
    /// A DTCG resolver document (`*.resolver.json`) among them is one set, named after it, of its
    /// sources merged for `contexts` (modifier → context; each modifier's default otherwise); the
    /// set keeps the resolver, so that `--context` can resolve it in any other context later.
    ///
    /// ```swift
    /// let sets = try catalog.tokens.definitions(files: [("motion.json", motion), ("surfaces.json", surfaces)])
    /// try catalog.tokens.add(sets)
    /// ```
    /// - Parameter read: the text of a file a resolver names (its path joined to the resolver's folder).
    public func definitions(
        files: [(file: String, text: String)], name: String? = nil, version: String? = nil,
        contexts: [String: String] = [:],
        read: (String) throws -> String = { path in
            guard let data = FileManager.default.contents(atPath: path) else {
                throw DefinitionError(file: path, path: "", rule: "cannot read the file a resolver names")
            }
            return String(decoding: data, as: UTF8.self)
        }
    ) throws -> [ComponentDefinition] {
        var given: [(name: String, file: String, document: JSONValue, ownVersion: String?, variants: [JSONValue])] = []
        var usedContexts = false
        for (file, text) in files {
            var document = TokenSet.tokenTree(of: try DefinitionDecoder.parse(text: text, file: file))
            var setName = name ?? ComponentDefinition.tokenSetName(file: file)
            var variants: [JSONValue] = []
            if TokenResolver.isResolver(document) {
                usedContexts = true
                let folder = (file as NSString).deletingLastPathComponent
                // Every source read into it, so that the set resolves in any context later.
                let resolver = try TokenResolver.inlined(document, file: file) { path in
                    let full = folder.isEmpty || path.hasPrefix("/") ? path : (folder as NSString).appendingPathComponent(path)
                    return try DefinitionDecoder.parse(text: try read(full), file: full)
                }
                let unread: (String) throws -> JSONValue = { path in throw DefinitionError(file: file, path: "", rule: "cannot read \(path)") }
                document = try TokenResolver.document(resolver, file: file, contexts: contexts, read: unread)
                if name == nil, setName.hasSuffix(".resolver") { setName = String(setName.dropLast(".resolver".count)) }
                // The contexts it was resolved for, in the set itself.
                let chosen = TokenResolver.modifiers(of: resolver).compactMap { modifier -> (String, JSONValue)? in
                    guard let context = contexts[modifier.name] ?? modifier.default else { return nil }
                    return (modifier.name, .string(context))
                }
                // Each other context of each modifier: its aliases into other sets are pinned too.
                for modifier in TokenResolver.modifiers(of: resolver) {
                    for context in modifier.contexts where context != (contexts[modifier.name] ?? modifier.default) {
                        var choice = contexts
                        choice[modifier.name] = context
                        variants.append(try TokenResolver.document(resolver, file: file, contexts: choice, read: unread))
                    }
                }
                if !chosen.isEmpty {
                    document = TokenSet.settingCatalogExtension("contexts", to: .object(Dictionary(uniqueKeysWithValues: chosen)), in: document)
                }
                document = TokenSet.settingCatalogExtension("resolver", to: resolver, in: document)
            }
            let ownVersion = document["$extensions"]?[ComponentDefinition.tokenExtensionKey]?["version"]?.stringValue
            given.append((setName, file, document, ownVersion, variants))
        }
        if !contexts.isEmpty, !usedContexts {
            throw DefinitionError(file: files.first?.file ?? "", path: "", rule: "contexts go with a resolver document (*.resolver.json)")
        }

        // Each file's own structure first, so that its errors name it.
        for file in given { _ = try TokenSet.outsideReferences(in: file.document, file: file.file) }
        // Every file together, later ones overriding: what an alias into another file resolves to.
        let merged = given.reduce(JSONValue.object([:])) { TokenResolver.deepMerge($0, $1.document) }
        var fromCatalog: [String: PinnedToken] = [:]
        func catalogToken(_ path: String) throws -> PinnedToken? {
            if let known = fromCatalog[path] { return known }
            guard let found = try token(path) else { return nil }
            let pinned = PinnedToken(type: found.token.type, value: found.resolved, set: found.set, version: found.version)
            fromCatalog[path] = pinned
            return pinned
        }
        var mergedPins: [String: PinnedToken] = [:]
        // In the order of the tokens that name them, so that the first refusal is always the same.
        for (path, from) in try TokenSet.outsideReferences(in: merged, file: "the files given together").sorted(by: { ($0.value, $0.key) < ($1.value, $1.key) })
        {
            guard let pinned = try catalogToken(path) else {
                let owner = given.first { TokenSet.defines(from, in: $0.document) } ?? given[0]
                throw DefinitionError(
                    file: owner.file, path: from, rule: "refers to {\(path)}, which no file given with it nor any token set of the catalog has")
            }
            mergedPins[path] = pinned
        }
        let mergedSet = try TokenSet(json: TokenSet.pinning(mergedPins, in: merged), file: given.count == 1 ? given[0].file : "the files given together")

        // Each file's version: its own, else the stored one for the same tokens, else the next
        // patch; the versions pinned depend on those, so settle them together.
        var versions = given.map { version ?? $0.ownVersion ?? "1.0.0" }
        var pinnedDocuments: [JSONValue] = []
        for _ in 0..<4 {
            pinnedDocuments = []
            for (index, file) in given.enumerated() {
                var pins: [String: PinnedToken] = [:]
                var outside = try TokenSet.outsideReferences(in: file.document, file: file.file)
                for variant in file.variants {
                    outside.merge(try TokenSet.outsideReferences(in: variant, file: file.file)) { first, _ in first }
                }
                for (path, from) in outside.sorted(by: { ($0.value, $0.key) < ($1.value, $1.key) }) {
                    if let owner = given.indices.last(where: { $0 != index && TokenSet.defines(path, in: given[$0].document) }) {
                        guard let token = mergedSet.token(path) else { continue }
                        pins[path] = PinnedToken(
                            type: token.type, value: try mergedSet.resolved(path, file: given[owner].file),
                            set: given[owner].name, version: versions[owner])
                    } else if let pinned = try catalogToken(path) {
                        pins[path] = pinned
                    } else {
                        throw DefinitionError(
                            file: file.file, path: from, rule: "refers to {\(path)}, which no file given with it nor any token set of the catalog has")
                    }
                }
                pinnedDocuments.append(TokenSet.pinning(pins, in: file.document))
            }
            var settled = versions
            for (index, file) in given.enumerated() where version == nil && file.ownVersion == nil {
                if let current = try catalog.components.get(file.name), current.kind == .tokens {
                    settled[index] = try current.decode().document["tokens"] == pinnedDocuments[index] ? current.version : Self.nextPatch(current.version)
                }
            }
            if settled == versions { break }
            versions = settled
        }
        var definitions: [ComponentDefinition] = []
        for (index, file) in given.enumerated() {
            let definition = try ComponentDefinition(tokenFile: pinnedDocuments[index], name: file.name, version: versions[index], file: file.file)
            // Every context of every modifier resolves: what `--context` may choose later.
            if case .tokens(let set)? = definition.defaultBody.body {
                for modifier in set.modifiers {
                    for context in modifier.contexts { _ = try set.inContexts([modifier.name: context], file: file.file) }
                }
            }
            definitions.append(definition)
        }
        return definitions
    }
}
