import Foundation
import Synchronization

/// Pages passed from a thread that reads to a thread that writes, in order, with at most
/// `capacity` waiting: `replay --verify` reads and decodes the live log on one thread while the
/// rebuild carries the pages before out on another. The reader blocks when the writer falls
/// behind, so memory stays a few pages whatever the log's length.
///
/// ```swift
/// let pages = PageHandoff<[Event]>(capacity: 4)
/// let reader = BackgroundWork {
///     defer { pages.finish() }
///     for page in source where pages.put(page) {}
/// }
/// while let page = try pages.take() { carryOut(page) }
/// try reader.wait()
/// ```
final class PageHandoff<Page: Sendable>: Sendable {
    private struct State {
        var waiting: [Page] = []
        var failure: (any Error)?
        var cancelled = false
    }
    private let state = Mutex(State())
    /// Free places for pages; the reader takes one before each page it puts.
    private let places: DispatchSemaphore
    /// Pages put (and the end, once), for the writer to take.
    private let ready = DispatchSemaphore(value: 0)

    init(capacity: Int) {
        // Made at zero and raised: libdispatch traps when a semaphore is freed below the value
        // it was made with, as this one is when pages are left waiting after a cancel.
        places = DispatchSemaphore(value: 0)
        for _ in 0..<capacity { places.signal() }
    }

    /// Hands `page` over, waiting while `capacity` pages wait. Returns false once the taker
    /// has cancelled: the reader should stop.
    @discardableResult
    func put(_ page: Page) -> Bool {
        places.wait()
        let accepted = state.withLock { state in
            guard !state.cancelled else { return false }
            state.waiting.append(page)
            return true
        }
        // Once cancelled, the place is passed on, so that no later put waits for one.
        if accepted { ready.signal() } else { places.signal() }
        return accepted
    }

    /// Ends the pages: after those already put, ``take()`` throws `failure` if one is given,
    /// else returns nil. Call it once, last.
    func finish(throwing failure: (any Error)? = nil) {
        state.withLock { $0.failure = failure }
        ready.signal()
    }

    /// The next page, waiting for it; nil after the last one (or the failure the reader ended with).
    func take() throws -> Page? {
        ready.wait()
        let next: Swift.Result<Page?, any Error> = state.withLock { state in
            if !state.waiting.isEmpty { return .success(state.waiting.removeFirst()) }
            // Only the end signals without a page; it stays signalled for any later take.
            if let failure = state.failure { return .failure(failure) }
            return .success(nil)
        }
        switch next {
        case .success(let page?):
            places.signal()
            return page
        case .success(nil), .failure:
            ready.signal()
            return try next.get()
        }
    }

    /// Tells the reader to stop: its next ``put(_:)``, and every one after, returns false
    /// instead of waiting.
    func cancel() {
        state.withLock { $0.cancelled = true }
        places.signal()
    }
}
