/// A component named as people write it: `NAME` (the current version) or `NAME@VERSION`.
///
/// Chains, `reducedMotion:` stand-ins, handlers and the command line all name components this
/// way; this type is the one place that reads the form.
///
/// ```swift
/// ComponentReference("bounce-select@1.0.0")   // name "bounce-select", version "1.0.0"
/// ComponentReference("fade-in").version       // nil: the current version
/// ```
public struct ComponentReference: Sendable, Hashable, CustomStringConvertible {
    /// The component's name.
    public var name: String
    /// Nil for the current version.
    public var version: String?

    /// A reference to `name`, at `version` when given.
    public init(name: String, version: String? = nil) {
        self.name = name
        self.version = version
    }

    /// Splits at the first `@`; text without one names the current version.
    public init(_ text: String) {
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        self.init(name: parts[0], version: parts.count > 1 ? parts[1] : nil)
    }

    /// `NAME` or `NAME@VERSION`.
    public var description: String { version.map { "\(name)@\($0)" } ?? name }
}
