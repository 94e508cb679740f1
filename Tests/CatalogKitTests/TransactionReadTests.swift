import CatalogKit
import Foundation
import TestSupport
import Testing

/// Inside a transaction a read sees the transaction's own writes, and what it reads never
/// outlives a rollback: the property cache holds committed values only.
struct TransactionReadTests {
    let folder = TemporaryFolder()
    struct Rollback: Error {}

    @Test(arguments: TestBackend.allCases) func aTransactionReadsItsOwnWritesAndARollbackLeavesNoTrace(backend: TestBackend) throws {
        let catalog = try backend.catalog(in: folder)
        try catalog.objects.add(id: "v", type: "view")
        try catalog.setProperty(.number(1), for: "cached", on: "v")
        #expect(try catalog.properties.value(for: "cached", on: "v") == .number(1))  // now cached
        #expect(
            throws: Rollback.self,
            performing: {
                try catalog.transaction { scoped in
                    try scoped.setProperty(.number(2), for: "cached", on: "v")
                    try scoped.setProperty(.number(3), for: "fresh", on: "v")
                    #expect(try scoped.properties.value(for: "cached", on: "v") == .number(2))
                    #expect(try scoped.properties.value(for: "fresh", on: "v") == .number(3))
                    throw Rollback()
                }
            })
        #expect(try catalog.properties.value(for: "cached", on: "v") == .number(1))
        #expect(try catalog.properties.value(for: "fresh", on: "v") == nil)
    }
}
