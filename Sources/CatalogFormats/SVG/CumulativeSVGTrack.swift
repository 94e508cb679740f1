import CatalogEngine
import Foundation

/// A Core Animation `cumulative` animation in SMIL's own words: its first repeat cycle as an
/// exact track (``SVGExactTrack``), played `repeatCount` times with `accumulate="sum"` — each
/// cycle adding the value the last one ended with, as Core Animation adds it — from `begin`; what
/// it fills forwards with is a value held from its end by an animation of its own, since WebKit
/// freezes an accumulated animation that ends with a whole cycle at the next cycle's start (SMIL
/// and the other engines: at the last cycle's end). Kept only where what SMIL then shows is the
/// engine's value (to a thousandth of the bound) at every time checked over the whole span; a
/// value the engine clamps (an opacity summed past 1) is not, and is written from samples.
///
/// ```swift
/// let slide = WebAnimation(
///     keyframes: [WebKeyframe(offset: 0, values: ["transform": "translateY(0px)"]), WebKeyframe(offset: 1, values: ["transform": "translateY(10px)"])],
///     timing: WebTiming(duration: 400), properties: ["transform"], fidelity: .exact)
/// let summed = try CumulativeSVGTrack.make(
///     .transform, cycle: .init(animation: slide, count: 3), length: 1.2, box: SVGBox(width: 100, height: 100),
///     sample: { t, _ in [0, 10 * t / 0.4, 0, 0, 1, 1] })
/// summed?.count   // 3: repeatCount="3" accumulate="sum"
/// ```
struct CumulativeSVGTrack {
    var track: SVGTrack
    /// What shows before the first cycle: the rectangle's own attribute.
    var base: [Double]
    var begin: Double, period: Double, count: Double
    /// The value held after the last cycle, when the animation fills forwards (nil: it is removed).
    var frozen: [Double]?

    /// - Parameter length: the span the document plays, from 0 (the cycles and what follows).
    static func make(
        _ channel: SVGChannel, cycle: WebAnimation.CumulativeCycle, length: Double, box: SVGBox,
        sample: (Double, [Double]?) throws(ExportError) -> [Double]
    ) throws(ExportError) -> CumulativeSVGTrack? {
        // A colour summed is no colour: the fill is written from samples.
        guard channel != .fill else { return nil }
        let timing = cycle.animation.timing
        let begin = timing.delay / 1000, period = timing.duration / 1000
        // SMIL times are whole milliseconds (Gecko keeps them so).
        func whole(_ seconds: Double) -> Bool { abs(seconds * 1000 - (seconds * 1000).rounded()) < 1e-6 }
        guard period > 0, begin >= 0, timing.iterations == 1, whole(begin), whole(period), whole(period * cycle.count) else { return nil }
        var once = cycle.animation
        once.timing.delay = 0
        let knots = ExactTimeline.knots(for: AnimatedSVG.sources[channel]!, in: [once], window: period)
        guard
            let track = try SVGExactTrack.make(
                channel, knots: knots, length: period, box: box,
                // The cycle's end is approached from within: a sum that counts the identity (a
                // scale's 1) jumps there to the next cycle's start.
                sample: { t, previous throws(ExportError) in try sample(begin + min(t, period.nextDown), previous) })
        else { return nil }
        let base = try sample(0, nil)
        let freezes = timing.fill == "forwards" || timing.fill == "both"
        let end = begin + period * cycle.count
        let last = track.values.last!
        // Which numbers SMIL adds up: all of them, but for the transform only the functions
        // written (one that stays the identity is left out, and stays the identity).
        let summed = Self.summed(channel, track.values)
        // What SMIL shows at a time of the span.
        func shown(_ t: Double) -> [Double] {
            guard t >= begin, t < end || freezes else { return base }
            let elapsed = (min(t, end) - begin) / period
            var index = elapsed.rounded(.down), local = elapsed - index
            // Frozen at the end of a whole last cycle: that cycle's end, not the next one's start.
            if t >= end, local < 1e-9, index > 0 { (index, local) = (index - 1, 1) }
            return zip(track.value(at: local), zip(last, summed)).map { value, end in end.1 ? value + index * end.0 : value }
        }
        var checks = (0...800).map { Double($0) / 800 * length }
        for k in 0...Int(cycle.count.rounded(.up)) {
            let t = begin + Double(k) * period
            checks += [t - period * 1e-4, t + period * 1e-4]
        }
        var worst = 0.0
        var previous: [Double]?
        for t in checks.filter({ $0 >= 0 && $0 <= length }).sorted() {
            let engine = try sample(t, previous)
            previous = engine
            worst = max(worst, channel.error(shown(t), engine, box: box))
        }
        guard worst <= 1e-3 else { return nil }
        return CumulativeSVGTrack(track: track, base: base, begin: begin, period: period, count: cycle.count, frozen: freezes ? shown(end) : nil)
    }

    /// Per number of the channel, whether `accumulate="sum"` adds it up: a transform's
    /// translate, rotate, skewX and scale functions each only where written (not the identity
    /// throughout, as ``AnimatedSVG`` leaves those out).
    private static func summed(_ channel: SVGChannel, _ values: [[Double]]) -> [Bool] {
        guard channel == .transform else { return values[0].map { _ in true } }
        func varies(_ indices: [Int], identity: Double) -> Bool { values.contains { v in indices.contains { abs(v[$0] - identity) > 0 } } }
        let translate = varies([0, 1], identity: 0), rotate = varies([2], identity: 0), skew = varies([3], identity: 0)
        let scale = varies([4, 5], identity: 1)
        return [translate, translate, rotate, skew, scale, scale]
    }
}
