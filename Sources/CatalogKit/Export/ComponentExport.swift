import CatalogEngine
import CatalogFormats
import CatalogModel

/// A component (animation or chain) in its web forms — what `catalog export` writes: a CSS
/// stylesheet, the Web Animations JSON `element.animate()` takes, or an ES module that plays it.
/// Both the stylesheet and the module carry what plays under reduced motion (an
/// `@media (prefers-reduced-motion: reduce)` block; a `matchMedia` check).
///
/// ```swift
/// let definition = try catalog.components.get("bounce-select")!.decode()
/// let export = try ComponentExport(definition: definition, target: .css, catalog: catalog)
/// print(export.stylesheet())   // @keyframes bounce-select { … } .bounce-select { animation: … }
/// ```
public struct ComponentExport: Sendable {
    /// What was exported: one animation list, or one per role of a chain.
    package enum Body: Sendable {
        /// An animation's web animations (a group gives several).
        case animation([WebAnimation])
        /// A chain's, per role.
        case chain(ChainExport)
    }

    /// The component's name.
    public let name: String
    /// Its version.
    public let version: String
    /// The form it was written for.
    public let target: ExportTarget
    /// What was exported.
    package let body: Body
    /// What plays instead under reduced motion; nil when that is the same (no `reducedMotion:`
    /// anywhere) or when ``body`` already is the reduced form.
    package let reducedBody: Body?

    /// - Parameters:
    ///   - parameters: `name → text` as given on the command line (`--param k=v`).
    ///   - catalog: resolves the components a chain's steps and `reducedMotion:` name, and gives
    ///     the token sets references resolve against when `context` names none.
    ///   - reducedMotion: export only what plays under reduced motion, as the component itself.
    ///   - context: the reference box (`--box`) and the token sets; without a box, a definition
    ///     that writes percentages exports them as written when it can, else against a nominal box.
    ///   - engines: the browser engines it must play in as the engine computes (`--target`):
    ///     where one of them interpolates a keyframe pair otherwise, that part is baked.
    public init(
        definition: ComponentDefinition, parameters: [String: String] = [:], target: ExportTarget, engines: BrowserEngines = .all,
        file: String? = nil, catalog: Catalog? = nil, reducedMotion: Bool = false, context: DefinitionContext? = nil
    ) throws {
        var context = context ?? DefinitionContext()
        if context.tokens == nil, let catalog { context.tokens = try catalog.tokens.binding() }
        // Percentages of the reference box written as percentages hold on any box: without one,
        // an export that says every value in the definition's own words needs none.
        if context.referenceBox == nil, ReferenceBox.isNeeded(by: definition.document),
            let export = try? ComponentExport(
                building: definition, parameters: parameters, target: target, engines: engines, file: file, catalog: catalog,
                reducedMotion: reducedMotion, context: context.with(referenceBox: .nominal)), export.isSizeFree
        {
            self = export
            return
        }
        try self.init(
            building: definition, parameters: parameters, target: target, engines: engines, file: file, catalog: catalog,
            reducedMotion: reducedMotion, context: context)
    }

    /// The same export made with other token sets (another context of them, or every token
    /// changed), which a dotLottie's themes and slots are found by.
    func remade(tokens: TokenBinding) throws -> ComponentExport {
        try ComponentExport(
            building: source.definition, parameters: source.parameters, target: target, engines: source.engines, file: source.file,
            catalog: source.catalog, reducedMotion: source.reducedMotion, context: source.context.with(tokens: tokens))
    }

    /// What the export was made from, to make it again with other token sets.
    struct Source: Sendable {
        var definition: ComponentDefinition
        var parameters: [String: String]
        var engines: BrowserEngines
        var file: String?
        var catalog: Catalog?
        var reducedMotion: Bool
        var context: DefinitionContext
    }
    let source: Source

    private init(
        building definition: ComponentDefinition, parameters: [String: String], target: ExportTarget, engines: BrowserEngines,
        file: String?, catalog: Catalog?, reducedMotion: Bool, context: DefinitionContext
    ) throws {
        source = Source(
            definition: definition, parameters: parameters, engines: engines, file: file, catalog: catalog, reducedMotion: reducedMotion,
            context: context)
        box = context.referenceBox ?? .nominal
        let file = file ?? definition.name
        tokenTexts = Self.tokenTexts(definition.tokenReferences, binding: context.tokens)
        name = definition.name
        version = definition.version.description
        self.target = target
        let values = try definition.parameterValues(text: parameters, file: file)
        switch definition.kind {
        case .animation:
            let normal = try Self.animations(definition, parameters: values, target: target, engines: engines, file: file, context: context)
            let reduced = try Self.reduced(
                normal.animation, motion: definition.reducedMotion, normal: normal.web, target: target, engines: engines,
                owner: definition.name, catalog: catalog, context: context)
            isSizeFree = normal.inOwnWords && reduced.inOwnWords
            body = .animation(reducedMotion ? reduced.web : normal.web)
            reducedBody = reducedMotion || definition.reducedMotion == nil ? nil : .animation(reduced.web)
            standIn = definition.reducedMotion?.componentName
            // What plays, for a Lottie export to sample: the stand-in itself, or the animation under its policy.
            if reducedMotion, let replacement = reduced.replacement {
                engine = .animation(replacement, motion: nil)
            } else {
                engine = .animation(normal.animation, motion: reducedMotion ? definition.reducedMotion : nil)
            }
        case .chain:
            let chain = try ChainDefinition(definition, parameters: values, file: file, context: context)
            func export(_ reduced: Bool) throws -> ChainExport {
                try ChainExport(chain, target: target, engines: engines, reducedMotion: reduced) { step in
                    try Self.resolve(step, chain: definition.name, catalog: catalog, reducedMotion: reduced, context: context)
                }
            }
            let shown = try export(reducedMotion)
            body = .chain(shown)
            engine = .chain(shown.running)
            let reduced = reducedMotion ? nil : try export(true)
            // Steps without reducedMotion: play the same; say it once.
            let same = reduced.map { $0.roles.map(\.animations) == shown.roles.map(\.animations) } ?? true
            reducedBody = same ? nil : reduced.map(Body.chain)
        case .decorator, .layout, .tokens:
            throw ExportError(
                "\(definition.name) is a \(definition.kind.rawValue); export takes animations and chains (tokens export takes token sets)",
                code: .wrongComponent)
        }
    }

    /// An animation's reduced-motion form; a `component` policy exports that component (its
    /// definition is the `replacement`).
    /// - Returns: also whether every value is in the definitions' own words (`fade` computes its own).
    private static func reduced(
        _ animation: AnimationDefinition, motion: ReducedMotion?, normal: [WebAnimation], target: ExportTarget, engines: BrowserEngines,
        owner: String, catalog: Catalog?, context: DefinitionContext
    ) throws -> (web: [WebAnimation], inOwnWords: Bool, replacement: AnimationDefinition?) {
        guard case .component(let reference)? = motion else {
            var isFade = false
            if case .fade? = motion { isFade = true }
            return (try ReducedMotionExport.animations(animation, motion: motion, normal: normal), !isFade, nil)
        }
        let standIn = try animations(try stored(reference, by: owner, catalog: catalog), target: target, engines: engines, context: context)
        return (standIn.web, standIn.inOwnWords, standIn.animation)
    }

    /// An animation component, and its web animations, exact ones in its own words (``WrittenText``).
    /// - Returns: also whether all of them are exact and in its own words.
    private static func animations(
        _ definition: ComponentDefinition, parameters: [String: PropertyValue] = [:], target: ExportTarget, engines: BrowserEngines,
        file: String? = nil, context: DefinitionContext
    ) throws -> (animation: AnimationDefinition, web: [WebAnimation], inOwnWords: Bool) {
        let file = file ?? definition.name
        let animation = try AnimationDefinition(definition, parameters: parameters, file: file, context: context)
        let written = WrittenText(members: try definition.resolvedMembers(of: .animation, parameters: parameters, file: file, context: context))
        let web = try AnimationExport(animation, target: target, engines: engines, written: written).animations
        return (animation, web, written != nil && web.allSatisfy { $0.fidelity == .exact })
    }

    /// A chain step's animation and its reduced-motion policy: a catalog component with the
    /// step's parameters, or its inline body; under reduced motion a `component` policy is
    /// replaced by that component.
    private static func resolve(_ step: AnimateStep, chain: String, catalog: Catalog?, reducedMotion: Bool, context: DefinitionContext) throws
        -> (AnimationDefinition, ReducedMotion?)
    {
        guard let reference = step.component else {
            return (try Catalog.inlineAnimation(step.inline ?? .null, file: "\(chain).chain", context: context), nil)
        }
        let definition = try stored(reference, by: chain, catalog: catalog)
        if reducedMotion, case .component(let other)? = definition.reducedMotion {
            return (try AnimationDefinition(try stored(other, by: definition.name, catalog: catalog), context: context), nil)
        }
        let values = try definition.parameterValues(json: step.parameters, file: "\(chain): \(definition.name)")
        return (try AnimationDefinition(definition, parameters: values, context: context), definition.reducedMotion)
    }

    private static func stored(_ reference: String, by owner: String, catalog: Catalog?) throws -> ComponentDefinition {
        guard let catalog else { throw ExportError("\(owner) uses \(reference): export it from the catalog (catalog add, then export by name)") }
        // A reference between components: its own words and code, not those of a name a user typed.
        do {
            return try catalog.component(reference, kinds: [.animation], for: owner).definition
        } catch StoreError.unknownComponent {
            throw ExportError("\(owner) uses \(reference), which is not in the catalog", code: .unknownReference)
        } catch ComponentLookupError.wrongKind(_, let kind, _, _) {
            throw ExportError("\(owner) uses \(reference), a \(kind.rawValue), where an animation goes")
        }
    }

    private var header: String { "\(name) \(version)" }

    /// What the engine plays: what a Lottie export samples (built only then).
    enum Engine {
        case animation(AnimationDefinition, motion: ReducedMotion?)
        case chain([String: [RunningAnimation]])
    }
    private(set) var engine: Engine = .chain([:])
    /// The reference box the export was made with (the nominal one when none was given).
    private(set) var box: ReferenceBox

    /// Whether every value was written in the definitions' own words (``WrittenText``), so
    /// that no reference box went into it.
    private var isSizeFree = false

    /// The component an animation's `reducedMotion:` names, whose `@keyframes` the stylesheet's
    /// reduced-motion rule runs under that name.
    private var standIn: String?

    /// The CSS texts of the time tokens the definition references → their custom properties.
    private var tokenTexts: [String: String] = [:]

    private static func tokenTexts(_ paths: [String], binding: TokenBinding?) -> [String: String] {
        let binding = binding ?? BuiltInTokenSets.binding
        var texts: [String: String] = [:]
        for path in paths.sorted().reversed() {  // the first path wins where two share a value
            guard let token = binding.token(path) else { continue }
            // Times only: a stylesheet writes curves out (see StylesheetWriter).
            for (place, member) in [(TokenBinding.Place.duration, "duration"), (.delay, "delay")] {
                guard let value = try? binding.value(of: path, at: place) else { continue }
                let text = TokenFallbackText.time(seconds: value[0])
                if token.type == .transition {
                    // A transition is one custom property as a whole; a part that is an alias
                    // stands for the token it names, which has its own.
                    if let target = token.value[member].flatMap(TokenReference.alias) { texts[text] = TokenExport.customProperty(target) }
                } else {
                    texts[text] = TokenExport.customProperty(token.path)
                }
            }
        }
        return texts
    }

    /// The stylesheet: rules at `selector` (default `.NAME`); a chain's at `SELECTOR--ROLE`.
    public func stylesheet(selector: String? = nil) -> String {
        let base = selector ?? CSSIdentifier.classSelector(name)
        switch body {
        case .animation(let animations):
            var reduced: [WebAnimation]?
            if case .animation(let list)? = reducedBody { reduced = list }
            return StylesheetWriter.stylesheet(
                header: header,
                rules: [
                    .init(
                        selector: base, keyframesName: name, animations: animations, reduced: reduced,
                        reducedKeyframesName: standIn)
                ],
                tokens: tokenTexts)
        case .chain(let chain):
            var reduced: [String: [WebAnimation]] = [:]
            if case .chain(let other)? = reducedBody { for role in other.roles { reduced[role.role] = role.animations } }
            return StylesheetWriter.stylesheet(
                header: header,
                rules: chain.roles.map {
                    .init(
                        selector: "\(base)--\($0.role)", keyframesName: "\(name)--\($0.role)", animations: $0.animations,
                        reduced: reducedBody == nil ? nil : reduced[$0.role] ?? [])
                }, tokens: tokenTexts)
        }
    }

    /// `[{"keyframes", "options"}]`, or for a chain `{role: [...]}`.
    public var waapi: JSONValue { Self.waapi(of: body) }

    static func waapi(of body: Body) -> JSONValue {
        switch body {
        case .animation(let animations): .array(animations.map(\.json))
        case .chain(let chain): .object(Dictionary(uniqueKeysWithValues: chain.roles.map { ($0.role, JSONValue.array($0.animations.map(\.json))) }))
        }
    }

    /// The ES module exporting `play(element)` (chains: `play({role: element})`).
    public var module: String {
        switch body {
        case .animation(let animations):
            var reduced: [WebAnimation]?
            if case .animation(let list)? = reducedBody { reduced = list }
            return ModuleWriter.module(header: header, animations: animations, reduced: reduced)
        case .chain(let chain):
            var reduced: [(role: String, animations: [WebAnimation])]?
            if case .chain(let other)? = reducedBody { reduced = other.roles }
            return ModuleWriter.chainModule(header: header, roles: chain.roles, reduced: reduced)
        }
    }

    /// Per exported animation: the role (chains), the properties, and exact or baked with the
    /// measured maximum error — what `export --explain` prints.
    package var explanation: [(role: String?, animation: WebAnimation)] {
        switch body {
        case .animation(let animations): animations.map { (nil, $0) }
        case .chain(let chain): chain.roles.flatMap { role in role.animations.map { (role.role, $0) } }
        }
    }
}
