import CatalogModel
import Foundation

extension Catalog {
    /// The catalog's design-token sets (DTCG files) — kept as components of kind `tokens`, so
    /// they are versioned, logged and archived as components are — and the binding of their
    /// current versions that definitions' token references resolve against.
    ///
    /// ```swift
    /// let sets = try catalog.tokens.definitions(files: [("motion.tokens.json", json)])
    /// try catalog.tokens.add(sets)
    /// try catalog.tokens.token("motion.duration.moderate-01")?.resolved   // {"value": 150, "unit": "ms"}
    /// ```
    public var tokens: Tokens { Tokens(catalog: self) }

    /// Token sets: read a DTCG file as one, add, list, look up, bind.
    public struct Tokens: Sendable {
        let catalog: Catalog

        /// Adds token sets (or new versions of them) in one transaction, as components are added.
        @discardableResult
        public func add(_ definitions: [ComponentDefinition], at sceneTime: Double? = nil) throws -> [AddOutcome] {
            for definition in definitions where definition.kind != .tokens {
                throw ComponentLookupError.wrongKind(component: definition.name, kind: definition.kind, expected: [.tokens], purpose: "tokens add")
            }
            return try catalog.components.add(definitions, at: sceneTime)
        }

        /// The current token sets, by name.
        public func sets() throws -> [TokenSetVersion] {
            try catalog.components.list(kind: .tokens).map { try TokenSetVersion($0) }
        }

        /// A token set's kept `version` (its current one when nil).
        public func set(_ name: String, version: String? = nil) throws -> TokenSetVersion? {
            guard let stored = try catalog.components.get(name, version: version), stored.kind == .tokens else { return nil }
            return try TokenSetVersion(stored)
        }

        /// The current versions of every set: what `sample`, `export` and `apply` resolve against.
        public func binding() throws -> TokenBinding {
            try catalog.compiled.tokenBinding(stamp: try catalog.database.components.tableStamp()) {
                TokenBinding(sets: try sets().map { ($0.name, $0.version, $0.set) })
            }
        }

        /// The current versions of every set, each set added from a DTCG resolver resolved in
        /// `contexts` (modifier → context, as `--context theme=dark` gives it): what `sample`,
        /// `export` and `state` resolve against in that context.
        ///
        /// ```swift
        /// let dark = try catalog.tokens.binding(contexts: ["theme": "dark"])
        /// let export = try ComponentExport(definition: definition, target: .waapi, context: DefinitionContext(tokens: dark))
        /// ```
        /// - Throws: a modifier no set has, or a context it does not have (`unknown-context`).
        public func binding(contexts: [String: String]) throws -> TokenBinding {
            let binding = try binding()
            guard !contexts.isEmpty else { return binding }
            try binding.check(contexts: contexts)
            return try binding.choosing(contexts)
        }

        /// The modifiers of the current sets (from the DTCG resolvers they were added from), each
        /// with its contexts and the one the sets hold by default.
        public func modifiers() throws -> [TokenModifier] {
            try binding().modifiers.map { TokenModifier(name: $0.name, contexts: $0.contexts, defaultContext: $0.chosen) }
        }

        /// The given versions of the named sets: what a replay resolves an `apply` against.
        package func binding(versions: [String: String]) throws -> TokenBinding {
            let components = catalog.database.components
            return try tokenBinding(versions, kept: { name, version in try components.get(name, version: version)?.decode() })
        }

        /// The token at `path` in the current sets, with the set it is in and its resolved value;
        /// nil when no set has it.
        public func token(_ path: String) throws -> FoundToken? {
            // As a reference finds it: a group's `$root` token answers for the group.
            let binding = try binding()
            guard let token = binding.token(path), let (name, version) = try? binding.origin(of: path), let set = binding.sets[name]?.set else { return nil }
            return FoundToken(set: name, version: version, token: token, resolved: try set.resolved(token.path, file: name))
        }

        static func nextPatch(_ version: String) -> String {
            guard let parsed = SemanticVersion(version) else { return version }
            return "\(parsed.major).\(parsed.minor).\(parsed.patch + 1)"
        }
    }
}

/// One version of a token set, read: its name, version and tokens.
///
/// ```swift
/// for set in try catalog.tokens.sets() { print(set.name, set.version, set.summary) }
/// ```
public struct TokenSetVersion: Sendable, Hashable {
    /// The set's name.
    public var name: String
    /// This version.
    public var version: String
    /// Its one-line summary (the file's `$description`).
    public var summary: String
    /// The tokens.
    package var set: TokenSet

    init(_ stored: StoredComponent) throws {
        let definition = try stored.decode()
        name = stored.name
        version = stored.version
        summary = stored.summary
        if case .tokens(let set)? = definition.defaultBody.body {
            self.set = set
        } else {
            set = try TokenSet(json: definition.document["tokens"] ?? .null, file: "\(stored.name)@\(stored.version)")
        }
    }
}

/// A token found by path: the set and version it is in, the token, and its value with every
/// alias resolved.
///
/// ```swift
/// let found = try catalog.tokens.token("motion.easing.entrance")
/// found?.resolved   // [0, 0, 0.38, 0.9]
/// ```
public struct FoundToken: Sendable, Hashable {
    /// The set's name.
    public var set: String
    /// The set's version.
    public var version: String
    /// The token as written.
    package var token: DesignToken
    /// Its value, aliases resolved.
    public var resolved: JSONValue
}

/// A modifier of the catalog's token sets (a DTCG resolver's `modifiers` member, such as `theme`
/// with the contexts `light` and `dark`): what `--context MODIFIER=CONTEXT` chooses.
///
/// ```swift
/// for modifier in try catalog.tokens.modifiers() { print(modifier.name, modifier.contexts) }
/// ```
public struct TokenModifier: Sendable, Hashable {
    /// The modifier's name.
    public var name: String
    /// Its contexts, sorted.
    public var contexts: [String]
    /// The context the sets hold when none is chosen.
    public var defaultContext: String
}
