import Foundation

extension ComponentDefinition {
    /// The `$extensions` key under which a token file may say its set's version:
    /// `"$extensions": {"org.componentcatalog": {"version": "1.2.0"}}`.
    package static let tokenExtensionKey = "org.componentcatalog"

    /// A DTCG file as a token set's definition (`kind: tokens`, the file under `tokens:`), named
    /// `name`, at `version` — else the version the file's own `$extensions` give, else 1.0.0.
    /// The file's top-level `$description` is the summary.
    ///
    /// ```swift
    /// let set = try ComponentDefinition(tokenFile: document, name: "motion", file: "motion.tokens.json")
    /// set.kind   // .tokens
    /// ```
    package init(tokenFile document: JSONValue, name: String, version: String? = nil, file: String) throws(DefinitionError) {
        _ = try TokenSet(json: document, file: file)  // the file's own errors, with its own paths
        guard ComponentDefinition.isValidName(name) else {
            throw DefinitionError(file: file, path: "", rule: "the token set's name '\(name)' must match [a-z0-9][a-z0-9.-]*: give one with --name")
        }
        let own = document["$extensions"]?[Self.tokenExtensionKey]?["version"]?.stringValue
        var members: [String: JSONValue] = [
            "name": .string(name), "kind": "tokens", "tokens": document,
            "version": .string(version ?? own ?? "1.0.0")
        ]
        if let summary = document["$description"]?.stringValue { members["summary"] = .string(summary) }
        try self.init(json: .object(members), file: file)
    }

    /// `motion.tokens.json` → `motion`; `carbon.json` → `carbon`: a token set's name from its file.
    package static func tokenSetName(file: String) -> String {
        var stem = (file as NSString).lastPathComponent
        for suffix in [".json", ".tokens"] where stem.hasSuffix(suffix) { stem = String(stem.dropLast(suffix.count)) }
        return stem.lowercased()
    }

    /// Whether `file` is a DTCG token file by its name (`.tokens.json`, `.tokens`).
    package static func isTokenFile(_ file: String) -> Bool {
        let lower = file.lowercased()
        return lower.hasSuffix(".tokens.json") || lower.hasSuffix(".tokens")
    }
}
