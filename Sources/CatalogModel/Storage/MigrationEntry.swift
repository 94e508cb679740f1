/// A migration this build carries and, if it is applied to the database, when
/// (`catalog migrate --status`).
///
/// ```swift
/// for entry in try catalog.migrationStatus() {
///     print(entry.migration.fileName, entry.appliedAt ?? "pending")
/// }
/// ```
public struct MigrationEntry: Sendable, Hashable {
    /// The migration.
    public var migration: Migration
    /// The time the database recorded when it applied the file; nil while pending.
    public var appliedAt: String?

    /// An entry; `appliedAt` nil while pending.
    public init(migration: Migration, appliedAt: String?) {
        self.migration = migration
        self.appliedAt = appliedAt
    }
}
