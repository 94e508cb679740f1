/// What a component is: the four kinds of docs/Definitions.md, each with its own body field —
/// and a token set (DTCG design tokens), kept beside them to be versioned the same way.
///
/// ```swift
/// ComponentKind(rawValue: "chain")?.bodyFields   // ["chain"]
/// ```
public enum ComponentKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// Motion of one object: a Core Animation or a Web Animations body.
    case animation
    /// Steps over several roles, in sequence and concurrently.
    case chain
    /// Properties, children and event handlers an object adopts.
    case decorator
    /// Frames for the objects bound to its slots.
    case layout
    /// A set of design tokens (a DTCG file, under `tokens:`) that definitions reference.
    case tokens

    /// The top-level fields that may carry this kind's body. An animation has exactly one of
    /// `animation` (Core Animation vocabulary) or `keyframes` (+ optional `options`, Web Animations).
    public var bodyFields: [String] {
        switch self {
        case .animation: ["animation", "keyframes"]
        case .chain: ["chain"]
        case .decorator: ["decorator"]
        case .layout: ["layout"]
        case .tokens: ["tokens"]
        }
    }
}
