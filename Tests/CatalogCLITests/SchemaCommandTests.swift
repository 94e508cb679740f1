import CatalogKit
import Foundation
import TestSupport
import Testing

/// `catalog schema` prints the library's schema, to standard output or with `-o` to a file, and
/// needs no database (an editor's setup step works before any catalog exists).
struct SchemaCommandTests {
    let folder = TemporaryFolder()

    @Test func theCommandPrintsTheLibrarysSchemaWithoutADatabase() throws {
        let database = folder.file("never-created.sqlite")
        let printed = try CLI.run(["schema"], environment: ["CATALOG_DB": database])
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(try JSONReader.read(printed.stdout) == DefinitionSchema.document)
        let file = folder.file("definition.schema.json")
        let written = try CLI.run(["schema", "-o", file], environment: ["CATALOG_DB": database])
        #expect(written.status == 0 && written.stdout.isEmpty, "\(written.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == printed.stdout)
        #expect(!FileManager.default.fileExists(atPath: database))
        let unwritable = try CLI.run(["schema", "-o", folder.file("no/such/folder/schema.json")])
        #expect(unwritable.status == 1 && unwritable.stderr.contains("cannot write"), "\(unwritable.stderr)")
    }
}
