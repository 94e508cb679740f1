/// The times `catalog sample` evaluates at: a list given with `--at`, or frames at a rate
/// between two times (`--fps`, `--from`, `--to`). Frame k is at from + k / fps, computed from k
/// so that long runs do not drift.
///
/// ```swift
/// try SampleTimes.frames(fps: 10, from: 0, to: 0.2)   // [0, 0.1, 0.2]
/// ```
public enum SampleTimes {
    /// Times that cannot be sampled, phrased for the command line.
    public struct Error: Swift.Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// Seconds separated by commas (`0,0.05,0.1`) — or, in a file of times, by commas, spaces
    /// or newlines (`separatedByWhitespace`).
    public static func list(_ text: String, separatedByWhitespace: Bool = false) throws(Error) -> [Double] {
        var times: [Double] = []
        let parts = separatedByWhitespace
            ? text.split(whereSeparator: { $0 == "," || $0.isWhitespace })
            : text.split(separator: ",", omittingEmptySubsequences: false)
        for part in parts {
            guard let t = Double(part.trimmingCharacters(in: .whitespaces)), t.isFinite else {
                throw Error(description: "--at takes seconds separated by commas; \"\(part)\" is not a number")
            }
            if let problem = NumericLimits.problem(time: t) { throw Error(description: "--at \(part): \(problem)") }
            times.append(t)
        }
        return times
    }

    /// Frames a command evaluates over a span it chose itself (`replay` with no `--until`: up to
    /// the last animation's end, which may be years away): it stops there, with a note, rather
    /// than refuse to start or print for hours. Given explicitly, spans go up to
    /// ``NumericLimits/maximumFrames``.
    public static let implicitFrameBudget = 100_000

    /// Where frames from `from` towards `to` at `fps` must stop to stay within `budget` frames:
    /// nil when the whole span fits, else the last frame's time (`last`) and an end to sample
    /// up to (`end`, half a frame on, so that rounding at large times keeps that last frame).
    ///
    /// ```swift
    /// SampleTimes.cut(fps: 10, from: 0, to: 1e8)?.last   // 9999.9: 100,000 frames
    /// ```
    public static func cut(fps: Double, from: Double, to: Double, budget: Int = implicitFrameBudget) -> (last: Double, end: Double)? {
        guard fps > 0, fps.isFinite, to.isFinite, from.isFinite, to > from,
              ((to - from) * fps + 1e-9).rounded(.down) >= Double(budget) else { return nil }
        return (from + Double(budget - 1) / fps, from + (Double(budget - 1) + 0.5) / fps)
    }

    /// - Parameter toOption: how the command names the last time (`--to`, `--until`), for errors.
    public static func frames(fps: Double, from: Double, to: Double, toOption: String = "--to") throws(Error) -> [Double] {
        guard fps > 0, fps.isFinite else { throw Error(description: "--fps must be a positive number of frames per second") }
        guard !to.isInfinite || to < 0 else {
            throw Error(description: "the animation never ends (it repeats forever, or its speed is 0): give \(toOption)")
        }
        if let problem = NumericLimits.problem(time: from) { throw Error(description: "--from \(JSONValue.numberText(from)): \(problem)") }
        if let problem = NumericLimits.problem(time: to) { throw Error(description: "\(toOption) \(JSONValue.numberText(to)): \(problem)") }
        guard to >= from else { throw Error(description: "\(toOption) (\(to)) is before --from (\(from))") }
        // Counted as a double first: a huge rate or span must not overflow the integer.
        let span = ((to - from) * fps + 1e-9).rounded(.down)
        guard span.isFinite, span < Double(NumericLimits.maximumFrames) else {
            throw Error(description: "that is \(JSONValue.numberText(span + 1)) frames, more than \(NumericLimits.maximumFrames); sample fewer (lower --fps or a shorter span)")
        }
        return (0...Int(span)).map { from + Double($0) / fps }
    }
}
