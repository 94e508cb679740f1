/// The times `catalog sample` evaluates at: a list given with `--at`, or frames at a rate
/// between two times (`--fps`, `--from`, `--to`). Frame k is at from + k / fps, computed from k
/// so that long runs do not drift.
///
/// ```swift
/// try SampleTimes.frames(fps: 10, from: 0, to: 0.2)   // [0, 0.1, 0.2]
/// ```
package enum SampleTimes {
    /// Times that cannot be sampled: which time (``Field``) and what is wrong with it. The
    /// message names the times in words; a command line names its options instead.
    package struct Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The time an error is about, by its role.
        package enum Field: String, Sendable, Hashable {
            /// One of a list of times.
            case at
            /// The first frame's time.
            case from
            /// The last frame's time.
            case to
            /// The frame rate.
            case fps
        }

        /// What is wrong with the field.
        package enum Problem: Sendable, Hashable {
            /// A list item that is not a finite number (the item as written).
            case notANumber(String)
            /// A time beyond the limits: the time as written, and the rule.
            case outOfRange(String, rule: String)
            /// A frame rate that is not a positive, finite number.
            case rate
            /// No end was given and the animation never ends.
            case endless
            /// An end at or before the start.
            case endBeforeStart(start: Double, end: Double)
            /// More frames than ``NumericLimits/maximumFrames``.
            case tooManyFrames(Double)
            /// Frame times out of order: a time, and the one before it.
            case decreasing(Double, after: Double)
        }

        /// Which of the times is wrong.
        package var field: Field
        /// What is wrong with it.
        package var problem: Problem

        /// The refusal of `field` for `problem`.
        package init(_ field: Field, _ problem: Problem) {
            self.field = field
            self.problem = problem
        }

        /// The message with the times named in words (`the frame rate`, `the end time`).
        package var description: String {
            message { field in
                switch field {
                case .at: "a time list"
                case .from: "the start time"
                case .to: "the end time"
                case .fps: "the frame rate"
                }
            }
        }

        /// The message with the times named by `name` — a command line passes its options
        /// (`--at`, `--from`, `--to` or `--until`, `--fps`).
        package func message(naming name: (Field) -> String) -> String {
            switch problem {
            case .notANumber(let part): "\(name(.at)) takes seconds separated by commas; \"\(part)\" is not a number"
            case .outOfRange(let text, let rule): "\(name(field)) \(text): \(rule)"
            case .rate: "\(name(.fps)) must be a positive number of frames per second"
            case .endless: "the animation never ends (it repeats forever, or its speed is 0): give \(name(.to))"
            case .endBeforeStart(let start, let end): "\(name(.to)) (\(end)) is before \(name(.from)) (\(start))"
            case .tooManyFrames(let count):
                "that is \(JSONValue.numberText(count)) frames, more than \(NumericLimits.maximumFrames); sample fewer (lower \(name(.fps)) or a shorter span)"
            case .decreasing(let time, let previous):
                "frame times must not decrease: \(JSONValue.numberText(time)) follows \(JSONValue.numberText(previous))"
            }
        }
    }

    /// Seconds separated by commas (`0,0.05,0.1`) — or, in a file of times, by commas, spaces
    /// or newlines (`separatedByWhitespace`).
    package static func list(_ text: String, separatedByWhitespace: Bool = false) throws(Error) -> [Double] {
        var times: [Double] = []
        let parts =
            separatedByWhitespace
            ? text.split(whereSeparator: { $0 == "," || $0.isWhitespace })
            : text.split(separator: ",", omittingEmptySubsequences: false)
        for part in parts {
            guard let t = Double(part.trimmingCharacters(in: .whitespaces)), t.isFinite else {
                throw Error(.at, .notANumber(String(part)))
            }
            if let problem = NumericLimits.problem(time: t) { throw Error(.at, .outOfRange(String(part), rule: problem)) }
            times.append(t)
        }
        return times
    }

    /// Frames a command evaluates over a span it chose itself (`replay` with no `--until`: up to
    /// the last animation's end, which may be years away): it stops there, with a note, rather
    /// than refuse to start or print for hours. Given explicitly, spans go up to
    /// ``NumericLimits/maximumFrames``.
    package static let implicitFrameBudget = 100_000

    /// Where frames from `from` towards `to` at `fps` must stop to stay within `budget` frames:
    /// nil when the whole span fits, else the last frame's time (`last`) and an end to sample
    /// up to (`end`, half a frame on, so that rounding at large times keeps that last frame).
    ///
    /// ```swift
    /// SampleTimes.cut(fps: 10, from: 0, to: 1e8)?.last   // 9999.9: 100,000 frames
    /// ```
    package static func cut(fps: Double, from: Double, to: Double, budget: Int = implicitFrameBudget) -> (last: Double, end: Double)? {
        guard fps > 0, fps.isFinite, to.isFinite, from.isFinite, to > from,
            ((to - from) * fps + 1e-9).rounded(.down) >= Double(budget)
        else { return nil }
        return (from + Double(budget - 1) / fps, from + (Double(budget - 1) + 0.5) / fps)
    }

    /// Frame times `from`, `from + 1/fps`, … up to `to` (included when it falls on a frame),
    /// refused when the rate, the ends or the number of frames break the limits.
    package static func frames(fps: Double, from: Double, to: Double) throws(Error) -> [Double] {
        guard fps > 0, fps.isFinite else { throw Error(.fps, .rate) }
        guard !to.isInfinite || to < 0 else { throw Error(.to, .endless) }
        if let problem = NumericLimits.problem(time: from) { throw Error(.from, .outOfRange(JSONValue.numberText(from), rule: problem)) }
        if let problem = NumericLimits.problem(time: to) { throw Error(.to, .outOfRange(JSONValue.numberText(to), rule: problem)) }
        guard to >= from else { throw Error(.to, .endBeforeStart(start: from, end: to)) }
        // Counted as a double first: a huge rate or span must not overflow the integer.
        let span = ((to - from) * fps + 1e-9).rounded(.down)
        guard span.isFinite, span < Double(NumericLimits.maximumFrames) else {
            throw Error(.fps, .tooManyFrames(span + 1))
        }
        return (0...Int(span)).map { from + Double($0) / fps }
    }
}
