/// What reading a definition depends on beyond its text, passed as a value wherever one is read
/// (as lottie-ios passes its own context): the box `translate()` percentages and `transform-origin`
/// lengths resolve against, and the token sets references resolve against.
///
/// ```swift
/// let context = DefinitionContext(referenceBox: try ReferenceBox(parsing: "200,40"), tokens: try catalog.tokens.binding())
/// let sampling = try AnimationSampling(definition: definition, context: context)
/// ```
public struct DefinitionContext: Sendable, Hashable {
    /// The box percentages resolve against; nil: none, and a percentage is an error that says so.
    public var referenceBox: ReferenceBox?
    /// The token sets references resolve against; nil: the built-in sets.
    public var tokens: TokenBinding?

    /// A context of `referenceBox` and `tokens` (neither by default).
    public init(referenceBox: ReferenceBox? = nil, tokens: TokenBinding? = nil) {
        self.referenceBox = referenceBox
        self.tokens = tokens
    }

    /// The same context with `box` as its reference box.
    public func with(referenceBox box: ReferenceBox?) -> DefinitionContext {
        var context = self
        context.referenceBox = box
        return context
    }

    /// The same context with `tokens` as its token sets.
    public func with(tokens: TokenBinding?) -> DefinitionContext {
        var context = self
        context.tokens = tokens
        return context
    }
}
