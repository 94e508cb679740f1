/// What a component is: the four kinds of docs/Definitions.md, each with its own body field.
public enum ComponentKind: String, Sendable, Hashable, CaseIterable, Codable {
    case animation, chain, decorator, layout

    /// The top-level fields that may carry this kind's body. An animation has exactly one of
    /// `animation` (Core Animation vocabulary) or `keyframes` (+ optional `options`, Web Animations).
    public var bodyFields: [String] {
        switch self {
        case .animation: ["animation", "keyframes"]
        case .chain: ["chain"]
        case .decorator: ["decorator"]
        case .layout: ["layout"]
        }
    }
}
