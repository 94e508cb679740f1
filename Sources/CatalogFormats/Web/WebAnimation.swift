import CatalogModel

/// One animation as the web runs it: what `element.animate(keyframes, options)` takes, plus
/// how faithfully it reproduces the engine. Every export format (`--to waapi`, `css`, `js`) is
/// written from a list of these.
///
/// ```swift
/// let fade = WebAnimation(
///     keyframes: [WebKeyframe(offset: 0, values: ["opacity": "0"]), WebKeyframe(offset: 1, values: ["opacity": "1"])],
///     timing: WebTiming(duration: 250, fill: "forwards"),
///     properties: ["opacity"], fidelity: .exact)
/// fade.json   // {"keyframes": [{"offset": 0, "opacity": "0"}, …], "options": {"duration": 250, …}}
/// ```
package struct WebAnimation: Sendable, Hashable {
    /// The keyframes, offsets ascending from 0 to 1.
    package var keyframes: [WebKeyframe]
    /// The options `element.animate()` takes.
    package var timing: WebTiming
    /// `"replace"` or `"add"` (Core Animation's `additive`).
    package var composite: String
    /// The engine properties it animates (Core Animation names where the definition used them).
    package var properties: [String]
    /// The Core Animation key path it plays, when one sub-path alone (`transform.scale`): the
    /// part of the property it replaces, which a behaviour's module plays as that part.
    package var keyPath: String?
    /// Exact, or baked and how closely.
    package var fidelity: Fidelity
    /// For a Core Animation `cumulative` animation (baked: the web has no such composition but in
    /// Firefox): its first repeat cycle exactly, and how many cycles play, each adding the last
    /// one's end value — what SMIL's `accumulate="sum"` says (the SVG export writes it so).
    package var cumulativeCycle: CumulativeCycle?

    /// One repeat cycle of a cumulative animation, exact, and how many cycles there are.
    package struct CumulativeCycle: Sendable, Hashable {
        /// The first cycle's keyframes, and its timing (its delay the animation's, one iteration).
        package var keyframes: [WebKeyframe]
        package var timing: WebTiming
        package var properties: [String]
        /// Cycles played (fractional: the last one cut).
        package var count: Double

        package init(animation: WebAnimation, count: Double) {
            keyframes = animation.keyframes
            timing = animation.timing
            properties = animation.properties
            self.count = count
        }

        /// The first cycle as an exact animation of its own.
        package var animation: WebAnimation { WebAnimation(keyframes: keyframes, timing: timing, properties: properties, fidelity: .exact) }
    }

    /// Whether the web reproduces the engine exactly, or approximates it with generated keyframes.
    package enum Fidelity: Sendable, Hashable {
        /// The browser computes what the engine does, by the same rules.
        case exact
        /// Generated from the engine's samples: `points` keyframes, the largest difference measured
        /// against the engine in units of each property's bound (≤ 1 meets it).
        case baked(points: Int, maxError: Double, reason: String)
    }

    /// An animation as the exports write it.
    package init(keyframes: [WebKeyframe], timing: WebTiming, composite: String = "replace", properties: [String], fidelity: Fidelity) {
        self.keyframes = keyframes
        self.timing = timing
        self.composite = composite
        self.properties = properties
        self.fidelity = fidelity
    }

    /// `{"keyframes": [...], "options": {...}}`, exactly what `element.animate()` takes.
    package var json: JSONValue {
        var options = timing.json
        if composite != "replace" { options["composite"] = .string(composite) }
        return ["keyframes": .array(keyframes.map(\.json)), "options": .object(options)]
    }
}

/// A keyframe: an offset in 0…1, the easing of the interval it starts and CSS values by
/// camelCase property name.
///
/// ```swift
/// WebKeyframe(offset: 0.4, easing: "ease-out", values: ["transform": "scale(0.8)"])
/// ```
package struct WebKeyframe: Sendable, Hashable {
    /// Where in the iteration the keyframe sits, 0…1.
    package var offset: Double
    /// CSS easing text; `linear` is left out of the output.
    package var easing: String
    /// CSS values by camelCase property name (`transform`, `backgroundColor`).
    package var values: [String: String]
    /// `add` for a keyframe of neutral values that stands for the underlying value; else `replace`.
    package var composite: String

    /// A keyframe at `offset`.
    package init(offset: Double, easing: String = "linear", values: [String: String], composite: String = "replace") {
        self.offset = offset
        self.easing = easing
        self.values = values
        self.composite = composite
    }

    var json: JSONValue {
        var members: [String: JSONValue] = values.mapValues(JSONValue.string)
        members["offset"] = .number(offset)
        if easing != "linear" { members["easing"] = .string(easing) }
        if composite != "replace" { members["composite"] = .string(composite) }
        return .object(members)
    }
}

/// Web Animations `EffectTiming`, in milliseconds as the Web API has it.
///
/// ```swift
/// WebTiming(duration: 200, fill: "forwards", easing: "ease-in-out")   // 200 ms, keeps its last value
/// ```
package struct WebTiming: Sendable, Hashable {
    /// Milliseconds before the active interval.
    package var delay: Double
    /// Milliseconds after it.
    package var endDelay: Double
    /// Milliseconds per iteration.
    package var duration: Double
    /// May be fractional or infinite.
    package var iterations: Double
    /// Where in the iteration sequence playing starts.
    package var iterationStart: Double
    /// `normal`, `reverse`, `alternate` or `alternate-reverse`.
    package var direction: String
    /// `none`, `forwards`, `backwards` or `both`.
    package var fill: String
    /// CSS easing text over each iteration.
    package var easing: String

    /// The options, with the Web API's defaults for what is not given.
    package init(
        delay: Double = 0, endDelay: Double = 0, duration: Double, iterations: Double = 1, iterationStart: Double = 0,
        direction: String = "normal", fill: String = "none", easing: String = "linear"
    ) {
        self.delay = delay
        self.endDelay = endDelay
        self.duration = duration
        self.iterations = iterations
        self.iterationStart = iterationStart
        self.direction = direction
        self.fill = fill
        self.easing = easing
    }

    /// JSON has no infinity: endless iterations are written `"Infinity"`, which `animate()` reads
    /// as the number (WebIDL converts the string); the JS module writes the `Infinity` literal.
    var json: [String: JSONValue] {
        var members: [String: JSONValue] = [
            "delay": .number(delay), "duration": .number(duration), "fill": .string(fill),
            "iterations": iterations.isFinite ? .number(iterations) : .string("Infinity"),
            "direction": .string(direction), "easing": .string(easing)
        ]
        if endDelay != 0 { members["endDelay"] = .number(endDelay) }
        if iterationStart != 0 { members["iterationStart"] = .number(iterationStart) }
        return members
    }

    /// The fill a pair of flags stands for.
    static func fill(backwards: Bool, forwards: Bool) -> String {
        switch (backwards, forwards) {
        case (true, true): "both"
        case (true, false): "backwards"
        case (false, true): "forwards"
        case (false, false): "none"
        }
    }
}
