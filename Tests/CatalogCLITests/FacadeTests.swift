import Foundation
import Testing

/// `Catalog` is the only way in: the command line is a client of the library like any other, and
/// the library's public surface carries no store type. Both rules are held by the compiler once
/// the imports are right (a `package` or `internal import` refuses a store type in a public
/// declaration), so these tests hold the imports.
@Suite struct FacadeTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources").standardized

    /// Each Swift file under `Sources/<target>` with the lines that import a store module.
    static func storeImports(in target: String) throws -> [(file: String, line: String)] {
        let folder = sources.appendingPathComponent(target)
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty, "no sources under \(folder.path)")
        return try files.sorted().flatMap { file in
            try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8).split(separator: "\n")
                .filter { $0.range(of: #"^(@_exported |package |public |internal )?import CatalogStore\w*$"#, options: .regularExpression) != nil }
                .map { (file, String($0)) }
        }
    }

    @Test func theCommandLineImportsNoStoreModule() throws {
        let imports = try Self.storeImports(in: "catalog")
        #expect(imports.isEmpty, "\(imports.map { "\($0.file): \($0.line)" })")
    }

    @Test func theLibraryImportsTheStoreForItselfOnly() throws {
        for target in ["CatalogKit", "CatalogKitPostgres"] {
            let imports = try Self.storeImports(in: target)
            #expect(!imports.isEmpty, "\(target) is the facade over the store: it imports it")
            let open = imports.filter { !$0.line.hasPrefix("package import ") && !$0.line.hasPrefix("internal import ") }
            #expect(open.isEmpty, "\(target) shows the store to its users: \(open.map { "\($0.file): \($0.line)" })")
        }
    }
}
