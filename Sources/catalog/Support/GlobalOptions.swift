import ArgumentParser
import CatalogKit
import CatalogKitPostgres
import Foundation
import Synchronization

/// `--db`, shared by every command (before or after the command name).
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The database file, or a postgres://USER@HOST[:PORT]/DATABASE URL (default: $CATALOG_DB, else the per-user data folder).",
            valueName: "path-or-url"),
        completion: .file(extensions: ["sqlite", "db"]))
    var db: String?

    /// Opens the catalog, creating, migrating and loading built-ins as needed.
    /// - Parameter forReading: the command only reads: an up-to-date catalog opens read-only,
    ///   so the command syncs, checkpoints and deletes nothing on the way out.
    /// - Parameter loadBuiltIns: load the built-in catalog into a new or outdated database
    ///   (`store import` rebuilds from nothing, so it does not).
    /// - Parameter connections: on PostgreSQL, how many connections to open (`serve` opens several).
    func open(forReading: Bool = false, loadBuiltIns: Bool = true, connections: Int = 1) throws -> Catalog {
        try Self.open(db: db, forReading: forReading, loadBuiltIns: loadBuiltIns, connections: connections)
    }

    /// ``open(forReading:loadBuiltIns:)`` for `--db` given as `db` (nil: none), for a command
    /// read without the parser (``PropGet/direct(_:)``).
    static func open(db: String?, forReading: Bool = false, loadBuiltIns: Bool = true, connections: Int = 1) throws -> Catalog {
        let given = db ?? ProcessInfo.processInfo.environment["CATALOG_DB"]
        if let given, Catalog.isServerURL(given) {
            // A team's catalog on a server: reads and writes alike go to it (no read-only open).
            let catalog = try Catalog(url: given, loadBuiltIns: loadBuiltIns, connections: connections)
            if !forReading { openedForWriting.withLock { $0 = catalog } }
            return catalog
        }
        if let given { try check(given) }
        let path = given ?? Catalog.defaultPath()
        do {
            // One command, a commit or two, then exit: a background checkpoint would rarely
            // finish before the process does.
            let catalog = try Catalog(path: given, loadBuiltIns: loadBuiltIns, checkpointing: .onCommit, forReading: forReading)
            if !forReading { openedForWriting.withLock { $0 = catalog } }
            return catalog
        } catch let error as StoreError {
            throw error  // worded by ErrorPresentation
        } catch {
            throw CommandFailure("cannot open \(path): \(error)", code: (error as? any CatalogError)?.code ?? .cannotOpen)
        }
    }

    /// Finds the COMPONENT argument of `sample`, `plot` and `export`: a definition file, or
    /// `NAME[@VERSION]` in the catalog, which opens (for reading) only then.
    func resolver() -> ComponentResolver {
        ComponentResolver { try open(forReading: true) }
    }

    /// The catalog a writing command opened: once the command has succeeded, `main` ends its
    /// writes (``Catalog/finishWriting()``, which keeps a snapshot when one is due).
    static let openedForWriting = Mutex<Catalog?>(nil)

    /// Paths that cannot be a database file, each with its own message.
    private static func check(_ path: String) throws {
        // Spaces and tabs only (Foundation's `.whitespaces`, without loading its character sets).
        guard !path.unicodeScalars.allSatisfy({ $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }) else {
            throw CommandFailure("the database path is empty: give --db PATH, or unset CATALOG_DB for the default", code: .invalidLocation)
        }
        if let scheme = path.range(of: "://").map({ String(path[..<$0.lowerBound]) }) {
            throw CommandFailure("\(scheme):// is not a catalog location: give --db a file path or a postgres:// URL", code: .invalidLocation)
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CommandFailure(
                "\(path) is a folder: give a database file, e.g. \((path as NSString).appendingPathComponent("catalog.sqlite"))", code: .invalidLocation)
        }
    }
}

/// Output style of read commands.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json
}

/// Prints JSON output: canonical key order, one document per command.
func printJSON(_ value: JSONValue) {
    print(value.prettyText)
}

/// Shell completion that reads names from the database named on the command line, if any.
enum DatabaseCompletion {
    static func components() -> CompletionKind {
        .custom { arguments, _, prefix in
            (try? open(arguments)?.components.names())?.filter { $0.hasPrefix(prefix) } ?? []
        }
    }

    static func objects() -> CompletionKind {
        .custom { arguments, _, prefix in
            (try? open(arguments)?.objects.ids())?.filter { $0.hasPrefix(prefix) } ?? []
        }
    }

    /// Opens an existing database only: completing must never create one.
    private static func open(_ arguments: [String]) throws -> Catalog? {
        var path: String?
        if let index = arguments.firstIndex(of: "--db"), index + 1 < arguments.count { path = arguments[index + 1] }
        if let inline = arguments.first(where: { $0.hasPrefix("--db=") }) { path = String(inline.dropFirst(5)) }
        let resolved = path ?? Catalog.defaultPath()
        guard FileManager.default.fileExists(atPath: resolved) else { return nil }
        return try Catalog(path: resolved, loadBuiltIns: false, checkpointing: .onCommit)
    }
}
