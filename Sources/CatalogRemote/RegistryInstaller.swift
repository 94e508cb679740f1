import CatalogFormats
import CatalogKit
import CatalogModel
import Foundation

/// Components from registries: an item by URL or `@NAMESPACE/NAME[@VERSION]` (``RegistryConfiguration``),
/// fetched with every item it depends on, each checked (its content's integrity and content hash,
/// ``RegistryItem``) before anything is written; then added in one transaction, kept in the
/// ``RegistryCache`` and recorded in the ``RegistryLock``.
///
/// ```swift
/// let installer = try RegistryInstaller(folder: ".")
/// let fetched = try await installer.resolve("@acme/pop")
/// try installer.add(fetched, to: catalog)
/// ```
package struct RegistryInstaller: Sendable {
    /// An item fetched and checked, with its definition decoded.
    package struct Fetched: Sendable {
        package var item: RegistryItem
        package var definition: ComponentDefinition
        package var url: String
        package var bytes: Data
        /// The `catalog.json` namespace it came through, if any.
        package var registry: String?
    }

    /// Where an argument's items, and those they depend on, are fetched from: a `catalog.json`
    /// registry (by its namespace), or the folder of an item's URL.
    struct Source: Sendable {
        var registry: RegistryConfiguration.Entry
        var namespace: String?

        func url(for name: String) -> String { registry.url.replacingOccurrences(of: "{name}", with: name) }

        /// The body at `url`, fetched as the registry says: its headers, redirects, authority and timeout.
        func fetch(_ url: String, with fetcher: RegistryFetcher) async throws -> Data {
            try await fetcher.fetch(
                url, headers: registry.headers, allowedHosts: registry.allowedHosts, certificateAuthority: registry.certificateAuthority,
                timeout: registry.timeout.map { .nanoseconds(Int64($0 * 1e9)) })
        }
    }

    package var configuration: RegistryConfiguration
    package var fetcher: RegistryFetcher
    package var folder: String
    package var cache: RegistryCache

    package init(folder: String, fetcher: RegistryFetcher = RegistryFetcher(), environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        self.folder = folder
        self.fetcher = fetcher
        configuration = try RegistryConfiguration(folder: folder, environment: environment)
        cache = RegistryCache(environment: environment)
    }

    /// Whether `argument` names a registry item rather than a file.
    package static func isRemote(_ argument: String) -> Bool {
        argument.hasPrefix("http://") || argument.hasPrefix("https://") || (argument.hasPrefix("@") && argument.contains("/"))
    }

    /// The item `argument` names and every item it depends on, dependencies first.
    package func resolve(_ argument: String) async throws -> [Fetched] {
        let (source, name) = try source(of: argument)
        var state = Resolution()
        try await visit(name: name, url: source.url(for: name), source: source, stack: [], state: &state, top: true)
        return state.order
    }

    struct Resolution {
        var order: [Fetched] = []
        var done: Set<String> = []
    }

    func source(of argument: String) throws -> (Source, String) {
        if argument.hasPrefix("@") {
            let slash = argument.firstIndex(of: "/")!
            let namespace = String(argument[..<slash]), name = String(argument[argument.index(after: slash)...])
            guard let entry = configuration.entries[namespace] else {
                throw RegistryError(
                    .invalidRegistryConfiguration, argument, "no registry \(namespace) in \((folder as NSString).appendingPathComponent("catalog.json"))")
            }
            return (Source(registry: entry, namespace: namespace), name)
        }
        guard let url = URL(string: argument), url.pathExtension == "json" else {
            throw RegistryError(.fetchFailed, argument, "is not the URL of a registry item (…/NAME.json)")
        }
        let name = url.deletingPathExtension().lastPathComponent
        let template = url.deletingLastPathComponent().appendingPathComponent("{name}.json").absoluteString
            .replacingOccurrences(of: "%7Bname%7D", with: "{name}")
        return (Source(registry: RegistryConfiguration.Entry(url: template)), name)
    }

    func visit(name: String, url: String, source: Source, stack: [String], state: inout Resolution, top: Bool) async throws {
        let plain = String(name.split(separator: "@", maxSplits: 1)[0])
        if state.done.contains(plain) { return }
        if stack.contains(plain) {
            throw RegistryError(.dependencyCycle, url, "depends on itself: \((stack.drop { $0 != plain } + [plain]).joined(separator: " → "))")
        }
        let bytes = try await source.fetch(url, with: fetcher)
        var fetched = try Self.check(bytes, url: url, expecting: top ? nil : plain)
        fetched.registry = source.namespace
        for dependency in fetched.item.dependencies {
            try await visit(name: dependency, url: source.url(for: dependency), source: source, stack: stack + [plain], state: &state, top: false)
        }
        state.done.insert(plain)
        state.order.append(fetched)
    }

    /// An item's bytes read and checked: JSON, the integrity and content hash of its content,
    /// the component its meta names (and the name it was asked by, for a dependency).
    static func check(_ bytes: Data, url: String, expecting name: String?) throws -> Fetched {
        guard let json = try? JSONValue(jsonData: bytes) else { throw RegistryError(.fetchFailed, url, "is not JSON (\(bytes.count) bytes)") }
        let read: (item: RegistryItem, definition: ComponentDefinition)
        do {
            read = try RegistryItem.read(json, source: url)
        } catch {
            throw RegistryError(error.path == "meta.integrity" ? .integrityMismatch : .fetchFailed, url, "\(error.path): \(error.rule)")
        }
        if let name, read.item.name != name { throw RegistryError(.fetchFailed, url, "is the item \(read.item.name), not \(name)") }
        var definition = read.definition
        definition.origin = url
        return Fetched(item: read.item, definition: definition, url: url, bytes: bytes)
    }

    /// `definition` under another name (its content hash is then its own; its origin is kept).
    static func renamed(_ definition: ComponentDefinition, to name: String, file: String) throws -> ComponentDefinition {
        guard definition.name != name, case .object(var members) = definition.document else { return definition }
        members["name"] = .string(name)
        var renamed = try DefinitionDecoder.decode(text: JSONValue.object(members).canonicalText, file: file)
        renamed.origin = definition.origin
        return renamed
    }
}

extension RegistryInstaller {
    /// The top item (the last) under another name, for a catalog that has one of its own by that name.
    package func renamingTop(_ fetched: [Fetched], as name: String) throws -> [Fetched] {
        guard var top = fetched.last else { return fetched }
        top.definition = try Self.renamed(top.definition, to: name, file: top.url)
        return fetched.dropLast() + [top]
    }

    /// Adds `fetched` in one transaction, then keeps each item in the cache and records it in
    /// the lock. Refused with nothing written where a name is already a local component with
    /// other content that this lock did not fetch from the same origin (`--as` renames).
    @discardableResult
    package func add(_ fetched: [Fetched], to catalog: Catalog) throws -> [AddOutcome] {
        var lock = try RegistryLock(folder: folder)
        for one in fetched {
            let name = one.definition.name
            guard let local = try catalog.components.get(name) else { continue }
            if local.version == one.definition.version.description, local.contentHash == one.definition.contentHash { continue }
            if let entry = lock.components[name], let was = URL(string: entry.resolved), let now = URL(string: one.url),
                RegistryFetcher.sameOrigin(was, now)
            {
                continue
            }
            throw RegistryError(
                .nameCollision, one.url,
                "the catalog has its own \(name) (\(local.version)), not fetched from this registry: add it under another name with --as NEWNAME")
        }
        let outcomes = try catalog.components.add(fetched.map(\.definition))
        for one in fetched {
            try cache.keep(one.bytes, integrity: one.item.integrity)
            lock.components[one.definition.name] = RegistryLock.Entry(
                version: one.item.version, integrity: one.item.integrity, resolved: one.url, registry: one.registry)
        }
        try lock.write()
        return outcomes
    }

    /// Every component the lock names, from the cache alone: each kept item must still have
    /// the integrity the lock records (any byte that differs is refused), added in one transaction.
    @discardableResult
    package func install(into catalog: Catalog) throws -> [AddOutcome] {
        let lock = try RegistryLock(folder: folder)
        var definitions: [ComponentDefinition] = []
        for (name, entry) in lock.components.sorted(by: { $0.key < $1.key }) {
            guard let bytes = cache.kept(entry.integrity) else {
                throw RegistryError(.notCached, entry.resolved, "\(name) \(entry.version) is not in the cache (\(cache.folder)): fetch it with catalog add")
            }
            let fetched = try Self.check(bytes, url: entry.resolved, expecting: nil)
            guard fetched.item.integrity == entry.integrity else {
                throw RegistryError(
                    .integrityMismatch, entry.resolved, "the cached item's content is \(fetched.item.integrity), the lock says \(entry.integrity)")
            }
            definitions.append(try Self.renamed(fetched.definition, to: name, file: entry.resolved))
        }
        return try catalog.components.add(definitions)
    }
}
