import CatalogEngine
import CatalogModel
import Foundation

/// One channel of a Lottie layer, written exactly where its timeline's keyframes reproduce the
/// engine (to 1e-6 of the channel's range at every time checked), and otherwise baked: straight
/// segments between the engine's samples, as few as keep every value within 0.1 % of the range.
///
/// ```swift
/// let track = LottieTrack(channel: .opacity, knots: knots, samples: samples, frameRate: 60)
/// track.property    // .animated([…]) with cubic-bézier handles
/// track.fidelity    // .exact
/// ```
struct LottieTrack {
    var property: LottieProperty
    var fidelity: WebAnimation.Fidelity

    /// A time window too short to see before a jump: the keyframe that ends a segment where the
    /// next one starts elsewhere sits this many frames before it.
    static let jumpFrames = 1e-3

    /// - Parameter bakedBecause: why the web animations behind the channel are baked themselves
    ///   (a spring, an effect easing over several keyframes, …), which is then why this is.
    init(channel: LottieChannel, knots: [ExactTimeline.Knot], samples: LottieSamples, frameRate: Double, bakedBecause: String? = nil) {
        let scale = LottieChannel.scale(of: samples.values[channel]!)
        let exact = Self.planned(channel, knots: knots, samples: samples, frameRate: frameRate, scale: scale)
        let exactError = Self.error(of: exact, channel: channel, samples: samples, frameRate: frameRate, jumps: knots.map(\.time), relativeTo: { _ in 1 })
        if exactError <= 1e-6 * scale {
            property = Self.collapsed(exact)
            fidelity = .exact
            return
        }
        let reason =
            bakedBecause
            ?? (knots.contains { if case .curve = $0.easing { true } else { false } }
                ? "the keyframes' easing does not give this channel (\(Self.text(exactError / scale)) of its range off)"
                : "no exact keyframes")
        self = Self.baked(channel, samples: samples, frameRate: frameRate, reason: reason)
    }

    /// A baked track, whatever the timeline says (also for a curve rlottie would confuse with another).
    static func baked(_ channel: LottieChannel, samples: LottieSamples, frameRate: Double, reason: String) -> LottieTrack {
        let series = samples.series(channel), weights = samples.weights(channel)
        var keyframes: [LottieKeyframe] = []
        var start = 0
        while start < series.count - 1 {
            // Extend the segment while every sample in it stays on the straight line (within half
            // the bound: players also show the times between the samples).
            var end = start + 1
            while end + 1 < series.count,
                fits(series, from: start, to: end + 1, within: { index, value in 0.5 * channel.bound(value) / max(weights[index], 1e-3) })
            {
                end += 1
            }
            keyframes.append(LottieKeyframe(time: series[start].time * frameRate, value: series[start].value, easing: .linear))
            start = end
        }
        if let last = series.last { keyframes.append(LottieKeyframe(time: last.time * frameRate, value: last.value, easing: .hold)) }
        let property = collapsed(keyframes)
        let error = Self.error(of: keyframes, channel: channel, samples: samples, frameRate: frameRate, jumps: [], relativeTo: channel.bound)
        return LottieTrack(property: property, fidelity: .baked(points: keyframes.count, maxError: error, reason: reason))
    }

    /// A track keyed at whole frames only — the engine's value at each, straight between them —
    /// as a dotLottie theme's keyframes must be (their `frame` is a whole number): what a slot's
    /// channel is written as, in the document and in every theme alike.
    static func wholeFrames(_ channel: LottieChannel, samples: LottieSamples, frameRate: Double) -> LottieTrack {
        var frames: [(frame: Double, value: [Double])] = []
        for (time, value) in samples.series(channel) {
            let frame = time * frameRate
            guard abs(frame - frame.rounded()) < 1e-6, frames.last.map({ $0.frame < frame.rounded() }) ?? true else { continue }
            frames.append((frame.rounded(), value))
        }
        // A frame on the straight line between its neighbours adds nothing.
        var keyframes: [LottieKeyframe] = []
        for (index, (frame, value)) in frames.enumerated() {
            if index > 0, index + 1 < frames.count, let previous = keyframes.last {
                let next = frames[index + 1]
                let u = (frame - previous.time) / (next.frame - previous.time)
                let straight = value.indices.allSatisfy { d in
                    abs(previous.value[d] + (next.value[d] - previous.value[d]) * u - value[d]) <= 1e-9 * max(1, abs(value[d]))
                }
                if straight { continue }
            }
            keyframes.append(LottieKeyframe(time: frame, value: value, easing: index + 1 < frames.count ? .linear : .hold))
        }
        let error = Self.error(of: keyframes, channel: channel, samples: samples, frameRate: frameRate, jumps: [], relativeTo: channel.bound)
        let reason = "a slot a theme replaces: keyed at whole frames, as dotLottie themes are"
        return LottieTrack(property: collapsed(keyframes), fidelity: .baked(points: keyframes.count, maxError: error, reason: reason))
    }

    private init(property: LottieProperty, fidelity: WebAnimation.Fidelity) {
        self.property = property
        self.fidelity = fidelity
    }

    /// - Parameter tolerance: how far the line may pass from the sample at an index with a value.
    private static func fits(_ series: [(time: Double, value: [Double])], from a: Int, to b: Int, within tolerance: (Int, Double) -> Double) -> Bool {
        let (t0, v0) = series[a], (t1, v1) = series[b]
        guard t1 > t0 else { return false }
        for index in (a + 1)..<b {
            let u = (series[index].time - t0) / (t1 - t0)
            for d in v0.indices {
                let value = series[index].value[d]
                if abs(v0[d] + (v1[d] - v0[d]) * u - value) > tolerance(index, value) { return false }
            }
        }
        return true
    }

    /// The keyframes the timeline plans, valued by the engine: at each knot its value there, and
    /// where the engine jumps at a knot, the value just before it a moment earlier, held.
    private static func planned(
        _ channel: LottieChannel, knots: [ExactTimeline.Knot], samples: LottieSamples, frameRate: Double,
        scale: Double
    ) -> [LottieKeyframe] {
        var keyframes: [LottieKeyframe] = []
        for (index, knot) in knots.enumerated() {
            let right = samples.value(channel, at: knot.time), left = samples.value(channel, before: knot.time)
            let last = index == knots.count - 1
            // A jump worth a keyframe: one that exact keyframes would otherwise miss by more than they may.
            if index > 0, !last, zip(left, right).contains(where: { abs($0 - $1) > 1e-6 * scale }) {
                keyframes.append(LottieKeyframe(time: knot.time * frameRate - jumpFrames, value: left, easing: .hold))
            }
            keyframes.append(LottieKeyframe(time: knot.time * frameRate, value: last && index > 0 ? left : right, easing: knot.easing))
        }
        return keyframes
    }

    /// One value when every keyframe has it.
    private static func collapsed(_ keyframes: [LottieKeyframe]) -> LottieProperty {
        guard let first = keyframes.first else { return .fixed([]) }
        return keyframes.allSatisfy({ $0.value == first.value }) ? .fixed(first.value) : .animated(keyframes)
    }

    /// The largest difference between the keyframes, as a player evaluates them, and the engine,
    /// at every sampled time but the moment before each jump, in units of `relativeTo(value)`.
    private static func error(
        of keyframes: [LottieKeyframe], channel: LottieChannel, samples: LottieSamples, frameRate: Double, jumps: [Double],
        relativeTo unit: (Double) -> Double
    ) -> Double {
        var worst = 0.0
        let weights = samples.weights(channel)
        for (index, (time, value)) in samples.series(channel).enumerated() {
            let frame = time * frameRate
            if jumps.contains(where: { frame < $0 * frameRate && frame > $0 * frameRate - 2 * jumpFrames }) { continue }
            let shown = Self.value(of: keyframes, at: frame)
            for d in value.indices { worst = max(worst, abs(shown[d] - value[d]) * weights[index] / unit(value[d])) }
        }
        return worst
    }

    /// A property's value at a frame, as Lottie players compute it: held before the first
    /// keyframe and after the last; between two, the start value, or eased along the segment's curve.
    static func value(of keyframes: [LottieKeyframe], at frame: Double) -> [Double] {
        guard let first = keyframes.first else { return [] }
        if frame <= first.time { return first.value }
        guard let index = keyframes.lastIndex(where: { $0.time <= frame }), index + 1 < keyframes.count else { return keyframes.last!.value }
        let (a, b) = (keyframes[index], keyframes[index + 1])
        switch a.easing {
        case .hold: return a.value
        case .curve(let x1, let y1, let x2, let y2):
            let u = (frame - a.time) / (b.time - a.time)
            let y = CubicBezierCurve(x1, y1, x2, y2).y(atX: u)
            return zip(a.value, b.value).map { $0 + ($1 - $0) * y }
        }
    }

    private static func text(_ share: Double) -> String { String(format: "%.2g", share) }
}

/// The engine's values of one role's Lottie channels at every time an export looks at — each
/// quarter frame, each knot and the moment before it — in time order, rotation unwound so that
/// it turns on continuously.
struct LottieSamples {
    let times: [Double]
    var values: [LottieChannel: [[Double]]]
    /// Seconds before a knot at which the value coming into it is read.
    static let before = 1e-9

    /// - Parameter perTime: each channel's value at each of `times`, which are in order.
    init(times: [Double], perTime: [[LottieChannel: [Double]]]) {
        self.times = times
        var values: [LottieChannel: [[Double]]] = [:]
        for sample in perTime {
            for (channel, value) in sample { values[channel, default: []].append(value) }
        }
        // A transparent fill's colour shows nothing and the engine gives it none: take the colour
        // it has next (else last), so that the colour does not seem to jump where it appears.
        if var colors = values[.fillColor], let opacities = values[.fillOpacity] {
            var next: [Double]?
            for index in colors.indices.reversed() {
                if opacities[index][0] > 0 { next = colors[index] } else if let next { colors[index] = next }
            }
            var last: [Double]?
            for index in colors.indices {
                if opacities[index][0] > 0 { last = colors[index] } else if next == nil, let last { colors[index] = last }
            }
            values[.fillColor] = colors
        }
        for channel in [LottieChannel.rotation, .innerRotation] {
            guard var rotation = values[channel] else { continue }
            for index in rotation.indices.dropFirst() {
                let previous = rotation[index - 1][0]
                rotation[index][0] += 360 * ((previous - rotation[index][0]) / 360).rounded()
            }
            values[channel] = rotation
        }
        self.values = values
    }

    func series(_ channel: LottieChannel) -> [(time: Double, value: [Double])] { Array(zip(times, values[channel]!)) }

    /// How much a difference in the channel shows at each time: a fill's colour as much as the
    /// fill is opaque (a transparent colour's own channels show nothing); everything else fully.
    func weights(_ channel: LottieChannel) -> [Double] {
        channel == .fillColor ? values[.fillOpacity]!.map { $0[0] / 100 } : Array(repeating: 1, count: times.count)
    }

    func value(_ channel: LottieChannel, at time: Double) -> [Double] { values[channel]![index(time)] }

    func value(_ channel: LottieChannel, before time: Double) -> [Double] { values[channel]![index(max(time - Self.before, times[0]))] }

    private func index(_ time: Double) -> Int {
        var (low, high) = (0, times.count - 1)
        while low < high {
            let mid = (low + high) / 2
            if times[mid] < time { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
