import CatalogModel

/// A `CAKeyframeAnimation`'s values prepared for sampling in its calculation mode:
///
/// - `linear`: straight segments between values at their key times, each eased by its
///   segment's timing function; before the first key time the first value holds, after the last
///   the last value;
/// - `discrete`: value i from key time i until key time i + 1 (n + 1 key times for n values);
/// - `paced`: linear segments with key times proportional to the distance between values, so
///   the speed is constant (key times and timing functions are ignored, as in Core Animation);
/// - `cubic` / `cubicPaced`: a Kochanek–Bartels spline through the values (tension, continuity
///   and bias per key; all 0 is Catmull-Rom). The end knots repeat the first and last values.
///   `cubicPaced` spaces key times by chord length.
///
/// Distances for `paced` are Euclidean over a value's components (a transform's 16 entries);
/// splines need numeric components, so colours and transforms fall back to straight segments.
package struct KeyframeTrack: Sendable {
    enum Shape: Sendable {
        case segments([ValueInterpolator])
        case discrete([AnimatedValue])
        /// Points, out-tangents and in-tangents as 4-component vectors, and how to rebuild a value.
        case spline(
            points: [SIMD4<Double>], outgoing: [SIMD4<Double>], incoming: [SIMD4<Double>], kind: AnimatableProperty.ValueKind, range: ClosedRange<Double>?)
    }

    let offsets: [Double]
    let easings: [CompiledEasing]
    let shape: Shape

    init(_ frames: CoreAnimationModel.Keyframes, range: ClosedRange<Double>?) {
        let values = frames.values
        let n = values.count
        let mode = frames.calculationMode
        let paced = mode == .paced || mode == .cubicPaced
        if mode == .discrete {
            offsets = frames.keyTimes ?? (0...n).map { Double($0) / Double(n) }
            easings = []
            shape = .discrete(values.map(AnimatedValue.init))
            return
        }
        if paced {
            offsets = Self.pacedOffsets(values)
            easings = Array(repeating: .linear, count: max(n - 1, 1))
        } else {
            offsets = frames.keyTimes ?? (0..<n).map { n == 1 ? 0 : Double($0) / Double(n - 1) }
            easings = (frames.timingFunctions ?? Array(repeating: .linear, count: max(n - 1, 1))).map(CompiledEasing.init)
        }
        let vectors = values.map(Self.components)
        if mode == .cubic || mode == .cubicPaced, n > 1, vectors.allSatisfy({ $0 != nil }) {
            let p = vectors.map { $0! }
            var outgoing: [SIMD4<Double>] = [], incoming: [SIMD4<Double>] = []
            for i in 0..<n {
                let t = frames.tension?[i] ?? 0, c = frames.continuity?[i] ?? 0, b = frames.bias?[i] ?? 0
                let before = p[i] - p[max(i - 1, 0)], after = p[min(i + 1, n - 1)] - p[i]
                outgoing.append((1 - t) * (1 + b) * (1 + c) / 2 * before + (1 - t) * (1 - b) * (1 - c) / 2 * after)
                incoming.append((1 - t) * (1 + b) * (1 - c) / 2 * before + (1 - t) * (1 - b) * (1 + c) / 2 * after)
            }
            shape = .spline(points: p, outgoing: outgoing, incoming: incoming, kind: Self.kind(values[0]), range: range)
        } else if n == 1 {
            shape = .segments([ValueInterpolator(from: values[0], to: values[0], range: range)])
        } else {
            shape = .segments((0..<(n - 1)).map { ValueInterpolator(from: values[$0], to: values[$0 + 1], range: range) })
        }
    }

    private static func kind(_ value: AnimationValue) -> AnimatableProperty.ValueKind {
        switch value {
        case .point: .point
        case .size: .size
        case .rect: .rect
        default: .number
        }
    }

    private static func components(_ value: AnimationValue) -> SIMD4<Double>? {
        switch value {
        case .number(let n): SIMD4(n, 0, 0, 0)
        case .point(let p): SIMD4(p.x, p.y, 0, 0)
        case .size(let s): SIMD4(s.width, s.height, 0, 0)
        case .rect(let r): SIMD4(r.x, r.y, r.width, r.height)
        default: nil
        }
    }

    /// Key times proportional to the cumulative distance between successive values.
    package static func pacedOffsets(_ values: [AnimationValue]) -> [Double] {
        let n = values.count
        guard n > 1 else { return [0] }
        var cumulative: [Double] = [0]
        for i in 1..<n { cumulative.append(cumulative[i - 1] + distance(values[i - 1], values[i])) }
        let total = cumulative[n - 1]
        guard total > 0 else { return (0..<n).map { Double($0) / Double(n - 1) } }
        return cumulative.map { $0 / total }
    }

    private static func distance(_ a: AnimationValue, _ b: AnimationValue) -> Double {
        func euclid(_ x: [Double], _ y: [Double]) -> Double { zip(x, y).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot() }
        switch (AnimatedValue(a), AnimatedValue(b)) {
        case (.number(let x), .number(let y)): return abs(x - y)
        case (.point(let x), .point(let y)): return euclid([x.x, x.y], [y.x, y.y])
        case (.size(let x), .size(let y)): return euclid([x.width, x.height], [y.width, y.height])
        case (.rect(let x), .rect(let y)): return euclid([x.x, x.y, x.width, x.height], [y.x, y.y, y.width, y.height])
        case (.color(let x), .color(let y)): return euclid([x.red, x.green, x.blue, x.alpha], [y.red, y.green, y.blue, y.alpha])
        case (.transform(let x), .transform(let y)): return euclid(x.entries, y.entries)
        default: return 1
        }
    }

    /// The value at an (eased) animation progress.
    func value(at progress: Double) -> AnimatedValue {
        let n = offsets.count
        if case .discrete(let values) = shape {
            // The last key time at or before the progress picks the value; 1 shows the last value.
            var index = 0
            for i in 0..<min(n, values.count) where offsets[i] <= progress { index = i }
            return values[index]
        }
        if n == 1 { return segmentValue(0, 0) }
        // Hold outside the key times, unless they reach 0 / 1 (then extrapolate the end segment).
        if progress < offsets[0], offsets[0] > 0 { return segmentValue(0, 0) }
        if progress > offsets[n - 1], offsets[n - 1] < 1 { return segmentValue(n - 2, 1) }
        var segment = 0
        for i in 0..<(n - 1) where offsets[i] <= progress { segment = i }
        let from = offsets[segment], to = offsets[segment + 1]
        guard to > from else { return segmentValue(segment, 1) }
        let local = (progress - from) / (to - from)
        // The easing read where it is stored: the subscript copies the curve and its table first.
        let eased = easings.withUnsafeBufferPointer {
            CompiledEasing.output($0.baseAddress! + min(segment, $0.count - 1), at: local, beforeFlag: false)
        }
        return segmentValue(segment, eased)
    }

    private func segmentValue(_ segment: Int, _ s: Double) -> AnimatedValue {
        switch shape {
        case .segments(let interpolators):
            return interpolators[min(segment, interpolators.count - 1)].value(at: s)
        case .spline(let p, let outgoing, let incoming, let kind, let range):
            let next = min(segment + 1, p.count - 1)
            // Cubic Hermite basis.
            let s2 = s * s, s3 = s2 * s
            let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
            let v = h00 * p[segment] + h10 * outgoing[segment] + h01 * p[next] + h11 * incoming[next]
            switch kind {
            case .point: return .point(Point(x: v.x, y: v.y))
            case .size: return .size(Size(width: v.x, height: v.y))
            case .rect: return .rect(Rect(x: v.x, y: v.y, width: v.z, height: v.w))
            default:
                guard let range else { return .number(v.x) }
                return .number(min(max(v.x, range.lowerBound), range.upperBound))
            }
        case .discrete(let values):
            return values[min(segment, values.count - 1)]
        }
    }
}
