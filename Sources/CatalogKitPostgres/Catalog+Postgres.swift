@_exported import CatalogKit
@_exported import CatalogStorePostgres

extension Catalog {
    /// Opens the catalog on a PostgreSQL server — migrating it and loading the built-ins on
    /// first use, as for a file — from a `postgres://USER@HOST[:PORT]/DATABASE` URL (the
    /// password from the URL, `PGPASSWORD` or `~/.pgpass`; see ``PostgresEndpoint``).
    ///
    /// ```swift
    /// let catalog = try Catalog(url: "postgres://team@db.example.com/catalog?sslmode=verify-full")
    /// try catalog.objects.add(id: "cell-1", type: "cell")
    /// ```
    public convenience init(url: String, loadBuiltIns: Bool = true) throws {
        try self.init(backend: try PostgresDatabase(url: url), loadBuiltIns: loadBuiltIns)
    }
}
