@_exported import CatalogKit
internal import CatalogStorePostgres

extension Catalog {
    /// Opens the catalog on a PostgreSQL server — migrating it and loading the built-ins on
    /// first use, as for a file — from a `postgres://USER@HOST[:PORT]/DATABASE` URL (the
    /// password from the URL, `PGPASSWORD` or `~/.pgpass` (`PGPASSFILE`), as for `psql`, and never
    /// part of a message). `?sslmode=` is `disable` (the default on loopback), `require` (TLS, the
    /// server's certificate not checked) or `verify-full` (TLS, the certificate checked against the
    /// system's roots and the host name); `?connect_timeout=` is in seconds.
    ///
    /// `connections`: how many connections the handle opens — one for a command, several for a
    /// server whose requests run side by side (a transaction uses one throughout).
    ///
    /// ```swift
    /// let catalog = try Catalog(url: "postgres://team@db.example.com/catalog?sslmode=verify-full")
    /// try catalog.objects.add(id: "cell-1", type: "cell")
    /// ```
    public convenience init(url: String, loadBuiltIns: Bool = true, connections: Int = 1) throws {
        try self.init(backend: try PostgresDatabase(url: url, connections: connections), loadBuiltIns: loadBuiltIns)
    }

    /// Whether `location` names a PostgreSQL server (`postgres://…` or `postgresql://…`), to be
    /// opened with ``init(url:loadBuiltIns:)``, rather than a database file.
    ///
    /// ```swift
    /// let location = ProcessInfo.processInfo.environment["CATALOG_DB"] ?? "catalog.sqlite"
    /// let catalog = Catalog.isServerURL(location) ? try Catalog(url: location) : try Catalog(path: location)
    /// ```
    public static func isServerURL(_ location: String) -> Bool { PostgresEndpoint.isURL(location) }

    /// True when the catalog is on a PostgreSQL server rather than in a file.
    public var isOnServer: Bool { Self.isServerURL(path) }
}
