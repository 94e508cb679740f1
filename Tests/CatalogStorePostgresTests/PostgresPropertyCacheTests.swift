import CatalogStorePostgres
import CatalogKitPostgres
import CatalogStore
@testable import CatalogStorePostgres
import Foundation
import Synchronization
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

    /// A commit that lands between a read and the store of its result: the value read before
    /// it is not kept, so the next read sees the commit.
    @Test func aValueReadBeforeAnotherCommitIsNotKept() throws {
        let server = try PostgresServer.shared()
        let url = server.url(database: try server.createDatabase())
        let here = try PostgresDatabase(url: url), elsewhere = try PostgresDatabase(url: url)
        try here.objects.add(id: "cell", type: "cell")
        try here.properties.set(.number(1), for: "alpha", on: "cell")
        _ = try here.properties.value(for: "beta", on: "cell")  // starts the cache's listener
        let cache = here.propertyCache
        let landed = Mutex(false)
        cache.afterRead = {
            guard !landed.withLock({ $0 }) else { return }
            let before = cache.currentGeneration
            _ = try? elsewhere.properties.set(.number(2), for: "alpha", on: "cell")
            // Wait for the commit's notification to reach this handle (a hang guard bounds it).
            let deadline = Date().addingTimeInterval(30)
            while cache.currentGeneration == before, Date() < deadline { usleep(500) }
            landed.withLock { $0 = true }
        }
        #expect(try here.properties.value(for: "alpha", on: "cell") == .number(1), "read before the commit")
        #expect(landed.withLock { $0 } && cache.currentGeneration > 0)
        cache.afterRead = nil
        #expect(try here.properties.value(for: "alpha", on: "cell") == .number(2), "the stale value was not kept")
    }
}
