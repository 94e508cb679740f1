/// One keyframe: an optional offset (nil: spaced evenly between its neighbours), the easing of
/// the interval it starts, and the property values it gives.
///
/// ```swift
/// Keyframe(offset: 0.4, easing: .cubicBezier(0, 0, 0.58, 1), values: ["opacity": .number(0.5)])
/// ```
package struct Keyframe: Sendable, Hashable {
    /// Where in the iteration the keyframe sits, 0…1; nil: spaced evenly between its neighbours.
    package var offset: Double?
    /// The easing from this keyframe to the next (the last keyframe's is never used).
    package var easing: TimingFunction
    /// The values it gives, by property name.
    package var values: [String: AnimationValue]
    /// Properties it gives the underlying value — what shows when nothing animates them —
    /// written as the neutral value composited by addition (`{offset: 0, opacity: 0, composite:
    /// add, easing: ease-in}`): how an implicit keyframe gets an easing of its own.
    package var underlying: Set<String>

    /// A keyframe; linear to the next unless `easing` says otherwise.
    package init(offset: Double? = nil, easing: TimingFunction = .linear, values: [String: AnimationValue], underlying: Set<String> = []) {
        self.offset = offset
        self.easing = easing
        self.values = values
        self.underlying = underlying
    }

    /// Whether it gives `property` a value, its own or the underlying one.
    package func sets(_ property: String) -> Bool { values[property] != nil || underlying.contains(property) }
}

/// A keyframe effect as data: keyframes, the properties they animate and the effect's timing.
/// Both vocabularies end here: the Web Animations body imports to it directly, Core Animation
/// animations compile to it. The engine's `KeyframeEffect` evaluates it.
///
/// ```swift
/// let model = KeyframeEffectModel(
///     keyframes: [Keyframe(values: ["opacity": .number(0)]), Keyframe(values: ["opacity": .number(1)])],
///     properties: [AnimatableProperty.web("opacity")!],
///     timing: EffectTiming(duration: 0.25))
/// ```
package struct KeyframeEffectModel: Sendable, Hashable {
    /// The keyframes in order.
    package var keyframes: [Keyframe]
    /// Every property some keyframe sets, sorted by name.
    package var properties: [AnimatableProperty]
    /// The effect's timing.
    package var timing: EffectTiming

    /// An effect; `properties` are sorted by name.
    package init(keyframes: [Keyframe], properties: [AnimatableProperty], timing: EffectTiming) {
        self.keyframes = keyframes
        self.properties = properties.sorted { $0.name < $1.name }
        self.timing = timing
    }

    /// Web Animations §"Calculating computed keyframes": a missing first offset is 0, a missing
    /// last offset is 1 (when there is more than one keyframe), and each run of missing offsets is
    /// spaced evenly between the offsets around it.
    package var computedOffsets: [Double] {
        var offsets = keyframes.map(\.offset)
        guard !offsets.isEmpty else { return [] }
        if offsets.count > 1, offsets[0] == nil { offsets[0] = 0 }
        if offsets[offsets.count - 1] == nil { offsets[offsets.count - 1] = 1 }
        var previous = 0
        for index in offsets.indices.dropFirst() where offsets[index] != nil {
            let from = offsets[previous]!, to = offsets[index]!
            let gaps = Double(index - previous)
            for k in (previous + 1)..<index { offsets[k] = from + (to - from) * Double(k - previous) / gaps }
            previous = index
        }
        return offsets.map { $0! }
    }
}
