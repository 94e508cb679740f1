import CatalogModel

/// A registry item that could not be fetched or taken: where (the URL or the file), why, and
/// its code (the registry family of ``ErrorCode``). Nothing is written when one is thrown.
package struct RegistryError: CatalogError, Sendable {
    package var code: ErrorCode
    /// The URL or file it is about.
    package var source: String
    package var message: String

    package init(_ code: ErrorCode, _ source: String, _ message: String) {
        self.code = code
        self.source = source
        self.message = message
    }

    package var fields: [String: JSONValue] { ["source": .string(source)] }
    package var description: String { "\(source): \(message)" }
}
