import NIOCore
import NIOPosix

/// Runs store work on the server's thread pools for blocking work. SQLite and the PostgreSQL
/// session block their caller: on a thread of Swift's cooperative pool (two on two cores) a
/// request waiting on a lock would stall every other one, static files included. Writes have a
/// pool of their own, so that reads go on while writers wait on a lock (SQLite's busy timeout is
/// a minute); each pool is small, since more threads than cores only take turns on them
/// (`docs/Performance.md`, *Serving*).
///
/// ```swift
/// api.get("objects/:id") { _, context -> Response in
///     try await offload { .json(try catalog.objects.describe(try context.parameters.decoded("id")).jsonValue) }
/// }
/// ```
func offload<Value: Sendable>(writing: Bool = false, _ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await (writing ? writeThreads : readThreads).runIfActive(body)
}

/// One pool each for the process, started on first use and kept, as NIO keeps its singletons:
/// reads on as many threads as cores (they are work for the CPU), writes on a few more (they may
/// wait on a lock).
private let readThreads = startedPool(threads: System.coreCount)
private let writeThreads = startedPool(threads: 4)

private func startedPool(threads: Int) -> NIOThreadPool {
    let pool = NIOThreadPool(numberOfThreads: threads)
    pool.start()
    return pool
}
