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

    /// The component table's stamp, which the server's page caches are keyed by, is kept the same
    /// way: no round trip while nothing was committed, read again after a commit anywhere.
    @Test func theComponentStampIsKeptUntilACommitIsAnnounced() throws {
        let server = try PostgresServer.shared()
        let url = server.url(database: try server.createDatabase())
        let here = try PostgresDatabase(url: url), elsewhere = try PostgresDatabase(url: url)
        let before = try here.components.tableStamp()
        #expect(here.components.keptTableStamp() == before)
        let sent = here.session.statementsSent
        for _ in 0..<100 { #expect(try here.components.tableStamp() == before) }
        #expect(here.session.statementsSent == sent, "kept in memory")

        let probe = try DefinitionDecoder.decode(
            text: "name: stamp-probe\nkind: animation\nversion: 1.0.0\nkeyframes: [{opacity: 0}, {opacity: 1}]\noptions: {duration: 100}\n",
            file: "probe.yaml")
        try elsewhere.components.add([probe], at: nil)
        // Seen once the notification arrives (a hang guard bounds the wait).
        let deadline = Date().addingTimeInterval(30)
        while here.components.keptTableStamp() != nil, Date() < deadline { usleep(1_000) }
        #expect(here.components.keptTableStamp() == nil)
        #expect(try here.components.tableStamp() != before)
    }

    /// Many first reads at once (a server's first requests): one of them starts the listener,
    /// the others read from the server meanwhile. Two listeners started together used to
    /// deadlock: the one dropped closed inside the cache's lock, and its close waited for an
    /// event loop that waited for that lock.
    @Test func manyFirstReadsAtOnceStartOneListener() throws {
        let server = try PostgresServer.shared()
        let here = try PostgresDatabase(url: server.url(database: try server.createDatabase()), connections: 4)
        let group = DispatchGroup()
        for _ in 0..<32 {
            group.enter()
            Thread {
                _ = try? here.components.tableStamp()
                group.leave()
            }.start()
        }
        let answered = group.wait(timeout: .now() + 60) == .success
        #expect(answered, "every read answered")
        guard answered else { return }  // a deadlocked cache would hold the next caller too
        #expect(here.propertyCache.isAvailable(here.endpoint))
        #expect(here.components.keptTableStamp() != nil)
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
