import CatalogKit
import Hummingbird

/// The times `GET /api/components/NAME/sample` evaluates at, read exactly as the OpenAPI document
/// describes them, so that every request the document allows is answered: `at=T,T…` (seconds,
/// as a browser writes them), or frames at `fps` from `from` (default 0) to `to` (default: the
/// animation's end), one page of at most ``maximumSamples`` at a time.
///
/// ```swift
/// try SampleQuery(FormQuery("fps=10&to=0.2")).times(end: 1)   // [0, 0.1, 0.2], no next page
/// ```
enum SampleQuery {
    case list([Double])
    case frames(fps: Double, from: Double, to: Double?)

    /// Samples in one answer: a longer span is answered a page at a time (`Link: rel="next"`).
    static let maximumSamples = 100_000

    init(_ query: FormQuery) throws {
        switch (query.get("at"), query.get("fps")) {
        case (let at?, nil):
            guard query.get("from") == nil, query.get("to") == nil else {
                throw Query.bad(query.get("from") == nil ? "to" : "from", query.get("from") ?? query.get("to") ?? "", "taken with fps only")
            }
            guard let times = Self.times(at) else {
                throw WebError(.invalidTimes, "?at=\(at) is not seconds separated by commas (such as 0,0.25,1.5; 1e-7 too)", status: .badRequest)
            }
            self = .list(times)
        case (nil, let fps?):
            guard let rate = Double(fps), rate > 0, rate <= 1000 else { throw Query.bad("fps", fps, "frames per second, more than 0 and at most 1000") }
            self = .frames(fps: rate, from: try Self.time(query, "from") ?? 0, to: try Self.time(query, "to"))
        default: throw Query.bad("at", query.get("at") ?? "", "either at=T[,T…] (seconds) or fps=N, not both")
        }
    }

    /// The times of this answer, and where the next page starts (nil on the last page). `end` is
    /// the animation's end, used when `to` is not given (infinite for one that never ends).
    func times(end: Double) throws -> (times: [Double], next: Double?) {
        switch self {
        case .list(let times): return (times, nil)
        case .frames(let fps, let from, let to):
            let last = min(to ?? end, NumericLimits.maximumTime)
            guard last >= from else { return ([], nil) }
            // A span past one page ends where `sample` cuts a span it chose itself.
            guard let cut = SampleTimes.cut(fps: fps, from: from, to: last, budget: Self.maximumSamples) else {
                return (try SampleTimes.frames(fps: fps, from: from, to: last), nil)
            }
            return (try SampleTimes.frames(fps: fps, from: from, to: cut.end), from + Double(Self.maximumSamples) / fps)
        }
    }

    /// Times separated by commas, each as the document's pattern writes it: an optional minus,
    /// a whole number of at most nine digits without leading zeros, optional decimals, and an
    /// optional negative exponent (what a browser's `String(t)` writes for a time, `1e-7` too) —
    /// always within ±10⁹ s.
    static func times(_ text: String) -> [Double]? {
        var times: [Double] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard isTime(Array(part.utf8)), let time = Double(part) else { return nil }
            times.append(time)
        }
        return times
    }

    /// `-?(0|[1-9][0-9]{0,8})(\.[0-9]+)?([eE]-[0-9]+)?`, whole.
    private static func isTime(_ bytes: [UInt8]) -> Bool {
        var i = 0
        func digits() -> Int {
            let start = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            return i - start
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        let start = i, whole = digits()
        guard (1...9).contains(whole), whole == 1 || bytes[start] != UInt8(ascii: "0") else { return false }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { return false }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            guard i < bytes.count, bytes[i] == UInt8(ascii: "-") else { return false }
            i += 1
            guard digits() > 0 else { return false }
        }
        return i == bytes.count
    }

    static func time(_ query: FormQuery, _ name: String) throws -> Double? {
        guard let text = query.get(name) else { return nil }
        guard let time = Double(text), NumericLimits.problem(time: time) == nil else {
            throw Query.bad(name, text, "a time in seconds from -1000000000 to 1000000000")
        }
        return time
    }
}
