import CatalogKit
import CatalogStore
import Foundation
import GRDB
import TestSupport
import Testing

/// The component table's stamp, which the server's caches are keyed by, is kept between commits:
/// any commit — by this handle, another handle on the file, or a connection that is not the
/// catalog's at all — makes it read again, so a cached page never outlives the table it shows.
struct ComponentStampTests {
    let folder = TemporaryFolder()

    static let definition = """
        name: stamp-probe
        kind: animation
        version: 1.0.0
        keyframes: [{opacity: 0}, {opacity: 1}]
        options: {duration: 100}
        """

    @Test func aCommitAnywhereMakesTheStampReadAgain() throws {
        let path = folder.file("stamp.sqlite")
        let server = try Catalog(path: path), other = try Catalog(path: path)
        let before = try server.components.stamp()
        #expect(server.components.keptStamp() == before)

        // Another handle adds a component: the kept stamp no longer holds, and a read sees the add.
        try other.components.add([try DefinitionDecoder.decode(text: Self.definition, file: "probe.yaml")])
        #expect(server.components.keptStamp() == nil)
        let added = try server.components.stamp()
        #expect(added != before)
        #expect(server.components.keptStamp() == added)

        // A commit elsewhere in the file, by a connection of no catalog: read again, same value.
        try DatabaseQueue(path: path).write { try $0.execute(sql: "INSERT INTO setting (key, value) VALUES ('stamp-test', 'x')") }
        #expect(server.components.keptStamp() == nil)
        #expect(try server.components.stamp() == added)

        // Removing by a raw connection (what another program might do) is seen too.
        try DatabaseQueue(path: path).write { try $0.execute(sql: "DELETE FROM component WHERE name = 'stamp-probe'") }
        #expect(try server.components.stamp() != added)
    }

    @Test func insideATransactionTheStampCountsItsOwnChanges() throws {
        let catalog = try Catalog(path: folder.file("scoped.sqlite"))
        let before = try catalog.components.stamp()
        try catalog.transaction { scoped in
            try scoped.components.add([try DefinitionDecoder.decode(text: Self.definition, file: "probe.yaml")])
            #expect(scoped.components.keptStamp() == nil)
            #expect(try scoped.components.stamp() != before)
        }
    }
}
