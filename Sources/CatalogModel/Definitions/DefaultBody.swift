/// A definition's body as validation compiled it, with the default parameters: kept with the
/// definition so that evaluating it with those defaults (the usual case: `sample`, a chain step,
/// a handler's run) does not read the JSON body a second time.
///
/// It is derived from ``ComponentDefinition/document``, so it takes no part in equality or hashing.
package struct DefaultBody: Sendable, Hashable {
    package enum Body: Sendable {
        case animation(AnimationDefinition)
        case layout(LayoutDefinition)
        case chain(ChainDefinition)
        case decorator(DecoratorDefinition)
        case tokens(TokenSet)
    }

    package var body: Body?
    /// The body writes `translate()` percentages: it compiles per reference box, so none is kept.
    package var needsReferenceBox = false

    package init(_ body: Body? = nil) {
        self.body = body
    }

    package init(needsReferenceBox: Bool) {
        self.needsReferenceBox = needsReferenceBox
    }

    package static func == (a: DefaultBody, b: DefaultBody) -> Bool { true }
    package func hash(into hasher: inout Hasher) {}
}
