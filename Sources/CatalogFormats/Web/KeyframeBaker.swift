import CatalogEngine
import CatalogModel

/// The span of an animation that baking reproduces, in the animation's own time (seconds from
/// when it is started): from `start` for `length` seconds, once or — `periodic` — repeated
/// `iterations` times (fractional or endless) by the browser, with the fill outside it.
///
/// A clock that repeats is baked one cycle long and repeated by the browser, not unrolled: at
/// the instant an iteration ends the engine shows the next one's start, and only a browser
/// that repeats the keyframes itself shows that instant the same (unrolled, the jump would be
/// two keyframes a hair apart, and the instant between them a value from neither).
struct BakeWindow: Sendable {
    var start: Double
    var length: Double
    var periodic: Bool
    var fillsBackwards: Bool
    var fillsForwards: Bool
    /// How many times a periodic window plays.
    var iterations: Double = .infinity
    /// Instants of an unrolled window (in its own time) where an iteration ends: the grid holds
    /// each exactly, so the keyframe after the jump sits at that instant and the browser shows
    /// there what the engine shows, the next iteration's start.
    var iterationEnds: [Double] = []
}

/// Turns what the engine computes for one property into linear keyframes the browser
/// interpolates back to within the export bound — as few as meet it.
///
/// The bound (DESIGN: 0.1 % of the property's range) is per kind: numbers within 0.001 of their
/// range over the animation (opacity: ±0.001), transform entries within 0.001·max(1, |v|),
/// colour channels within 2.6/255 premultiplied, alpha within 1.2/255. Keyframes are fitted to half the bound, leaving the other
/// half for the browser's own rounding (8-bit colours). The fit (``PiecewiseLinearFit``) samples
/// the engine on a grid refined wherever a straight line between neighbours misses the midpoint
/// (so jumps of `steps()` or discrete modes are located to 10⁻⁷ of the span), then keeps the
/// fewest grid points whose straight segments — interpolated as the browser does, with the
/// engine's own interpolators — pass within the bound of every grid point between them. Colours are compared premultiplied.
/// 2D transforms are written as `translate() rotate() skewX() scale()` lists
/// (``PlanarTransform``), which every browser engine interpolates alike.
struct KeyframeBaker {
    let property: WebProperty
    let animatable: AnimatableProperty
    /// The property's value at a time in the window (0…length).
    let value: (Double) -> AnimatedValue

    struct Result {
        var keyframes: [WebKeyframe]
        /// In units of the bound.
        var maxError: Double
    }

    func bake(_ window: BakeWindow) -> Result {
        let length = window.length
        guard length > 0 else {
            let v = property.text(value(0))
            return Result(
                keyframes: [
                    WebKeyframe(offset: 0, values: [property.camelCase: v]),
                    WebKeyframe(offset: 1, values: [property.camelCase: v])
                ], maxError: 0)
        }
        // A periodic span ends just before it wraps round to its start.
        let end = window.periodic ? length * (1 - 1e-9) : length
        let count = min(max(Int((length * 1000).rounded(.up)), 200), 20_000)
        var times = (0...count).map { Double($0) / Double(count) * end }
        if !window.periodic, !window.iterationEnds.isEmpty {
            times = Array(Set(times + window.iterationEnds.filter { $0 > 0 && $0 < end })).sorted()
        }
        var values = times.map(value)
        // What a backwards fill shows is the value just before the start, which may differ from
        // the value at it (an effect whose active phase is empty); the refinement then finds
        // the jump right after the first keyframe.
        // (A microsecond before: well clear of the engine's 1e-9 s phase tolerance.)
        if window.fillsBackwards { values[0] = value(-1e-6) }
        // Likewise a forwards fill shows the after phase, which may start at a different value
        // than the span's last instant shows (a span wholly before 0 is a before phase to the
        // browser, but its fill is the end value).
        if window.fillsForwards, !window.periodic { values[values.count - 1] = value(max(length, -window.start) + 1e-6) }
        let scale = Scale(values, property: animatable)
        let fit = PiecewiseLinearFit<AnimatedValue>(
            sample: { t, _ in value(t) }, error: scale.error, mix: { a, b, f in interpolate(a, b, f) })
        // The engine's values never fail to come: the fit's steps cannot throw here.
        do {
            try fit.refine(&times, &values, minimumWidth: length * 1e-7)
            try fit.separateInSingle(&times, &values, origin: 0, span: end)

            // Fit, then measure what is written against the engine between every pair of grid
            // points; where the bound is missed, the worst instants join the grid and the fit runs
            // again, so the error `--explain` reports is the error of the keyframes written.
            var planar = planarForm(values)
            var kept = fit.fewest(times, values, segment: segment(values, planar))
            var error = try fit.measure(kept, times, values, segment: segment(values, planar), observable: end * 1e-6)
            for _ in 0..<6 where error.worst > 1 {
                // Merged in one pass (the missed instants come in time order): inserting them one by
                // one is quadratic on a grid of many thousand points.
                var mergedTimes: [Double] = [], mergedValues: [AnimatedValue] = []
                mergedTimes.reserveCapacity(times.count + error.missed.count)
                mergedValues.reserveCapacity(times.count + error.missed.count)
                var next = 0
                for t in error.missed.sorted() {
                    while next < times.count, times[next] < t {
                        mergedTimes.append(times[next]); mergedValues.append(values[next]); next += 1
                    }
                    if next < times.count, times[next] == t { continue }
                    if mergedTimes.last == t { continue }
                    mergedTimes.append(t); mergedValues.append(value(t))
                }
                mergedTimes += times[next...]
                mergedValues += values[next...]
                (times, values) = (mergedTimes, mergedValues)
                try fit.separateInSingle(&times, &values, origin: 0, span: end)
                planar = planarForm(values)
                kept = fit.fewest(times, values, segment: segment(values, planar))
                error = try fit.measure(kept, times, values, segment: segment(values, planar), observable: end * 1e-6)
            }
            let functions = planar.map { planar in PlanarTransform.Functions(needed: kept.map { planar[$0] }) }
            let keyframes = kept.map { index in
                let text = planar.map { $0[index].css(functions!) } ?? property.text(written(values[index]))
                return WebKeyframe(offset: index == times.count - 1 ? 1 : times[index] / end, values: [property.camelCase: text])
            }
            return Result(keyframes: keyframes, maxError: error.worst)
        } catch {
            preconditionFailure("the engine's samples do not throw: \(error)")
        }
    }

    /// A keyframe value as the browser holds it once written: colours in 8 bits per channel,
    /// alpha included (CSS's legacy colour forms), everything else as computed.
    func written(_ value: AnimatedValue) -> AnimatedValue {
        guard case .color(let c) = value else { return value }
        func level(_ x: Double) -> Double { (min(max(x, 0), 1) * 255).rounded() / 255 }
        return .color(RGBAColor(red: level(c.red), green: level(c.green), blue: level(c.blue), alpha: level(c.alpha)))
    }

    /// 2D transforms in the function-list form every engine interpolates alike (``PlanarTransform``),
    /// the angle unwound along the grid; nil for other values.
    private func planarForm(_ values: [AnimatedValue]) -> [PlanarTransform]? {
        var result: [PlanarTransform] = []
        result.reserveCapacity(values.count)
        for value in values {
            guard case .transform(let m) = value, m.is2D else { return nil }
            result.append(PlanarTransform(m, near: result.last))
        }
        return result
    }

    /// What the browser shows between grid points i and j written as keyframes.
    private func segment(_ values: [AnimatedValue], _ planar: [PlanarTransform]?) -> PiecewiseLinearFit<AnimatedValue>.Segment {
        { i, j in
            if let planar {
                let (a, b) = (planar[i], planar[j])
                return { .transform(a.interpolated(to: b, at: $0).matrix) }
            }
            let interpolator = ValueInterpolator(
                from: written(values[i]).animationValue, to: written(values[j]).animationValue, range: animatable.range)
            return { interpolator.value(at: $0) }
        }
    }

    private func interpolate(_ a: AnimatedValue, _ b: AnimatedValue, _ t: Double) -> AnimatedValue {
        ValueInterpolator(from: a.animationValue, to: b.animationValue, range: animatable.range).value(at: t)
    }

    /// Differences in units of the export bound.
    struct Scale {
        var numberBound: Double

        init(_ values: [AnimatedValue], property: AnimatableProperty) {
            if let range = property.range, range.upperBound.isFinite, range.lowerBound.isFinite {
                numberBound = 0.001 * (range.upperBound - range.lowerBound)
            } else {
                let numbers = values.compactMap { if case .number(let n) = $0 { n } else { nil } }
                let spread = (numbers.max() ?? 0) - (numbers.min() ?? 0)
                numberBound = 0.001 * max(spread, 1e-3 * max(1, numbers.map(abs).max() ?? 1))
            }
        }

        func error(_ a: AnimatedValue, _ b: AnimatedValue) -> Double {
            switch (a, b) {
            case (.number(let x), .number(let y)): return abs(x - y) / numberBound
            case (.color(let x), .color(let y)):
                // Premultiplied, as browsers interpolate and as the eye sees it: the channels of
                // a nearly transparent colour do not show (and swing wildly when un-premultiplied).
                let d = [x.red * x.alpha - y.red * y.alpha, x.green * x.alpha - y.green * y.alpha, x.blue * x.alpha - y.blue * y.alpha].map(abs).max()!
                // Alpha on its own, tighter: the browser holds it in 8 bits (keyframes and what it
                // shows), so fitted within 0.6/255 it shows within about one step of the engine.
                return max(d / (2.6 / 255), abs(x.alpha - y.alpha) / (1.2 / 255))
            case (.transform(let x), .transform(let y)):
                return zip(x.entries, y.entries).map { abs($0 - $1) / (0.001 * max(1, abs($1))) }.max()!
            case (.point(let x), .point(let y)):
                // A transform origin, in units of the box: within 0.1 % of its side.
                return max(abs(x.x - y.x), abs(x.y - y.y)) / 0.001
            default: return a == b ? 0 : .infinity
            }
        }
    }
}

extension AnimatedValue {
    /// The definition-side form of an engine value (transforms as whole matrices).
    var animationValue: AnimationValue {
        switch self {
        case .number(let n): .number(n)
        case .color(let c): .color(c)
        case .transform(let m): .matrix(m.transform3D)
        case .point(let p): .point(p)
        case .size(let s): .size(s)
        case .rect(let r): .rect(r)
        case .discrete(let v): .discrete(v)
        }
    }
}
