import ArgumentParser
import CatalogKit

struct Migrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Apply pending migrations, or list applied and pending ones with --status.")

    @OptionGroup var global: GlobalOptions
    @Flag(help: "List migrations and whether each is applied, without changing anything.")
    var status = false
    @Option(help: "Output format: table or json.") var format: OutputFormat = .table

    func run() throws {
        let catalog = try global.open()  // opening applies pending migrations
        let entries = try catalog.migrationStatus()
        guard status else {
            print("database at version \(entries.filter { $0.appliedAt != nil }.count) of \(entries.count): up to date")
            return
        }
        switch format {
        case .json:
            printJSON(
                .array(
                    entries.map { entry in
                        [
                            "version": .number(Double(entry.migration.version)), "file": .string(entry.migration.fileName),
                            "checksum": .string(entry.migration.checksum), "applied_at": entry.appliedAt.map(JSONValue.string) ?? .null
                        ]
                    }))
        case .table:
            var table = Table("VERSION", "FILE", "STATE")
            for entry in entries {
                table.append(String(entry.migration.version), entry.migration.fileName, entry.appliedAt.map { "applied \($0)" } ?? "pending")
            }
            print(table.render())
        }
    }
}
