import CatalogEngine
import CatalogModel
import Foundation

/// A component as an SVG document animated with SMIL — what `export --to svg` writes, which
/// plays wherever an image does (an `<img>`, a README, e-mail): one rectangle of the reference
/// box per role, the first lowest, whose opacity, fill, corner radius and transform follow the
/// engine's values of that role. Numbers and colours are `<animate>`s; the transform is four
/// `<animateTransform>`s (`translate`, then `rotate`, `skewX` and `scale` added onto it), which
/// every engine interpolates number by number.
///
/// Each attribute is written from the engine's samples, piecewise linear (``SVGTrack``), within
/// the export bound; a role that repeats forever plays its first cycles once and then its last
/// cycle with `repeatCount="indefinite"`.
///
/// ```swift
/// let role = AnimatedSVG.Role(name: "pop") { time in ["opacity": .number(min(time / 0.5, 1))] }
/// let svg = try AnimatedSVG(name: "pop", version: "1.0.0", roles: [role], timeline: .init(once: 0.5), box: (100, 100))
/// svg.text   // <svg xmlns="http://www.w3.org/2000/svg" …>
/// ```
package struct AnimatedSVG: Sendable {
    /// One role: its name, its web animations (the CSS export's: where they are exact, so is
    /// the SVG) and the engine's values of its properties at a time.
    package struct Role: Sendable {
        package var name: String
        package var animations: [WebAnimation]
        package var sample: @Sendable (Double) -> [String: AnimatedValue]

        package init(name: String, animations: [WebAnimation] = [], sample: @escaping @Sendable (Double) -> [String: AnimatedValue]) {
            self.name = name
            self.animations = animations
            self.sample = sample
        }
    }

    /// When the roles move: `[0, once]` plays once; then, when `period` is given, the span
    /// `[once, once + period]` repeats forever.
    package struct Timeline: Sendable {
        package var once: Double
        package var period: Double?

        package init(once: Double, period: Double? = nil) {
            self.once = once
            self.period = period
        }

        /// The same motion with every SMIL time a whole number of milliseconds, as Gecko keeps
        /// them: the part played once runs to the next millisecond (what shows then is held),
        /// and the repeated part spans as many cycles as make whole milliseconds (a 95.5 ms
        /// cycle twice: 191 ms), up to a thousand, else its nearest millisecond.
        var inWholeMilliseconds: Timeline {
            let once = (self.once * 1000 - 1e-6).rounded(.up) / 1000
            guard let period, period > 0 else { return Timeline(once: max(once, 0)) }
            let cycles = (1...1000).first { k in
                let ms = Double(k) * period * 1000
                return abs(ms - ms.rounded()) < 1e-6 * max(1, ms)
            }
            let span = cycles.map { (Double($0) * period * 1000).rounded() / 1000 } ?? max((period * 1000).rounded(), 1) / 1000
            return Timeline(once: max(once, 0), period: span)
        }
    }

    /// The document.
    package var text: String
    /// What it was made from (for a judge to sample the engine as the document was).
    package var roles: [Role]
    /// Per role and attribute that moves: exact, or baked with how many key times and the largest
    /// difference from the engine, in units of the bound.
    package var explanation: [(role: String, channel: String, fidelity: WebAnimation.Fidelity)]

    package init(name: String, version: String, roles: [Role], timeline: Timeline, box: (width: Double, height: Double)) throws(ExportError) {
        let (w, h) = (CSSNumber.text(box.width), CSSNumber.text(box.height))
        var lines = [
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(w)" height="\#(h)" viewBox="0 0 \#(w) \#(h)">"#,
            "  <title>\(Self.escaped(name)) \(Self.escaped(version)) — exported by catalog</title>"
        ]
        var explanation: [(String, String, WebAnimation.Fidelity)] = []
        let timeline = timeline.inWholeMilliseconds
        for (index, role) in roles.enumerated() {
            if let other = Set(role.sample(0).keys).subtracting(SVGChannel.followed).sorted().first {
                throw ExportError("\(other) has no SVG form (a rectangle follows \(SVGChannel.followed.sorted().joined(separator: ", ")))")
            }
            // Drawn about its origin, in a group that puts the origin in place: a rotation or
            // scale about the origin is then the function alone, which SMIL can sum and splines ease.
            let drawnAt = SVGChannel.origin(role.sample(0), box: box)
            let frame = SVGBox(width: box.width, height: box.height, drawnAt: drawnAt)
            var spans: [(begin: Double, length: Double, repeats: Bool)] = []
            if timeline.once > 0 || timeline.period == nil { spans.append((0, timeline.once, false)) }
            if let period = timeline.period, period > 0 { spans.append((timeline.once, period, true)) }
            var attributes: [String] = []
            var animations: [String] = []
            for channel in SVGChannel.allCases {
                var tracks: [(span: (begin: Double, length: Double, repeats: Bool), track: SVGTrack)] = []
                func sample(_ t: Double, _ previous: [Double]?) throws(ExportError) -> [Double] {
                    try channel.values(role.sample(t), box: frame, previous: previous)
                }
                let behind = role.animations.filter { !Self.sources[channel]!.isDisjoint(with: $0.properties) }
                // A cumulative animation: its first cycle, repeated with each adding the last's end.
                if timeline.period == nil, behind.count == 1, let cycle = behind[0].cumulativeCycle,
                    let summed = try CumulativeSVGTrack.make(channel, cycle: cycle, length: timeline.once, box: frame, sample: sample)
                {
                    attributes += Self.attributes(channel, summed.base)
                    explanation.append((role.name, channel.rawValue, .exact))
                    animations += Self.animations(channel, summed.track, span: (summed.begin, summed.period, false), accumulating: summed.count)
                    if let frozen = summed.frozen {
                        // Held from the end by an animation of its own (WebKit freezes one cycle too far).
                        let held = SVGTrack(keyTimes: [0, 1], values: [frozen, frozen], maxError: 0)
                        animations += Self.animations(channel, held, span: (summed.begin + summed.period * summed.count, 0.001, false))
                    }
                    continue
                }
                let exact = try Self.exact(channel, behind: behind, timeline: timeline, box: frame, sample: sample)
                for span in spans where exact == nil {
                    tracks.append((span, try SVGTrack.fit(channel, start: span.begin, length: span.length, box: frame, sample: sample)))
                }
                if let exact { tracks = [(spans[0], exact)] }
                let first = tracks[0].track.values[0]
                attributes += Self.attributes(channel, first)
                let moves = tracks.contains { entry in entry.track.values.contains { $0 != first } }
                guard moves else { continue }
                let fidelity: WebAnimation.Fidelity =
                    exact != nil
                    ? .exact
                    : .baked(
                        points: tracks.map(\.track.keyTimes.count).reduce(0, +), maxError: tracks.map(\.track.maxError).max()!,
                        reason: Self.bakedBecause(behind, timeline: timeline))
                explanation.append((role.name, channel.rawValue, fidelity))
                for (span, track) in tracks { animations += Self.animations(channel, track, span: span) }
            }
            let moved = drawnAt != (0, 0)
            let indent = moved ? "    " : "  "
            let (x, y) = (CSSNumber.text(0 - drawnAt.x), CSSNumber.text(0 - drawnAt.y))
            if moved { lines.append(#"  <g transform="translate(\#(CSSNumber.text(drawnAt.x)) \#(CSSNumber.text(drawnAt.y)))">"#) }
            lines.append(
                indent
                    + #"<rect id="role-\#(index)" data-role="\#(Self.escaped(role.name))" x="\#(x)" y="\#(y)" width="\#(w)" height="\#(h)" \#(attributes.joined(separator: " "))>"#
            )
            lines += animations.map { indent + "  " + $0 }
            lines.append(indent + "</rect>")
            if moved { lines.append("  </g>") }
        }
        lines.append("</svg>")
        text = lines.joined(separator: "\n") + "\n"
        self.roles = roles
        self.explanation = explanation
    }

    /// The engine properties each attribute follows.
    static let sources: [SVGChannel: Set<String>] = [
        .opacity: ["opacity", "visibility", "hidden"], .fill: ["backgroundColor"], .radius: ["cornerRadius", "borderRadius"],
        .transform: ["transform", "transformOrigin", "anchorPoint"]
    ]

    /// The exact track of a channel played once, where the role's web animations `behind` it are exact.
    private static func exact(
        _ channel: SVGChannel, behind: [WebAnimation], timeline: Timeline, box: SVGBox,
        sample: (Double, [Double]?) throws(ExportError) -> [Double]
    ) throws(ExportError) -> SVGTrack? {
        guard timeline.period == nil, !behind.isEmpty, behind.allSatisfy({ $0.fidelity == .exact }) else { return nil }
        let knots = ExactTimeline.knots(for: sources[channel]!, in: behind, window: timeline.once)
        return try SVGExactTrack.make(channel, knots: knots, length: timeline.once, box: box, sample: sample)
    }

    /// Why a channel whose web animations are `behind` is baked.
    private static func bakedBecause(_ behind: [WebAnimation], timeline: Timeline) -> String {
        for animation in behind { if case .baked(_, _, let reason) = animation.fidelity { return reason } }
        if timeline.period != nil { return "it repeats forever (written from the engine's samples)" }
        return "SMIL's key splines do not give it (written from the engine's samples)"
    }

    /// The rectangle's own attributes: what shows before anything moves.
    private static func attributes(_ channel: SVGChannel, _ value: [Double]) -> [String] {
        switch channel {
        case .opacity: return [#"opacity="\#(CSSNumber.text(value[0]))""#]
        case .fill: return [#"fill="\#(rgb(value))""#, #"fill-opacity="\#(CSSNumber.text(value[3]))""#]
        case .radius: return [#"rx="\#(CSSNumber.text(value[0]))""#, #"ry="\#(CSSNumber.text(value[0]))""#]
        case .transform:
            let t = PlanarTransform(numbers: value)
            let n = CSSNumber.text
            return [
                #"transform="translate(\#(n(t.x)) \#(n(t.y))) rotate(\#(n(degrees(t.angle)))) skewX(\#(n(degrees(t.skew)))) scale(\#(n(t.scaleX)) \#(n(t.scaleY)))""#
            ]
        }
    }

    /// The SMIL elements that play a track over a span.
    /// - Parameter accumulating: for a cumulative animation, how many times the span repeats,
    ///   each repeat adding the last one's end value (`accumulate="sum"`); removed at its end.
    private static func animations(
        _ channel: SVGChannel, _ track: SVGTrack, span: (begin: Double, length: Double, repeats: Bool), accumulating: Double? = nil
    ) -> [String] {
        let splines = track.keySplines.map { #" keySplines="\#($0.map { $0.map(CSSNumber.text).joined(separator: " ") }.joined(separator: ";"))""# } ?? ""
        let repeats: String
        if let accumulating {
            repeats = #" repeatCount="\#(CSSNumber.text(accumulating))" accumulate="sum""#
        } else {
            repeats = span.repeats ? #" repeatCount="indefinite""# : #" fill="freeze""#
        }
        let timing =
            #"begin="\#(CSSNumber.text(span.begin))s" dur="\#(CSSNumber.text(max(span.length, 1e-6)))s" calcMode="\#(track.keySplines == nil ? "linear" : "spline")" keyTimes="\#(track.keyTimes.map(CSSNumber.text).joined(separator: ";"))""#
            + splines + repeats
        func animate(_ attribute: String, _ texts: [String]) -> String {
            #"<animate attributeName="\#(attribute)" values="\#(texts.joined(separator: ";"))" \#(timing)/>"#
        }
        func transform(_ type: String, _ texts: [String], first: Bool) -> String {
            // The first replaces what is under it (the element's own transform, an earlier span's
            // frozen one); the others add onto it.
            let additive = first ? "replace" : "sum"
            return
                #"<animateTransform attributeName="transform" type="\#(type)" additive="\#(additive)" values="\#(texts.joined(separator: ";"))" \#(timing)/>"#
        }
        let n = CSSNumber.text
        switch channel {
        case .opacity: return [animate("opacity", track.values.map { n($0[0]) })]
        case .fill: return [animate("fill", track.values.map(rgb)), animate("fill-opacity", track.values.map { n($0[3]) })]
        case .radius: return [animate("rx", track.values.map { n($0[0]) }), animate("ry", track.values.map { n($0[0]) })]
        case .transform:
            // translate · rotate · skewX · scale, composed in document order; a function that
            // stays the identity is left out.
            let planar = track.values.map(PlanarTransform.init(numbers:))
            let functions = [
                ("translate", planar.map { "\(n($0.x)) \(n($0.y))" }, "0 0"), ("rotate", planar.map { n(degrees($0.angle)) }, "0"),
                ("skewX", planar.map { n(degrees($0.skew)) }, "0"), ("scale", planar.map { "\(n($0.scaleX)) \(n($0.scaleY))" }, "1 1")
            ].filter { _, texts, identity in texts.contains { $0 != identity } }
            return functions.enumerated().map { index, function in transform(function.0, function.1, first: index == 0) }
        }
    }

    private static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }

    private static func rgb(_ value: [Double]) -> String {
        "rgb(\(value.prefix(3).map { CSSNumber.text((min(max($0, 0), 1) * 255).rounded()) }.joined(separator: ", ")))"
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
