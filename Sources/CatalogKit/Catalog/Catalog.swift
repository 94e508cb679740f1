import CatalogModel
package import CatalogStore
import Foundation

/// A component catalog on a SQLite file: the library's entry point.
///
/// Opening creates and migrates the database if needed and loads the built-in catalog the
/// first time (and again whenever a new build brings changed built-ins).
///
/// ```swift
/// let catalog = try Catalog(path: "/tmp/demo.sqlite")
/// try catalog.objects.add(id: "label-1", type: "label")
/// let url = AssociationKey<URL>("hyperlink.url", policy: .copy)
/// try catalog.set(url, on: "label-1", to: URL(string: "https://swift.org"))
/// ```
public final class Catalog: Sendable {
    /// The store underneath. Within the package only: users go through the facade, whose
    /// property writes (``setProperty(_:for:on:policy:at:)``) check overrides and attach
    /// decorators, which the store alone does not.
    package let database: any CatalogBackend
    /// The SQLite file underneath, when the catalog is on one (benchmarks and tests reach past
    /// the stores to tamper with it or time it).
    package var sqlite: CatalogDatabase? { database as? CatalogDatabase }
    /// Stored versions compiled once for this handle (decorators, handlers, animations with
    /// their parameters), shared by every operation and fold.
    package let compiled: CompiledComponents

    /// Opens the catalog at `path`, or at ``defaultPath(environment:)``.
    /// - Parameters:
    ///   - loadBuiltIns: load (or update) the built-in components from `catalog/`.
    ///   - checkpointing: when the write-ahead log is copied back into the file; see
    ///     ``CheckpointPolicy``.
    ///   - forReading: the caller only reads. An existing catalog that is migrated and holds this
    ///     build's built-ins is then opened read-only (``isReadOnly``): nothing is synced or
    ///     checkpointed, and any write is refused. Otherwise it opens as usual.
    public convenience init(path: String? = nil, loadBuiltIns: Bool = true, checkpointing: CheckpointPolicy = .standard, forReading: Bool = false) throws {
        let resolved = path ?? Self.defaultPath()
        if forReading, FileManager.default.fileExists(atPath: resolved),
            let reader = try? CatalogDatabase(path: resolved, checkpointing: checkpointing, readOnly: true),
            (try? !loadBuiltIns || reader.components.builtInsAreCurrent(fingerprint: BuiltInCatalog.fingerprint)) == true
        {
            try self.init(backend: reader, loadBuiltIns: false)
            return
        }
        let folder = (resolved as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try self.init(backend: try CatalogDatabase(path: resolved, checkpointing: checkpointing), loadBuiltIns: loadBuiltIns)
    }

    /// A catalog on any backend: the PostgreSQL one comes from `Catalog(url:)` (the
    /// CatalogKitPostgres library), which opens its store and hands it here.
    /// - Parameter loadBuiltIns: load (or update) the built-in components, as for a file.
    package init(backend: any CatalogBackend, loadBuiltIns: Bool = true) throws {
        database = backend
        compiled = CompiledComponents()
        // A read-only store keeps the built-ins it has: loading would be a write.
        if loadBuiltIns, !backend.isReadOnly {
            try backend.components.loadBuiltIns(fingerprint: BuiltInCatalog.fingerprint, definitions: BuiltInCatalog.definitions)
        }
    }

    /// The same catalog, working in the open transaction of `store` (the handle a backend's
    /// ``CatalogBackend/transaction(_:)`` passes its body), its compiled components shared.
    private init(_ catalog: Catalog, in store: any CatalogBackend) {
        database = store
        compiled = catalog.compiled
    }

    /// Runs `body` — an operation's reads, checks and writes, through the catalog it is given —
    /// in one transaction: no other writer commits between what it checks and what it writes,
    /// and its changes commit together or not at all. The catalog must not outlive `body`.
    ///
    /// ```swift
    /// try catalog.transaction { catalog in
    ///     guard try catalog.objects.get("v") != nil else { return }
    ///     try catalog.setProperty(.string("hello"), for: "title", on: "v")
    /// }
    /// ```
    package func transaction<T>(_ body: (Catalog) throws -> T) throws -> T {
        try database.transaction { store in try body(Catalog(self, in: store)) }
    }

    /// Where the catalog is: its database file, or its server's URL without the password.
    public var path: String { database.location }
    /// True when the catalog was opened for reading only (`forReading:` on a file that needed no
    /// migration or built-in update, or a file the process may not write): any write is refused.
    public var isReadOnly: Bool { database.isReadOnly }

    /// The components: add, list, search, history, remove.
    public var components: Components { Components(store: database.components, tokens: { [self] in try self.tokens.binding() }) }
    /// The objects and their ownership.
    public var objects: Objects { Objects(store: database.objects, properties: database.properties) }
    /// Reading associated properties; write them with ``setProperty(_:for:on:policy:at:)``,
    /// ``unsetProperty(_:on:at:)``, ``clearProperties(on:at:)`` or the typed ``set(_:on:to:)``.
    public var properties: PropertyReader { PropertyReader(store: database.properties) }
    /// Custom object types and their declared properties.
    public var types: ObjectTypes { ObjectTypes(store: database.types) }
    /// The event log.
    public var events: Events { Events(store: database.events) }

    /// Every migration this build carries, with the time it was applied (nil while pending).
    public func migrationStatus() throws -> [MigrationEntry] {
        try database.migrationStatus()
    }

    /// `$CATALOG_DB` if set; otherwise `$XDG_DATA_HOME/component-catalog/catalog.sqlite`, falling
    /// back to `~/.local/share/…` (Linux) or `~/Library/Application Support/…` (Apple platforms).
    package static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit = environment["CATALOG_DB"], !explicit.isEmpty { return explicit }
        let home = environment["HOME"] ?? NSHomeDirectory()
        #if canImport(Darwin)
            let base = environment["XDG_DATA_HOME"] ?? "\(home)/Library/Application Support"
        #else
            let base = environment["XDG_DATA_HOME"] ?? "\(home)/.local/share"
        #endif
        return "\(base)/component-catalog/catalog.sqlite"
    }

    // MARK: Typed associated properties

    /// The value under `key` on the object, typed; nil when absent.
    /// Throws ``AssociationTypeMismatch`` when the stored value has another type.
    public func value<Value>(_ key: AssociationKey<Value>, on object: String) throws -> Value? {
        guard let stored = try database.properties.value(for: key.name, on: object) else { return nil }
        guard let value = Value(propertyValue: stored) else {
            throw AssociationTypeMismatch(key: key.name, object: object, stored: stored.type, expected: "\(Value.self)")
        }
        return value
    }

    /// Sets (nil removes) the value under `key`, with the key's policy — as `prop set` does
    /// (``setProperty(_:for:on:policy:at:)``): a decorator that declares the key attaches, a
    /// parameter override is checked.
    public func set<Value>(_ key: AssociationKey<Value>, on object: String, to value: Value?) throws {
        try setProperty(value?.propertyValue, for: key.name, on: object, policy: key.policy)
    }

    /// Removes the association under `key`.
    package func remove<Value>(_ key: AssociationKey<Value>, on object: String) throws {
        try unsetProperty(key.name, on: object)
    }

    /// Removes all of the object's associations (`objc_removeAssociatedObjects`).
    package func removeAll(on object: String) throws {
        try clearProperties(on: object)
    }
}
