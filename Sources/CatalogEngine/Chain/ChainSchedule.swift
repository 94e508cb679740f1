import CatalogModel

/// When each step of a chain runs, by SCRAnimationChain's rules (Web Animations Level 2 group
/// and sequence effects say the same): a step's work time is its delay plus its animation's
/// duration; a sequence's is the sum of its children's, each starting when the one before ends; a
/// concurrent node's is the latest of its children's, all starting together. `done` fires once,
/// at the root's end — also when children tie, and at once for an empty chain (the original fires
/// once per tied child, and never for an empty chain).
///
/// ```swift
/// let schedule = ChainSchedule(chain.root) { step in 0.25 }   // every animation lasts 0.25 s
/// schedule.doneTime          // 1.25 for five steps in sequence
/// schedule.animations[3]     // (step: headline fade-in, start: 0.75, end: 1.0)
/// ```
package struct ChainSchedule: Sendable {
    /// An animate step placed in time: its animation begins at `start` (after the step's delay)
    /// and ends at `end`; its `prepare` sets apply at `start`.
    package struct Placed: Sendable, Hashable {
        /// The step.
        package var step: AnimateStep
        /// When its animation begins, in seconds after the chain's start.
        package var start: Double
        /// When its animation ends.
        package var end: Double
    }

    /// A property set placed in time.
    package struct PlacedSet: Sendable, Hashable {
        /// The set.
        package var step: PropertySetStep
        /// When it applies, in seconds after the chain's start.
        package var time: Double
    }

    /// The animate steps, in chain order.
    package private(set) var animations: [Placed] = []
    /// `set` steps and `prepare` sets, in time order (ties in chain order).
    package private(set) var sets: [PlacedSet] = []
    /// When the chain completes: the single `done`.
    package private(set) var doneTime: Double = 0

    /// - Parameter duration: how long a step's animation runs (its end time), resolved by the caller
    ///   (from the catalog component with the step's parameters, or the inline body).
    package init(_ root: ChainNode, startingAt start: Double = 0, duration: (AnimateStep) throws -> Double) rethrows {
        doneTime = try place(root, at: start, duration: duration)
        sets = sets.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    /// Places `node` starting at `time`; returns when it ends.
    private mutating func place(_ node: ChainNode, at time: Double, duration: (AnimateStep) throws -> Double) rethrows -> Double {
        switch node {
        case .sequence(let children):
            var cursor = time
            for child in children { cursor = try place(child, at: cursor, duration: duration) }
            return cursor
        case .concurrent(let children):
            var end = time
            for child in children { end = max(end, try place(child, at: time, duration: duration)) }
            return end
        case .animate(let step):
            let start = time + step.delay
            let end = start + max(try duration(step), 0)
            animations.append(Placed(step: step, start: start, end: end))
            for set in step.prepare { sets.append(PlacedSet(step: set, time: start)) }
            return end
        case .set(let step):
            sets.append(PlacedSet(step: step, time: time))
            return time
        case .wait(let seconds):
            return time + seconds
        }
    }
}
