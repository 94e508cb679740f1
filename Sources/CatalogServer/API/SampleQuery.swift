import CatalogKit
import Hummingbird

/// The times `GET /api/components/NAME/sample` evaluates at, read exactly as the OpenAPI document
/// describes them, so that every request the document allows is answered: `at=T,T…` (seconds,
/// written `-?D{1,9}(.D{1,9})?`), or frames at `fps` from `from` (default 0) to `to` (default: the
/// animation's end), one page of at most ``maximumSamples`` at a time.
///
/// ```swift
/// try SampleQuery(FormQuery("fps=10&to=0.2")).times(end: 1)   // [0, 0.1, 0.2], no next page
/// ```
enum SampleQuery: Equatable {
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
                throw WebError(.invalidTimes, "?at=\(at) is not seconds separated by commas, each -?D{1,9}(.D{1,9})?", status: .badRequest)
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
    func times(end: Double) -> (times: [Double], next: Double?) {
        switch self {
        case .list(let times): return (times, nil)
        case .frames(let fps, let from, let to):
            let last = min(to ?? end, NumericLimits.maximumTime)
            guard last >= from else { return ([], nil) }
            // Counted as a double: a span of 2·10⁹ s at 1000 fps does not fit a page, nor an Int.
            let count = ((last - from) * fps + 1e-9).rounded(.down) + 1
            let page = Int(min(count, Double(Self.maximumSamples)))
            let times = (0..<page).map { from + Double($0) / fps }
            let next = from + Double(page) / fps
            return (times, count > Double(page) && next <= last ? next : nil)
        }
    }

    /// `-?D{1,9}(.D{1,9})?` separated by commas: what the document's pattern says, within ±10⁹ s.
    static func times(_ text: String) -> [Double]? {
        var times: [Double] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let digits = part.hasPrefix("-") ? part.dropFirst() : part[...]
            let pieces = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            guard (1...9).contains(pieces[0].count), pieces.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
                pieces.count == 1 || (1...9).contains(pieces[1].count), let time = Double(part)
            else { return nil }
            times.append(time)
        }
        return times
    }

    static func time(_ query: FormQuery, _ name: String) throws -> Double? {
        guard let text = query.get(name) else { return nil }
        guard let time = Double(text), NumericLimits.problem(time: time) == nil else {
            throw Query.bad(name, text, "a time in seconds from -1000000000 to 1000000000")
        }
        return time
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
