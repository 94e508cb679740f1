import CatalogModel
import Foundation

/// `catalog.lock`, beside `catalog.json` in the working folder: each component fetched from a
/// registry with its version, the integrity of its item's content and the URL it was resolved
/// from — what `catalog install` reproduces offline, from ``RegistryCache``.
///
/// A component fetched by namespace also names its registry, whose headers `outdated` and
/// `update` send again.
///
/// ```json
/// {"lockfileVersion": 1, "components": {"pop": {"version": "1.1.0", "integrity": "sha256-…",
///   "resolved": "https://acme.example/r/pop.json", "registry": "@acme"}}}
/// ```
package struct RegistryLock: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        package var version: String
        package var integrity: String
        package var resolved: String
        /// The `catalog.json` namespace it was fetched through, if any.
        package var registry: String?
    }

    package var components: [String: Entry] = [:]
    package let file: String

    /// The lock in `folder` (empty when there is none yet).
    package init(folder: String) throws {
        file = (folder as NSString).appendingPathComponent("catalog.lock")
        guard let data = FileManager.default.contents(atPath: file) else { return }
        guard let json = try? JSONValue(jsonData: data), json["lockfileVersion"] == 1, case .object(let members)? = json["components"] else {
            throw RegistryError(.invalidRegistryConfiguration, file, "is not a catalog lock file (lockfileVersion 1 with components)")
        }
        for (name, entry) in members {
            guard let version = entry["version"]?.stringValue, let integrity = entry["integrity"]?.stringValue, let resolved = entry["resolved"]?.stringValue
            else { throw RegistryError(.invalidRegistryConfiguration, file, "components.\(name): needs version, integrity and resolved") }
            components[name] = Entry(version: version, integrity: integrity, resolved: resolved, registry: entry["registry"]?.stringValue)
        }
    }

    /// The lock as written: pretty JSON, keys sorted, a final newline.
    package var text: String {
        let members = components.mapValues { entry -> JSONValue in
            var fields: [String: JSONValue] = ["version": .string(entry.version), "integrity": .string(entry.integrity), "resolved": .string(entry.resolved)]
            if let registry = entry.registry { fields["registry"] = .string(registry) }
            return .object(fields)
        }
        return JSONValue.object(["lockfileVersion": 1, "components": .object(members)]).prettyText + "\n"
    }

    /// Writes it whole (a reader never sees half a lock).
    package func write() throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
    }
}

/// The item files fetched, kept by the integrity of their content, so that `catalog install`
/// needs no network: `$CATALOG_CACHE`, else `$XDG_CACHE_HOME/component-catalog/registry`
/// (`~/.cache/…` when unset).
package struct RegistryCache: Sendable {
    package let folder: String

    package init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let given = environment["CATALOG_CACHE"], !given.isEmpty {
            folder = given
        } else {
            let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (NSHomeDirectory() as NSString).appendingPathComponent(".cache")
            folder = (base as NSString).appendingPathComponent("component-catalog/registry")
        }
    }

    /// Where the item whose content has `integrity` is kept (base64 made safe for a file name).
    package func file(for integrity: String) -> String {
        let safe = integrity.replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "+", with: "-")
        return (folder as NSString).appendingPathComponent(safe + ".json")
    }

    package func keep(_ data: Data, integrity: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: file(for: integrity)), options: .atomic)
    }

    package func kept(_ integrity: String) -> Data? { FileManager.default.contents(atPath: file(for: integrity)) }
}
