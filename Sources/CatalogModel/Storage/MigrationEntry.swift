/// A migration this build carries and, if it is applied to the database, when
/// (`catalog migrate --status`).
///
/// ```swift
/// for entry in try catalog.migrationStatus() {
///     print(entry.fileName, entry.appliedAt ?? "pending")
/// }
/// ```
public struct MigrationEntry: Sendable, Hashable {
    /// The migration.
    package var migration: Migration
    /// Its number (`0001_initial.sql` is 1).
    public var version: Int { migration.version }
    /// Its file's name in `Migrations/`.
    public var fileName: String { migration.fileName }
    /// The checksum of its file, line endings normalised (what the database recorded).
    public var checksum: String { migration.checksum }
    /// The time the database recorded when it applied the file; nil while pending.
    public var appliedAt: String?

    /// An entry; `appliedAt` nil while pending.
    package init(migration: Migration, appliedAt: String?) {
        self.migration = migration
        self.appliedAt = appliedAt
    }
}
