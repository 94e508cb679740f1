import CatalogKitPostgres
import CatalogStore
import CatalogStorePostgres
import Foundation
import TestSupport
import Testing

/// The property cache of a long-lived handle on PostgreSQL: a value read once is served from
/// memory; the handle's own write is read back at once; another machine's write is seen once
/// its notification arrives.
struct PostgresPropertyCacheTests {
    @Test func cachedReadsSkipTheServerAndCommitsAnywhereEmptyTheCache() throws {
        let server = try PostgresServer.shared()
        let url = server.url(database: try server.createDatabase())
        let here = try PostgresDatabase(url: url), elsewhere = try PostgresDatabase(url: url)
        try here.objects.add(id: "cell", type: "cell")
        try here.properties.set(.number(1), for: "alpha", on: "cell")
        #expect(try here.properties.value(for: "alpha", on: "cell") == .number(1))
        let sent = here.session.statementsSent
        for _ in 0..<100 { #expect(try here.properties.value(for: "alpha", on: "cell") == .number(1)) }
        #expect(here.session.statementsSent == sent, "served from memory")

        // Its own write: read back at once.
        try here.properties.set(.number(2), for: "alpha", on: "cell")
        #expect(try here.properties.value(for: "alpha", on: "cell") == .number(2))

        // Another machine's write: seen once the notification arrives (a hang guard bounds the wait).
        try elsewhere.properties.set(.number(3), for: "alpha", on: "cell")
        var seen = try here.properties.value(for: "alpha", on: "cell")
        let deadline = Date().addingTimeInterval(30)
        while seen != .number(3), Date() < deadline {
            usleep(1_000)
            seen = try here.properties.value(for: "alpha", on: "cell")
        }
        #expect(seen == .number(3))
        #expect(try here.properties.uncachedValue(for: "alpha", on: "cell") == .number(3))
    }
}
