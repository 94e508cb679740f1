/// An error the catalog reports: a stable ``code`` a program branches on, the structured
/// ``fields`` that say which thing broke which rule, and a message for people (its
/// `description`).
///
/// Every error type of the library adopts it, so one condition has one code wherever it is
/// found — an unknown object is `unknown-object` whether `apply`, `prop set` or `state` met it.
/// The command line prints `{"error": {"code", "message", …fields}}` with `--format json`
/// (``jsonValue(message:)``), and the web API answers with the same object.
///
/// ```swift
/// do { try catalog.apply("fade-in", to: ["ghost"]) }
/// catch let error as any CatalogError where error.code == .unknownObject {
///     print(error.fields["id"]!)   // "ghost"
/// }
/// ```
public protocol CatalogError: Error, CustomStringConvertible {
    /// What went wrong, as a stable name (``ErrorCode``).
    var code: ErrorCode { get }
    /// The values the message is about (`id`, `component`, `file`, `path`, …), never `code` or `message`.
    var fields: [String: JSONValue] { get }
}

extension CatalogError {
    /// None, unless the error says otherwise.
    public var fields: [String: JSONValue] { [:] }

    /// The machine-readable form: `{"error": {"code", "message", …fields}}`.
    /// - Parameter message: the text for people, when the caller words it its own way (the
    ///   command line adds its options); the error's `description` otherwise.
    public func jsonValue(message: String? = nil) -> JSONValue {
        var body = fields
        body["code"] = .string(code.rawValue)
        body["message"] = .string(message ?? description)
        return .object(["error": .object(body)])
    }
}
