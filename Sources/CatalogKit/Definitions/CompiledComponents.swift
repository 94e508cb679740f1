import CatalogEngine
import CatalogModel
import Synchronization

/// Stored component versions compiled once per catalog handle: a decorator's typed body, an
/// animation's event handlers, an animation with given parameter values made evaluable and its
/// sampler — each kept by what identifies it for good (a version's content hash; a version and
/// its canonical parameter values), so that `apply`, `prop set`, `send`, `sample`, the checks
/// that make a log replayable and every fold of the scene share one compile instead of each
/// making its own.
///
/// A stored version never changes and was validated when it was added, so what it compiles to
/// is kept without checking again. The one thing that can change under a kept version is which
/// version a `reducedMotion: NAME` stand-in names (its newest), so the stand-in is looked up
/// again by each resolver (see ``Catalog/resolver()``).
///
/// ```swift
/// let handlers = try catalog.compiled.handlers(stored)          // decoded once per content hash
/// let resolve = catalog.resolver()                             // shares the compiled animations
/// ```
package final class CompiledComponents: Sendable {
    /// Beyond this many entries a table starts again: a bound for a long-lived process that sees
    /// endless parameter values.
    package static let capacity = 4_096

    private struct Store {
        var decorators: [String: DecoratorDefinition] = [:]
        var handlers: [String: AnimationHandlers] = [:]
        var decoratorList: (stamp: String, list: [(StoredComponent, DecoratorDefinition)])?
        var tokenBinding: (stamp: String, binding: TokenBinding)?
        var animations: [String: CompiledAnimation] = [:]
        var samplings: [String: AnimationSampling] = [:]
        var animationsCompiled = 0
    }

    /// An animation version with its parameter values applied, and the stand-in it names, if any.
    package struct CompiledAnimation: Sendable {
        var definition: AnimationDefinition
        var reducedMotion: ReducedMotion?
        /// The reference of a `reducedMotion: COMPONENT`, resolved afresh by each resolver.
        var standIn: String?
        /// When it is over, as written and under its own reduced-motion policy (a stand-in's is
        /// the stand-in's): the checks that keep a log replayable ask for it on every `apply`,
        /// and building the effect to answer (its easing curves) is most of a compile.
        var endTime: Double
        var reducedEndTime: Double

        /// Compiles an animation version with `parameters` (JSON values, checked against its
        /// declarations); `source` names it in errors.
        /// A reference box among the values (``ReferenceBox/entryKey``, as a log records one)
        /// is what its `translate()` percentages resolve against; without one, `context`'s.
        init(_ definition: ComponentDefinition, parameters: [String: JSONValue], source: String, context: DefinitionContext) throws(DefinitionError) {
            let (recorded, parameters) = ReferenceBox.split(parameters)
            // The token-set versions an apply recorded were bound by the resolver that compiles this.
            let values = try definition.parameterValues(json: TokenVersions.split(parameters).rest, file: source)
            self.definition = try AnimationDefinition(
                definition, parameters: values, file: source, context: context.with(referenceBox: recorded ?? context.referenceBox))
            reducedMotion = definition.reducedMotion
            standIn = if case .component(let reference)? = definition.reducedMotion { reference } else { nil }
            let effect = AnimationEffect(self.definition)
            endTime = effect.endTime
            reducedEndTime = ReducedMotionEffect(effect, motion: reducedMotion).endTime
        }
    }

    private let store = Mutex(Store())

    /// The catalog's decorators, decoded, kept while the component table's `stamp` is unchanged.
    func decorators(stamp: String, build: () throws -> [(StoredComponent, DecoratorDefinition)]) throws -> [(StoredComponent, DecoratorDefinition)] {
        if let hit = store.withLock({ $0.decoratorList }), hit.stamp == stamp { return hit.list }
        let list = try build()
        store.withLock { $0.decoratorList = (stamp, list) }
        return list
    }

    func decorator(_ stored: StoredComponent) throws -> DecoratorDefinition {
        try cached(\.decorators, stored.contentHash) { try DecoratorDefinition(try stored.decode()) }
    }

    /// The catalog's current token sets bound together, kept while the component table's `stamp`
    /// is unchanged: `sample`, `export`, every `apply` and every chain step ask for it.
    func tokenBinding(stamp: String, build: () throws -> TokenBinding) throws -> TokenBinding {
        if let hit = store.withLock({ $0.tokenBinding }), hit.stamp == stamp { return hit.binding }
        let binding = try build()
        store.withLock { $0.tokenBinding = (stamp, binding) }
        return binding
    }

    func handlers(_ stored: StoredComponent) throws -> AnimationHandlers {
        try cached(\.handlers, stored.contentHash) { try AnimationHandlers(try stored.decode()) }
    }

    /// The animation `name@version` with `parameters`, compiled by `compile` the first time.
    func animation(
        _ name: String, _ version: String, parameters: [String: JSONValue], context: DefinitionContext, compile: () throws -> CompiledAnimation
    ) throws
        -> CompiledAnimation
    {
        // A box given for the call (`--box`) keys it too; one a log recorded is among the parameters.
        try cached(\.animations, "\(name)@\(version)|\(JSONValue.object(parameters).canonicalText)|\(Self.key(context))") {
            defer { store.withLock { $0.animationsCompiled += 1 } }
            return try compile()
        }
    }

    /// A stored animation's sampler with `parameters`, played as written or `reduced`: its effect
    /// (easing curves and all) built once, from the compiled animation.
    func sampling(
        _ name: String, _ version: String, parameters: [String: JSONValue], reduced: Bool, context: DefinitionContext,
        build: () throws -> AnimationSampling
    ) throws
        -> AnimationSampling
    {
        try cached(\.samplings, "\(name)@\(version)|\(JSONValue.object(parameters).canonicalText)|\(reduced)|\(Self.key(context))", build)
    }

    /// A context as a cache key: its box and its token sets' versions.
    private static func key(_ context: DefinitionContext) -> String {
        "\(context.referenceBox?.description ?? "")|\(context.tokens?.key ?? "")"
    }

    /// How many animation compiles this handle has run (tests hold compile-once to it).
    package var animationsCompiled: Int { store.withLock { $0.animationsCompiled } }

    private func cached<Value>(_ table: WritableKeyPath<Store, [String: Value]> & Sendable, _ key: String, _ make: () throws -> Value) throws -> Value {
        if let hit = store.withLock({ $0[keyPath: table][key] }) { return hit }
        let made = try make()
        store.withLock { store in
            if store[keyPath: table].count >= Self.capacity { store[keyPath: table].removeAll() }
            store[keyPath: table][key] = made
        }
        return made
    }
}
