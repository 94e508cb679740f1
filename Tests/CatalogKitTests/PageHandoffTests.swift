@testable import CatalogKit
import Synchronization
import Testing

/// Pages handed from one thread to another (how `replay --verify` reads, rebuilds and compares
/// at once) arrive in order, with the reader never more than its capacity ahead; an error ends
/// them after the pages before it; a cancelled hand-off never leaves a reader waiting.
struct PageHandoffTests {
    struct Broken: Error, Equatable {}

    @Test func pagesArriveInOrderWithTheReaderAtMostItsCapacityAhead() throws {
        let handoff = PageHandoff<Int>(capacity: 2)
        let put = Atomic(0)
        let reader = BackgroundWork {
            for page in 0..<200 {
                handoff.put(page)
                put.add(1, ordering: .sequentiallyConsistent)
            }
            handoff.finish()
        }
        var taken: [Int] = []
        while let page = try handoff.take() {
            // Taken so far: this one and those before; put: at most two more waiting, and one the reader holds.
            #expect(put.load(ordering: .sequentiallyConsistent) <= taken.count + 1 + 2)
            taken.append(page)
        }
        try reader.wait()
        #expect(taken == Array(0..<200))
        #expect(try handoff.take() == nil, "the end stays the end")
    }

    @Test func anErrorEndsThePagesAfterThoseBeforeIt() throws {
        let handoff = PageHandoff<Int>(capacity: 3)
        handoff.put(1)
        handoff.put(2)
        handoff.finish(throwing: Broken())
        #expect(try handoff.take() == 1)
        #expect(try handoff.take() == 2)
        #expect(throws: Broken.self) { try handoff.take() }
        #expect(throws: Broken.self) { try handoff.take() }
    }

    @Test func aCancelledHandoffLeavesNoReaderWaiting() throws {
        let handoff = PageHandoff<Int>(capacity: 1)
        let reader = BackgroundWork { () -> [Bool] in
            // The second put waits for a place until the cancel; none after it waits.
            (0..<5).map { handoff.put($0) }
        }
        #expect(try handoff.take() == 0)
        // The reader may or may not have put page 1 by now; every put after the cancel is refused.
        handoff.cancel()
        let accepted = try reader.wait()
        #expect(accepted.prefix(1) == [true])
        #expect(accepted.dropFirst(2).allSatisfy { !$0 })
        #expect(!handoff.put(9))
    }

    /// Pages left waiting when the taker stops (an error while rebuilding) are freed with the
    /// hand-off, without libdispatch's trap for a semaphore freed below its starting value.
    @Test func aHandoffLeftWithPagesWaitingIsFreed() throws {
        for _ in 0..<3 {
            let handoff = PageHandoff<Int>(capacity: 2)
            handoff.put(1)
            handoff.put(2)
            handoff.cancel()
            #expect(!handoff.put(3))
        }
    }
}
