import Foundation
import Synchronization

/// Work run on a thread of its own while the caller goes on, then waited for: `replay --verify`
/// checks the live store (its snapshots, its log folded, its hash) there while the calling
/// thread rebuilds the store from the log, so the two halves use both cores.
///
/// ```swift
/// let live = BackgroundWork { try SceneVerification.contentHash(catalog.database) }
/// let rebuilt = try SceneVerification.contentHash(fresh.database)
/// let matches = try live.wait() == rebuilt
/// ```
///
/// Wait for it on every path, errors included, so that nothing outlives the call that started it.
final class BackgroundWork<Value: Sendable>: Sendable {
    private let outcome = Mutex<Result<Value, any Error>?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    init(_ work: @escaping @Sendable () throws -> Value) {
        let thread = Thread { [self] in
            let result = Result { try work() }
            outcome.withLock { $0 = result }
            finished.signal()
        }
        // The main thread's size: a fold's depth is bounded, but not by a worker's default.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Blocks until the work is over; returns its value or throws its error. Call it once.
    func wait() throws -> Value {
        finished.wait()
        return try outcome.withLock { $0! }.get()
    }
}
