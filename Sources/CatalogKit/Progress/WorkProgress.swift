/// How far a long operation has come — an import, an archive written or read, a snapshot, a
/// compaction, `replay --verify` — reported as it goes to the handler the caller passes, so a
/// program can show it (`catalog` draws a progress line on a terminal).
///
/// The library reports every page of work (about a thousand items) and at each change of step;
/// it never measures time: rates and time left are the caller's to work out, with its own clock.
///
/// ```swift
/// try catalog.takeSnapshot { progress in
///     print(progress.step, progress.done, progress.total ?? "?")   // "folding the log" 4096 2000000
/// }
/// ```
public struct WorkProgress: Sendable, Hashable {
    /// What is being done now, in a few lowercase words ("folding the log", "writing").
    public var step: String
    /// Items of this step done so far.
    public var done: Int
    /// Items the step has in all, when known.
    public var total: Int?
    /// What the items are, plural ("events", "objects", "rows").
    public var unit: String
    /// The share of the step done, 0…1, when known: `done / total`, or for a file read as it
    /// goes, the bytes read so far over its size.
    public var fraction: Double?

    package init(step: String, done: Int, total: Int? = nil, unit: String, fraction: Double? = nil) {
        self.step = step
        self.done = done
        self.total = total
        self.unit = unit
        self.fraction = fraction ?? total.map { $0 > 0 ? min(1, Double(done) / Double($0)) : 1 }
    }
}

/// Receives ``WorkProgress`` reports, on the thread doing the work.
public typealias ProgressHandler = (WorkProgress) -> Void

/// How often the library reports: every this many items.
let progressPage = 1_024

/// One step's items counted as the work goes, reported to a handler when the step starts and
/// every ``progressPage`` items after (a total, when known, never below what is done).
///
/// ```swift
/// var counter = ProgressCounter({ print($0.done) }, step: "folding the log", total: 2_000, unit: "events")
/// for event in events { fold(event); counter.advance() }
/// ```
struct ProgressCounter {
    let handler: ProgressHandler?
    let step: String
    let total: Int?
    let unit: String
    private(set) var done = 0
    private var reported = 0

    /// Reports the step's start (nothing done yet).
    init(_ handler: ProgressHandler?, step: String, total: Int?, unit: String) {
        (self.handler, self.step, self.total, self.unit) = (handler, step, total, unit)
        handler?(WorkProgress(step: step, done: 0, total: total, unit: unit))
    }

    /// Counts `count` more items done.
    mutating func advance(by count: Int = 1) {
        done += count
        guard let handler, done - reported >= progressPage else { return }
        reported = done
        handler(WorkProgress(step: step, done: done, total: total.map { max($0, done) }, unit: unit))
    }
}
