import CatalogEngine
import CatalogModel
import Foundation

/// A component as a Lottie document: one shape layer per role, a rectangle of the reference box
/// whose transform, opacity and fill follow the engine's values of that role. Each channel is
/// exact where the role's web animations say how it runs — per-keyframe cubic béziers as handles
/// on the keyframe that starts a segment, holds for `steps()` and discrete values, `linear()` as
/// straight segments, iterations and directions unrolled, fills as held keyframes — and baked
/// within 0.1 % where they do not (springs, an effect easing over several keyframes, paced and
/// cubic modes, a transform that does not decompose linearly in time).
///
/// Players read only the first entry of a per-dimension easing list, so each keyframe has one
/// curve for all dimensions; rlottie caches curves by their handles rounded to two decimals, so
/// where two different curves round alike, the channel with the second is baked.
///
/// ```swift
/// let export = try LottieExport(name: "pop", roles: [role], end: 0.5, box: (100, 100), frameRate: 60)
/// export.document.json      // {"v": "5.7.4", "fr": 60, "layers": [...], ...}
/// export.explanation        // per role and channel: exact, or baked and the measured error
/// ```
package struct LottieExport: Sendable {
    /// One role: its web animations (the CSS export's: keyframe easings only) and the engine's
    /// values of its properties at a time.
    package struct Role: Sendable {
        package var name: String
        package var animations: [WebAnimation]
        package var sample: @Sendable (Double) -> [String: AnimatedValue]

        package init(name: String, animations: [WebAnimation], sample: @escaping @Sendable (Double) -> [String: AnimatedValue]) {
            self.name = name
            self.animations = animations
            self.sample = sample
        }
    }

    /// The document.
    package var document: LottieDocument
    /// Per role, per animated channel (Lottie's property name: `p`, `s`, `r`, `o`, …): exact, or
    /// baked with the largest difference measured against the engine, in units of the bound.
    package var explanation: [(role: String, channel: String, fidelity: WebAnimation.Fidelity)]

    /// How many keyframes a role's channel (`p`, `fill.c`, …) has; 0 when it does not animate.
    package func keyframeCount(role: String, channel: String) -> Int {
        guard let layer = document.layers.first(where: { $0.name == role }),
            let channel = LottieChannel.allCases.first(where: { $0.key == channel })
        else { return 0 }
        if case .animated(let keyframes) = layer[channel] { return keyframes.count }
        return 0
    }

    /// Which engine properties each channel follows.
    static let sources: [LottieChannel: Set<String>] = [
        .anchor: ["transformOrigin", "anchorPoint"], .position: ["transform", "transformOrigin", "anchorPoint"],
        .scale: ["transform"], .rotation: ["transform"], .innerRotation: ["transform"], .opacity: ["opacity", "visibility", "hidden"],
        .fillColor: ["backgroundColor"], .fillOpacity: ["backgroundColor"], .cornerRadius: ["cornerRadius", "borderRadius"]
    ]

    /// - Parameters:
    ///   - end: seconds the document lasts (a role's animations that repeat forever: one cycle).
    ///   - box: the rectangle's size, which is also the canvas's.
    ///   - slots: per role, the channels a theme may replace, each with its slot id (`sid`):
    ///     written at whole frames (``LottieTrack/wholeFrames(_:samples:frameRate:)``).
    package init(
        name: String, roles: [Role], end: Double, box: (width: Double, height: Double), frameRate: Double,
        slots: [String: [LottieChannel: String]] = [:]
    ) throws(ExportError) {
        // Below one frame a second, one frame would outlast any animation (and 1/fps overflows).
        guard frameRate >= 1, frameRate <= 240 else { throw ExportError("--fps must be from 1 to 240") }
        let end = max(end, 1 / frameRate)
        let outPoint = max((end * frameRate - 1e-9).rounded(.up), 1)
        var layers: [LottieLayer] = [], explanation: [(String, String, WebAnimation.Fidelity)] = []
        var curves: [String: LottieEasing] = [:]  // rlottie's cache key → the curve that has it
        for (index, role) in roles.enumerated() {
            let animated = Set(role.animations.flatMap(\.properties))
            if let other = animated.subtracting(LottieChannel.followed).sorted().first {
                throw ExportError("\(other) has no Lottie form (a layer follows \(LottieChannel.followed.sorted().joined(separator: ", ")))")
            }
            let knots = Dictionary(
                uniqueKeysWithValues: LottieChannel.allCases.map { channel in
                    (channel, ExactTimeline.knots(for: Self.sources[channel]!, in: role.animations, window: end))
                })
            // Every quarter frame, each knot and the moment before it.
            var times = Set((0...Int(outPoint * 4)).map { Double($0) / (4 * frameRate) }.filter { $0 <= end })
            times.insert(end)
            for knot in knots.values.joined() {
                times.insert(knot.time)
                if knot.time > 0 { times.insert(knot.time - LottieSamples.before) }
            }
            let samples = try Self.samples(of: role, at: times.sorted(), box: box)
            var layer = LottieLayer(name: role.name, index: index + 1, size: box, outPoint: outPoint)
            for channel in LottieChannel.allCases {
                let bakedBecause = role.animations.lazy.filter { !Self.sources[channel]!.isDisjoint(with: $0.properties) }.compactMap { animation -> String? in
                    if case .baked(_, _, let reason) = animation.fidelity { return reason }
                    return nil
                }.first
                var track = LottieTrack(channel: channel, knots: knots[channel]!, samples: samples, frameRate: frameRate, bakedBecause: bakedBecause)
                if let id = slots[role.name]?[channel] {
                    track = LottieTrack.wholeFrames(channel, samples: samples, frameRate: frameRate)
                    layer.slots[channel] = id
                } else if case .animated(let keyframes) = track.property, Self.confusesRlottie(keyframes, curves: &curves) {
                    track = LottieTrack.baked(
                        channel, samples: samples, frameRate: frameRate,
                        reason: "another curve in the document has the same handles to two decimals (rlottie would use one for both)")
                }
                if case .animated = track.property { explanation.append((role.name, channel.key, track.fidelity)) }
                layer[channel] = track.property
            }
            layers.append(layer)
        }
        document = LottieDocument(name: name, frameRate: frameRate, outPoint: outPoint, size: box, layers: layers)
        self.explanation = explanation
    }

    /// The engine's values of a role's channels at `times`, and wherever the engine bends between
    /// two of them more than a straight line allows (a jump between quarter frames: the end of a
    /// fill, a step) at times between them, down to a tenth of a microsecond.
    private static func samples(of role: Role, at times: [Double], box: (width: Double, height: Double)) throws(ExportError) -> LottieSamples {
        var times = times
        var engine = times.map(role.sample)
        let skewed = engine.contains(where: LottieChannel.skews)
        func provisional(_ sample: [String: AnimatedValue]) throws(ExportError) -> [LottieChannel: [Double]] {
            try LottieChannel.values(sample, box: box, split: skewed ? LottieChannel.split(sample) ?? 0 : nil)
        }
        var values: [[LottieChannel: [Double]]] = []
        for sample in engine { values.append(try provisional(sample)) }
        func bends(_ a: [LottieChannel: [Double]], _ middle: [LottieChannel: [Double]], _ b: [LottieChannel: [Double]]) -> Bool {
            LottieChannel.allCases.contains { channel in
                let (x, m, y) = (a[channel]!, middle[channel]!, b[channel]!)
                return m.indices.contains { d in
                    abs(channel.difference(m[d], x[d]) - channel.difference(y[d], x[d]) / 2) > 0.25 * channel.bound(m[d])
                }
            }
        }
        var index = 0
        while index + 1 < times.count, times.count < 200_000 {
            let (t0, t1) = (times[index], times[index + 1])
            let middle = (t0 + t1) / 2
            guard t1 - t0 > 1e-7 else { index += 1; continue }
            let sample = role.sample(middle), value = try provisional(sample)
            if bends(values[index], value, values[index + 1]) {
                times.insert(middle, at: index + 1)
                engine.insert(sample, at: index + 1)
                values.insert(value, at: index + 1)
            } else {
                index += 1
            }
        }
        guard skewed else { return LottieSamples(times: times, perTime: values) }
        // Where a sample's split is arbitrary, its neighbours' (the next, else the last) keeps it continuous.
        var splits = engine.map(LottieChannel.split)
        var next: Double?
        for i in splits.indices.reversed() { if let own = splits[i] { next = own } else { splits[i] = next } }
        var last: Double?
        for i in splits.indices { if let own = splits[i] { last = own } else { splits[i] = last ?? 0 } }
        var final: [[LottieChannel: [Double]]] = []
        for (sample, split) in zip(engine, splits) { final.append(try LottieChannel.values(sample, box: box, split: split)) }
        return LottieSamples(times: times, perTime: final)
    }

    /// Whether a curve of these keyframes rounds, to two decimals, like a different curve the
    /// document already has (rlottie would draw both with one); otherwise its curves are noted.
    private static func confusesRlottie(_ keyframes: [LottieKeyframe], curves: inout [String: LottieEasing]) -> Bool {
        var mine: [String: LottieEasing] = [:]
        for keyframe in keyframes.dropLast() {
            guard case .curve(let x1, let y1, let x2, let y2) = keyframe.easing else { continue }
            let key = [x1, y1, x2, y2].map { String(format: "%.2f", $0) }.joined(separator: ",")
            if let other = curves[key] ?? mine[key], other != keyframe.easing { return true }
            mine[key] = keyframe.easing
        }
        curves.merge(mine) { old, _ in old }
        return false
    }
}

extension LottieLayer {
    /// The property a channel writes.
    package subscript(channel: LottieChannel) -> LottieProperty {
        get {
            switch channel {
            case .anchor: transform.anchor
            case .position: transform.position
            case .scale: transform.scale
            case .rotation: transform.rotation
            case .innerRotation: shapeTransform.rotation
            case .opacity: transform.opacity
            case .fillColor: fillColor
            case .fillOpacity: fillOpacity
            case .cornerRadius: cornerRadius
            }
        }
        set {
            switch channel {
            case .anchor:
                // The shape group turns about the same origin.
                transform.anchor = newValue
                shapeTransform.anchor = newValue
                shapeTransform.position = newValue
            case .position: transform.position = newValue
            case .scale: transform.scale = newValue
            case .rotation: transform.rotation = newValue
            case .innerRotation: shapeTransform.rotation = newValue
            case .opacity: transform.opacity = newValue
            case .fillColor: fillColor = newValue
            case .fillOpacity: fillOpacity = newValue
            case .cornerRadius: cornerRadius = newValue
            }
        }
    }
}

extension LottieChannel {
    /// Lottie's name for it (`ks.p`, a fill's `c`, …).
    package var key: String {
        switch self {
        case .anchor: "a"
        case .position: "p"
        case .scale: "s"
        case .rotation: "r"
        case .innerRotation: "shape.r"
        case .opacity: "o"
        case .fillColor: "fill.c"
        case .fillOpacity: "fill.o"
        case .cornerRadius: "box.r"
        }
    }
}
