import CatalogKit
import CatalogStore
import Foundation
import Synchronization
import TestSupport
import Testing

/// A write operation reads what it checks inside the transaction that writes (GRDB's rule):
/// `prop set` — with an override to check against its parameter, a declared type to convert to,
/// decorators to look up and attach —, `apply` and `send` are one transaction each, counted in
/// the statements every connection of the store runs.
struct OperationTransactionTests {
    @Test func aPropertySetIsOneTransaction() throws {
        let folder = TemporaryFolder()
        let statements = Mutex<[String]>([])
        let database = try CatalogDatabase(path: folder.file("c.sqlite"), trace: { sql in statements.withLock { $0.append(sql) } })
        let catalog = try Catalog(backend: database)
        try catalog.database.objects.add(id: "label", type: "label")
        try catalog.database.objects.add(id: "cell", type: "cell")
        /// The transactions `body` began, on any connection.
        func transactions(_ body: () throws -> Void) throws -> [String] {
            statements.withLock { $0 = [] }
            try body()
            return statements.withLock { $0 }.filter { $0.uppercased().hasPrefix("BEGIN") }
        }
        let sets: [(key: String, id: String, value: PropertyValue?)] = [
            ("title", "label", .string("hello")),  // a plain key
            ("bounce-select.duration", "cell", .string("0.3")),  // an override, checked against its parameter
            ("frame", "label", .string("0,0,120,40")),  // a key the type declares, converted
            ("url", "label", .string("https://swift.org")),  // attaches hyperlink
            ("url", "label", .string("https://swift.org/about")),  // already attached
            ("title", "label", nil)  // an unset
        ]
        for set in sets {
            let begun = try transactions { try catalog.setProperty(set.value, for: set.key, on: set.id) }
            #expect(begun.count == 1, "\(set.key) on \(set.id): \(begun)")
        }
        #expect(try catalog.state(of: "label").decorators == ["hyperlink"])
        // A refused set is one transaction too, and leaves nothing.
        let refused = try transactions { #expect(throws: SceneError.self) { try catalog.setProperty(.number(-1), for: "bounce-select.duration", on: "cell") } }
        #expect(refused.count == 1, "\(refused)")
        #expect(try catalog.database.properties.value(for: "bounce-select.duration", on: "cell") == .number(0.3))

        #expect(try transactions { try catalog.apply("bounce-select", to: ["cell"]) }.count == 1)
        #expect(try transactions { _ = try catalog.send("select", to: "cell") }.count == 1)
        #expect(try transactions { _ = try catalog.send("tap", to: "label") }.count == 1)
        #expect(try catalog.events.list(object: "cell").last?.operation == .send)
    }
}
