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
        // Half the main thread's: the deepest work here (JSON 128 levels deep, read or written)
        // needs far less, and a process under an address-space limit counts every stack whole.
        thread.stackSize = 4 << 20
        thread.start()
    }

    /// Blocks until the work is over; returns its value or throws its error. Call it once.
    func wait() throws -> Value {
        finished.wait()
        return try outcome.withLock { $0! }.get()
    }
}
