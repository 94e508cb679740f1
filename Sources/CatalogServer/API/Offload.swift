import NIOPosix

/// Runs store work on the server's thread pool for blocking work. SQLite and the PostgreSQL
/// session block their caller: on a thread of Swift's cooperative pool (two on two cores) a
/// request waiting on a lock would stall every other one, static files included. The pool has
/// threads enough that reads go on while writers wait on a lock (SQLite's busy timeout is a
/// minute).
///
/// ```swift
/// api.get("objects/:id") { _, context -> Response in
///     try await offload { .json(try catalog.objects.describe(try context.parameters.decoded("id")).jsonValue) }
/// }
/// ```
func offload<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await storeThreads.runIfActive(body)
}

/// One pool for the process, started on first use and kept, as NIO keeps its singletons.
private let storeThreads: NIOThreadPool = {
    let pool = NIOThreadPool(numberOfThreads: 16)
    pool.start()
    return pool
}()
