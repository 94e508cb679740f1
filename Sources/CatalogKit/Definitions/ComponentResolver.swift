import CatalogModel
import Foundation

/// A component found by what a user typed: a definition file (or `-`, standard input) when one
/// exists at that path, otherwise `NAME` (the current version) or `NAME@VERSION` (a kept one) in
/// a catalog — one lookup for `sample`, `plot`, `export`, `preview`, a chain's steps and a
/// `reducedMotion` stand-in, with one set of errors.
///
/// The catalog opens only when a name needs it: sampling a file needs no database.
///
/// ```swift
/// let resolver = ComponentResolver { try Catalog(path: path, forReading: true) }
/// let fade = try resolver.resolve("fade-in@1.0.0", kinds: [.animation], for: "sample")
/// fade.source                 // "fade-in@1.0.0"
/// let mine = try resolver.resolve("bounce.yaml", kinds: [.animation, .chain], for: "export")
/// mine.stored                 // nil: it came from the file
/// ```
package final class ComponentResolver {
    private let open: () throws -> Catalog
    private var opened: Catalog?
    /// The token-set contexts references resolve in (`--context theme=dark`); empty: each set's own.
    package var tokenContexts: [String: String] = [:]

    /// - Parameter open: opens the catalog, called at most once, on the first name that needs it.
    package init(catalog open: @escaping () throws -> Catalog) {
        self.open = open
    }

    /// Over a catalog that is already open.
    package convenience init(catalog: Catalog) {
        self.init(catalog: { catalog })
        opened = catalog
    }

    /// The catalog, opened on first use.
    package func catalog() throws -> Catalog {
        if let opened { return opened }
        let catalog = try open()
        opened = catalog
        return catalog
    }

    /// The catalog a definition needs to be evaluated or exported: the one names were found in,
    /// or, when a file names other components (chain steps, a `reducedMotion` stand-in), the
    /// catalog opened now to find them; nil when nothing needs one.
    package func catalog(for definition: ComponentDefinition) throws -> Catalog? {
        if let opened { return opened }
        return definition.references.isEmpty && definition.tokenReferences.isEmpty ? nil : try catalog()
    }

    /// The token sets `definition` resolves its references against: the catalog's current ones,
    /// in ``tokenContexts`` (nil when it references none, no context is chosen and no catalog is
    /// open — a file alone needs no database).
    package func tokenBinding(for definition: ComponentDefinition) throws -> TokenBinding? {
        guard tokenContexts.isEmpty else { return try catalog().tokens.binding(contexts: tokenContexts) }
        return try catalog(for: definition)?.tokens.binding()
    }

    /// The component `argument` names.
    /// - Parameters:
    ///   - kinds: the kinds the caller takes; another is ``ComponentLookupError/wrongKind(component:kind:expected:purpose:)``.
    ///   - purpose: what wants it (`"sample"`, `"export"`, `"reducedMotion"`), for the message.
    ///   - filesAllowed: false when only the catalog may answer (a definition's reference to
    ///     another component is a name, never a path).
    package func resolve(_ argument: String, kinds: Set<ComponentKind>, for purpose: String, filesAllowed: Bool = true) throws -> ResolvedComponent {
        if filesAllowed, argument == "-" || FileManager.default.fileExists(atPath: argument) {
            let (definitions, errors) = DefinitionSource.load([argument])
            guard errors.isEmpty else { throw DefinitionErrors(errors) }
            guard definitions.count == 1 else {
                throw ComponentLookupError.notOneDefinition(file: argument, count: definitions.count, purpose: purpose)
            }
            try ComponentLookupError.check(definitions[0].kind, of: argument, against: kinds, purpose: purpose)
            return ResolvedComponent(definition: definitions[0], source: argument, stored: nil)
        }
        do {
            return try catalog().component(argument, kinds: kinds, for: purpose)
        } catch StoreError.unknownComponent where filesAllowed {
            throw ComponentLookupError.notFound(argument)  // it could have been a file: say so
        }
    }
}

extension ComponentResolver {
    /// The animation `argument` names, ready to sample — what `catalog sample` prints. Under
    /// reduced motion a `reducedMotion: COMPONENT` stand-in is sampled instead, with its own
    /// defaults, found in the catalog.
    ///
    /// ```swift
    /// let sampling = try resolver.sampling(of: "slide-in-left", reducedMotion: true)
    /// sampling.table(at: [0, 0.1, 0.2])
    /// ```
    /// - Parameter referenceBox: what its `translate()` percentages resolve against (`--box`).
    package func sampling(
        of argument: String, parameters: [String: String] = [:], reducedMotion: Bool = false, referenceBox: ReferenceBox? = nil
    ) throws -> AnimationSampling {
        try sampling(
            try resolve(argument, kinds: [.animation], for: "sample"), parameters: parameters, reducedMotion: reducedMotion, referenceBox: referenceBox)
    }

    /// A definition not stored (a draft in an editor, `source` naming it in errors), sampled as
    /// ``sampling(of:parameters:reducedMotion:referenceBox:)`` samples a stored one.
    package func sampling(draft text: String, source: String, parameters: [String: String] = [:], reducedMotion: Bool = false) throws -> AnimationSampling {
        let definitions = try DefinitionDecoder.decodeAll(text: text, file: source)
        guard definitions.count == 1 else { throw ComponentLookupError.notOneDefinition(file: source, count: definitions.count, purpose: "sample") }
        return try sampling(draft: definitions[0], source: source, parameters: parameters, reducedMotion: reducedMotion)
    }

    /// The same for a draft already decoded.
    package func sampling(draft definition: ComponentDefinition, source: String, parameters: [String: String] = [:], reducedMotion: Bool = false) throws
        -> AnimationSampling
    {
        try ComponentLookupError.check(definition.kind, of: source, against: [.animation], purpose: "sample")
        return try sampling(ResolvedComponent(definition: definition, source: source, stored: nil), parameters: parameters, reducedMotion: reducedMotion)
    }

    private func sampling(
        _ resolved: ResolvedComponent, parameters: [String: String], reducedMotion: Bool, referenceBox: ReferenceBox? = nil
    ) throws -> AnimationSampling {
        var found = resolved
        var parameters = parameters
        if reducedMotion, case .component(let name)? = found.definition.reducedMotion {
            found = try resolve(name, kinds: [.animation], for: "reducedMotion", filesAllowed: false)
            parameters = [:]
        }
        let definition = found.definition
        // Token references take the catalog's current token sets.
        let context = DefinitionContext(referenceBox: referenceBox, tokens: try tokenBinding(for: definition))
        return try sampling(found, parameters: parameters, reducedMotion: reducedMotion, context: context)
    }

    private func sampling(_ found: ResolvedComponent, parameters: [String: String], reducedMotion: Bool, context: DefinitionContext) throws
        -> AnimationSampling
    {
        let definition = found.definition
        guard let stored = found.stored else {
            return try AnimationSampling(definition: definition, parameters: parameters, file: found.source, reducedMotion: reducedMotion, context: context)
        }
        // A stored version: compiled once per catalog handle with these values, as `apply` and the fold compile it.
        let values = try definition.parameterValues(text: parameters, file: found.source).mapValues(\.jsonValue)
        let compiled = try catalog().compiled
        return try compiled.sampling(stored.name, stored.version, parameters: values, reduced: reducedMotion, context: context) {
            let animation = try compiled.animation(stored.name, stored.version, parameters: values, context: context) {
                try .init(definition, parameters: values, source: found.source, context: context)
            }
            return AnimationSampling(name: definition.name, animation: animation.definition, reducedMotion: reducedMotion ? definition.reducedMotion : nil)
        }
    }
}

extension Catalog {
    /// A stored animation, `NAME` or `NAME@VERSION`, ready to sample
    /// (``ComponentResolver/sampling(of:parameters:reducedMotion:)``).
    ///
    /// ```swift
    /// let times = try SampleTimes.frames(fps: 60, from: 0, to: 0.4)
    /// try catalog.sampling(of: "fade-in", parameters: ["duration": "0.4"]).writeJSON(at: times, to: { print($0, terminator: "") })
    /// ```
    package func sampling(
        of reference: String, parameters: [String: String] = [:], reducedMotion: Bool = false, referenceBox: ReferenceBox? = nil
    ) throws -> AnimationSampling {
        try ComponentResolver(catalog: self).sampling(of: reference, parameters: parameters, reducedMotion: reducedMotion, referenceBox: referenceBox)
    }

    /// The stored component `reference` names — `NAME` (its current version) or `NAME@VERSION`
    /// (a kept one) — of one of `kinds`, decoded once per version and process. None is
    /// ``StoreError/unknownComponent(_:)``.
    ///
    /// ```swift
    /// let fade = try catalog.component("fade-in", kinds: [.animation], for: "sample")
    /// fade.definition.kind   // .animation
    /// ```
    package func component(_ reference: String, kinds: Set<ComponentKind> = Set(ComponentKind.allCases), for purpose: String) throws
        -> ResolvedComponent
    {
        guard let stored = try database.components.get(ComponentReference(reference)) else {
            throw StoreError.unknownComponent(ComponentReference(reference).name)
        }
        try ComponentLookupError.check(stored.kind, of: stored.name, against: kinds, purpose: purpose)
        return ResolvedComponent(definition: try stored.decode(), source: "\(stored.name)@\(stored.version)", stored: stored)
    }
}

/// A component as ``ComponentResolver`` found it.
///
/// ```swift
/// let resolved = try catalog.component("bounce-select@1.0.0", kinds: [.animation], for: "sample")
/// resolved.definition.version   // 1.0.0
/// ```
package struct ResolvedComponent: Sendable {
    /// The definition, with its parameters not yet applied.
    package var definition: ComponentDefinition
    /// What messages call where it came from: the file as given, or `NAME@VERSION`.
    package var source: String
    /// The stored version, when it came from a catalog.
    package var stored: StoredComponent?
}

/// Why ``ComponentResolver`` found no component of the kind asked for.
///
/// ```swift
/// do { _ = try resolver.resolve("ghost", kinds: [.animation], for: "sample") }
/// catch ComponentLookupError.notFound(let name) { print(name) }   // "ghost"
/// ```
package enum ComponentLookupError: CatalogError, Hashable {
    /// Neither a file nor a component has this name (where a file could have been given).
    case notFound(String)
    /// It is a component of another kind than the caller takes.
    case wrongKind(component: String, kind: ComponentKind, expected: Set<ComponentKind>, purpose: String)
    /// The file holds no definition or several, where one is taken.
    case notOneDefinition(file: String, count: Int, purpose: String)
    /// The component never kept this version.
    case unknownVersion(component: String, version: String)
    /// The component was removed from the catalog; its versions are kept (the log may apply
    /// them), the newest being `lastVersion`.
    case removed(component: String, lastVersion: String)

    static func check(_ kind: ComponentKind, of name: String, against kinds: Set<ComponentKind>, purpose: String) throws {
        guard kinds.contains(kind) else { throw wrongKind(component: name, kind: kind, expected: kinds, purpose: purpose) }
    }

    /// ``ErrorCode/unknownComponent``, ``ErrorCode/unknownVersion`` or ``ErrorCode/wrongComponent``.
    package var code: ErrorCode {
        switch self {
        case .notFound, .removed: .unknownComponent
        case .unknownVersion: .unknownVersion
        case .wrongKind, .notOneDefinition: .wrongComponent
        }
    }

    /// `component` (and `kind`, `version`, `removed`) or `file`.
    package var fields: [String: JSONValue] {
        switch self {
        case .notFound(let name): ["component": .string(name)]
        case .wrongKind(let name, let kind, _, _): ["component": .string(name), "kind": .string(kind.rawValue)]
        case .notOneDefinition(let file, _, _): ["file": .string(file)]
        case .unknownVersion(let name, let version): ["component": .string(name), "version": .string(version)]
        case .removed(let name, _): ["component": .string(name), "removed": .bool(true)]
        }
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String]) -> String {
        items.count <= 2 ? items.joined(separator: " and ") : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    /// What was not found or does not fit.
    package var description: String {
        switch self {
        case .notFound(let name): "no component or file named \(name)"
        case .wrongKind(let name, let kind, let expected, let purpose):
            "\(name) is \(kind == .tokens ? "a token set" : "a " + kind.rawValue); \(purpose) takes \(Self.list(expected.map(\.rawValue).sorted().map { $0 + "s" }))"
        case .notOneDefinition(let file, let count, let purpose): "\(file): \(purpose) takes one definition, found \(count)"
        case .unknownVersion(let name, let version): "\(name) has no version \(version)"
        case .removed(let name, _): "\(name) was removed from the catalog; its versions are kept for the log"
        }
    }
}
