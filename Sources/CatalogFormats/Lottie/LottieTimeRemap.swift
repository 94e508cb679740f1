import CatalogModel

extension LottieSource {
    /// A precomposition's time remap (`tm`) read as pieces of document time, each of which
    /// plays the content one frame per frame or holds one content frame — what lottie-web,
    /// rlottie and ThorVG show (`tm(t) × frame rate`), carried exactly: the content's keyframes
    /// are cut where the pieces begin and end (a cubic easing cut into the exact cubic of its
    /// part) and placed in document time. Before its first keyframe and after its last a remap
    /// holds. A remap that changes speed or reverses is refused.
    ///
    /// ```swift
    /// // Plays 0…0.4 s, holds 0.4 s for 18 frames, then plays on.
    /// let keys: [(frame: Double, seconds: Double, easing: String)] =
    ///     [(0, 0, "linear"), (12, 0.4, "steps(1, jump-end)"), (30, 0.4, "linear"), (39, 0.7, "linear")]
    /// let remap = try LottieSource.TimeRemap(
    ///     keys.map { LottieSource.Keyframe(time: $0.frame, value: [$0.seconds], easing: $0.easing) }, frameRate: 30)
    /// remap.pieces.map(\.plays)   // [true, false, true]
    /// ```
    struct TimeRemap {
        /// From `start` to `end` (document frames): the content from frame `content` on, one
        /// frame per frame (`plays`), or that frame throughout.
        struct Piece {
            var start: Double
            var end: Double
            var content: Double
            var plays: Bool
        }

        /// In document order, each ending where the next starts; before the first and after the
        /// last the remap holds.
        let pieces: [Piece]
        /// The document frame of the last keyframe and the content frame held from there on.
        let last: (time: Double, content: Double)

        init(_ keys: [Keyframe], frameRate: Double) throws(Unsupported) {
            var pieces: [Piece] = []
            for (from, to) in zip(keys, keys.dropFirst()) where to.time > from.time {
                let (start, end) = (from.value[0] * frameRate, to.value[0] * frameRate)
                guard start.isFinite, end.isFinite else { throw Unsupported(reason: "time remapping to a time that is not a number") }
                let holds = from.easing == "steps(1, jump-end)" || start == end
                if !holds {
                    let span = to.time - from.time
                    guard LottieSource.isIdentity(from.easing), abs((end - start) - span) <= 1e-6 * max(1, span) else {
                        throw Unsupported(reason: "time remapping that changes speed or reverses")
                    }
                }
                pieces.append(Piece(start: from.time, end: to.time, content: start, plays: !holds))
            }
            let final = keys[keys.count - 1]
            self.pieces = pieces
            last = (final.time, final.value[0] * frameRate)
        }

        /// The document frames in which content shown in `range` (content frames) shows: one
        /// span, or refused when the remap shows it in several.
        func shown(_ range: Range<Double>) throws(Unsupported) -> Range<Double> {
            let far = Double.greatestFiniteMagnitude
            var spans: [Range<Double>] = []
            func add(_ low: Double, _ high: Double) { if high > low { spans.append(low..<high) } }
            if let first = pieces.first, range.contains(first.content) { add(-far, first.start) }
            for piece in pieces {
                if piece.plays {
                    let offset = piece.start - piece.content
                    add(max(piece.start, range.lowerBound + offset), min(piece.end, range.upperBound + offset))
                } else if range.contains(piece.content) {
                    add(piece.start, piece.end)
                }
            }
            if range.contains(last.content) { add(last.time, far) }
            var merged: [Range<Double>] = []
            for span in spans {
                if let previous = merged.last, span.lowerBound <= previous.upperBound + 1e-9 {
                    merged[merged.count - 1] = previous.lowerBound..<max(previous.upperBound, span.upperBound)
                } else {
                    merged.append(span)
                }
            }
            guard merged.count <= 1 else { throw Unsupported(reason: "time remapping that shows a layer in separate spans") }
            return merged.first ?? range.lowerBound..<range.lowerBound
        }
    }
}

extension LottieSource.Property {
    /// Its keyframes (in a layer's time, which starts at `startTime` in the content) as `remap`
    /// shows them, in document frames: cut where each piece begins and ends, a held piece one
    /// held keyframe.
    func remapped(_ remap: LottieSource.TimeRemap, startTime: Double) throws(LottieSource.Unsupported) -> Self {
        guard case .animated(let keys) = self else { return self }
        var placed: [LottieSource.Keyframe] = []
        for piece in remap.pieces {
            let from = piece.content - startTime
            guard piece.plays else {
                placed.append(LottieSource.Keyframe(time: piece.start, value: value(at: from), easing: "steps(1, jump-end)"))
                continue
            }
            let to = from + (piece.end - piece.start), shift = piece.start - from
            let cuts = [from] + keys.map(\.time).filter { $0 > from && $0 < to }
            for (index, cut) in cuts.enumerated() {
                placed.append(try segment(keys, from: cut, to: index + 1 < cuts.count ? cuts[index + 1] : to, shift: shift))
            }
        }
        placed.append(LottieSource.Keyframe(time: remap.last.time, value: value(at: remap.last.content - startTime), easing: "linear"))
        return .animated(placed)
    }

    /// The keyframe that starts the part of its keyframes from `start` to `end` (within one of
    /// their segments), `shift` frames later.
    private func segment(_ keys: [LottieSource.Keyframe], from start: Double, to end: Double, shift: Double) throws(LottieSource.Unsupported)
        -> LottieSource.Keyframe
    {
        let value = value(at: start)
        guard let index = keys.lastIndex(where: { $0.time <= start }), index + 1 < keys.count else {
            // Before the first keyframe or after the last: held.
            return LottieSource.Keyframe(time: start + shift, value: value, easing: "linear")
        }
        let (from, to) = (keys[index], keys[index + 1])
        let span = to.time - from.time
        let (x0, x1) = ((start - from.time) / span, min((end - from.time) / span, 1))
        if x0 == 0, x1 == 1 { return LottieSource.Keyframe(time: start + shift, value: from.value, easing: from.easing, tangents: from.tangents) }
        guard from.tangents == nil else { throw LottieSource.Unsupported(reason: "time remapping that cuts a motion path between its keyframes") }
        return LottieSource.Keyframe(time: start + shift, value: value, easing: try EasingCut.part(of: from.easing, from: x0, to: x1))
    }
}

extension LottieSource.Transform {
    /// Placed by a time remap: every property in document frames (its start time 0).
    func remapped(_ remap: LottieSource.TimeRemap) throws(LottieSource.Unsupported) -> Self {
        func map(_ property: LottieSource.Property) throws(LottieSource.Unsupported) -> LottieSource.Property {
            try property.remapped(remap, startTime: startTime)
        }
        var placed = self
        placed.startTime = 0
        placed.anchor = try map(anchor)
        placed.positionAxes = []
        for axis in positionAxes { placed.positionAxes.append(try map(axis)) }
        if let path = motionPath, case .animated(let keys) = try map(.animated(path)) { placed.motionPath = keys }
        placed.scale = try map(scale)
        placed.rotation = try map(rotation)
        placed.skew = try map(skew)
        placed.skewAxis = try map(skewAxis)
        return placed
    }
}

/// The part of a segment's easing between two of its times: for a cubic Bézier the exact cubic
/// of that part of the curve (``ExactTimeline/controlPoints(ofCurve:from:to:)``), scaled to the
/// unit square.
///
/// ```swift
/// try EasingCut.part(of: "cubic-bezier(0.4, 0, 0.6, 1)", from: 0, to: 0.5)   // the first half of the curve
/// ```
enum EasingCut {
    static func part(of easing: String, from x0: Double, to x1: Double) throws(LottieSource.Unsupported) -> String {
        switch try? TimingFunction(parsing: easing) {
        case .linear?: return "linear"
        // A hold keeps its start value up to its segment's end, wherever it is cut.
        case .steps(1, .jumpEnd)?: return easing
        case .cubicBezier(let ax, let ay, let bx, let by)?:
            let part = ExactTimeline.controlPoints(ofCurve: (ax, ay, bx, by), from: x0, to: x1)
            let (dx, dy) = (part[3].0 - part[0].0, part[3].1 - part[0].1)
            guard dx > 0 else { return "linear" }
            guard abs(dy) > 1e-12 else {
                // Its ends level: a part that goes out and comes back cannot be scaled to 0…1.
                guard abs(part[1].1 - part[0].1) <= 1e-12, abs(part[2].1 - part[0].1) <= 1e-12 else {
                    throw LottieSource.Unsupported(reason: "time remapping that cuts an easing where it turns back")
                }
                return "linear"
            }
            func x(_ p: (Double, Double)) -> Double { min(max((p.0 - part[0].0) / dx, 0), 1) }
            func y(_ p: (Double, Double)) -> Double { (p.1 - part[0].1) / dy }
            return LottieSource.cubicBezierText(x(part[1]), y(part[1]), x(part[2]), y(part[2]))
        default:
            throw LottieSource.Unsupported(reason: "time remapping that cuts a segment eased by \(easing)")
        }
    }
}
