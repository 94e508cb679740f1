import CatalogModel
import Foundation

extension RegistryInstaller {
    /// A component the lock names whose registry now has a newer version.
    package struct Outdated: Sendable, Equatable {
        package var name: String
        package var current: String
        package var latest: String
        /// Where the newest item is (the locked URL without its `@VERSION`).
        package var url: String

        package var json: JSONValue { ["name": .string(name), "current": .string(current), "latest": .string(latest), "url": .string(url)] }
    }

    /// Every component in the lock whose registry's newest item has a higher version, each
    /// fetched and checked as `add` checks it; nothing is written.
    ///
    /// ```swift
    /// try await installer.outdated()   // [Outdated(name: "pop", current: "1.0.0", latest: "1.1.0", …)]
    /// ```
    package func outdated() async throws -> [Outdated] {
        let lock = try RegistryLock(folder: folder)
        var found: [Outdated] = []
        for (name, entry) in lock.components.sorted(by: { $0.key < $1.key }) {
            let (source, item) = try source(of: entry)
            let url = source.url(for: item)
            let bytes = try await source.fetch(url, with: fetcher)
            let newest = try Self.check(bytes, url: url, expecting: item)
            guard let latest = SemanticVersion(newest.item.version), let current = SemanticVersion(entry.version), latest > current else { continue }
            found.append(Outdated(name: name, current: entry.version, latest: newest.item.version, url: url))
        }
        return found
    }

    /// The newest item of the registry `name` was fetched from, and every item it depends on,
    /// checked; the top one under the name the lock gives it (`--as` kept).
    package func resolveUpdate(_ name: String) async throws -> [Fetched] {
        let lock = try RegistryLock(folder: folder)
        guard let entry = lock.components[name] else {
            throw RegistryError(.notLocked, lock.file, "names no \(name): only a component added from a registry updates from one")
        }
        let (source, item) = try source(of: entry)
        var state = Resolution()
        try await visit(name: item, url: source.url(for: item), source: source, stack: [], state: &state, top: true)
        return try renamingTop(state.order, as: name)
    }

    /// Where a locked entry's newest item is: its registry's (by namespace, headers and all)
    /// when `catalog.json` still names it, else the folder of the URL it was resolved from.
    func source(of entry: RegistryLock.Entry) throws -> (Source, String) {
        guard let url = URL(string: entry.resolved), url.pathExtension == "json" else {
            throw RegistryError(.invalidRegistryConfiguration, entry.resolved, "is not the URL of a registry item (…/NAME.json)")
        }
        let item = String(url.deletingPathExtension().lastPathComponent.split(separator: "@", maxSplits: 1)[0])
        if let namespace = entry.registry, let configured = configuration.entries[namespace] {
            return (Source(registry: configured, namespace: namespace), item)
        }
        return try source(of: url.deletingLastPathComponent().appendingPathComponent(item + ".json").absoluteString)
    }
}
