import CatalogModel
import Foundation

/// The registries `catalog.json` in the working folder names, as shadcn's `components.json`
/// does: `{"registries": {"@acme": {"url": "https://acme.example/r/{name}.json", "headers":
/// {"Authorization": "Bearer ${ACME_TOKEN}"}, "allowedHosts": ["cdn.acme.example"], "ca":
/// "internal-ca.pem", "timeout": 5}}}` — `${NAME}` expanded from the environment in the URL and
/// the headers.
///
/// ```swift
/// let registries = try RegistryConfiguration(folder: ".")
/// registries.entries["@acme"]?.url   // "https://acme.example/r/{name}.json"
/// ```
package struct RegistryConfiguration: Sendable {
    /// One registry: where its items are, and how they are fetched.
    package struct Entry: Sendable, Equatable {
        /// The item URL with `{name}` for the item's name (`NAME` or `NAME@VERSION`).
        package var url: String
        package var headers: [String: String] = [:]
        /// Hosts (`host` or `host:port`) a redirect may lead to besides the item's own origin.
        package var allowedHosts: [String] = []
        /// A PEM file of the certificate authorities to trust instead of the system's.
        package var certificateAuthority: String?
        /// Seconds an answer may take (``RegistryFetcher``'s 20 by default).
        package var timeout: Double?
    }

    package var entries: [String: Entry] = [:]

    /// No registries: URLs only.
    package init() {}

    /// `catalog.json` in `folder`, if there is one; its `${NAME}`s from `environment`.
    package init(folder: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let file = (folder as NSString).appendingPathComponent("catalog.json")
        guard let data = FileManager.default.contents(atPath: file) else { return }
        func fail(_ path: String, _ rule: String) -> RegistryError { RegistryError(.invalidRegistryConfiguration, file, "\(path): \(rule)") }
        guard let json = try? JSONValue(jsonData: data), case .object(let root) = json else { throw fail("", "must be a JSON object") }
        guard let registries = root["registries"] else { return }
        guard case .object(let members) = registries else { throw fail("registries", "must map @NAMESPACE to a registry") }
        for (namespace, value) in members {
            let path = "registries.\(namespace)"
            guard namespace.hasPrefix("@"), namespace.count > 1 else { throw fail(path, "a namespace starts with @") }
            let url: String
            switch value {
            case .string(let text): url = text
            case .object(let fields):
                guard let text = fields["url"]?.stringValue else { throw fail("\(path).url", "must be the item URL with {name}") }
                url = text
            default: throw fail(path, "must be a URL or {url, headers, allowedHosts, ca, timeout}")
            }
            guard url.contains("{name}") else { throw fail("\(path).url", "must hold {name}") }
            var entry = Entry(url: try Self.expand(url, at: "\(path).url", file: file, environment: environment))
            if case .object(let fields) = value {
                for (name, header) in fields["headers"]?.objectValue ?? [:] {
                    guard let text = header.stringValue else { throw fail("\(path).headers.\(name)", "must be a string") }
                    entry.headers[name] = try Self.expand(text, at: "\(path).headers.\(name)", file: file, environment: environment)
                }
                entry.allowedHosts = fields["allowedHosts"]?.arrayValue?.compactMap(\.stringValue) ?? []
                entry.certificateAuthority = fields["ca"]?.stringValue.map {
                    ($0 as NSString).isAbsolutePath ? $0 : (folder as NSString).appendingPathComponent($0)
                }
                if let timeout = fields["timeout"] {
                    guard let seconds = timeout.numberValue, seconds > 0, seconds <= 600 else {
                        throw fail("\(path).timeout", "must be a number of seconds above 0 and at most 600")
                    }
                    entry.timeout = seconds
                }
            }
            entries[namespace] = entry
        }
    }

    /// `${NAME}` replaced by the environment's value; a name it lacks is an error naming it.
    static func expand(_ text: String, at path: String, file: String, environment: [String: String]) throws -> String {
        var result = ""
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else { result += rest[start.lowerBound...]; return result }
            let name = String(rest[start.upperBound..<end])
            guard let value = environment[name] else {
                throw RegistryError(.invalidRegistryConfiguration, file, "\(path): ${\(name)} is not set in the environment")
            }
            result += value
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }
}
