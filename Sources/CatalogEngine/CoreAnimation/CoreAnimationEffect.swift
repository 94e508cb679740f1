import CatalogModel

/// A Core Animation animation (basic, keyframe, spring or group) ready to sample against a
/// target's model values. Each sample gives the presentation value of every property the
/// animation touches: the model value where no animation shows, the animated value where one
/// does (added to the model value when `additive`), in the order Core Animation stacks them.
///
/// ```swift
/// let pop = try CoreAnimationModel(json: ["type": "keyframe", "keyPath": "transform.scale",
///                                         "values": [1, 0.8, 0.9], "duration": 0.2],
///                                  file: "pop.yaml", path: FieldPath("animation"))
/// let effect = CoreAnimationEffect(pop)
/// effect.sample(at: 0.1).values[0]   // .transform(scale 0.8)
/// ```
package struct CoreAnimationEffect: Sendable {
    /// Every property touched, sorted by name; samples give values in this order.
    package let properties: [AnimatableProperty]
    /// The model values the animation starts from (the properties' initial values by default).
    package let modelValues: [AnimatedValue]
    let root: Node

    indirect enum Node: Sendable {
        case leaf(Leaf)
        case group(MediaClock, [Node])
    }

    /// One animation of the tree. A class: sampling reads it where it is instead of copying
    /// its fields (a cumulative animation's end value alone is 130 bytes) out of the node
    /// once per sample, which measured as a sixth of `sample`'s time.
    final class Leaf: Sendable {
        enum Motion: Sendable {
            case interpolate(ValueInterpolator)
            case spring(ValueInterpolator, SpringMotion, duration: Double)
            case keyframes(KeyframeTrack)
        }
        let slot: Int
        let component: AnimationKeyPath.Component
        let clock: MediaClock
        let motion: Motion
        let additive: Bool
        /// The value one repeat cycle ends with, when `cumulative`.
        let cycleEnd: AnimatedValue?
        let iterationsPerCycle: Double
        /// Whether the value is added to the model value or previous cycles (then clamped after).
        let composes: Bool
        /// The property's output range (numbers); colours clamp their channels to 0…1.
        let outputRange: ClosedRange<Double>?

        /// - Parameter cycleEndProgress: for a cumulative animation, the progress a repeat
        ///   cycle ends at (its value is added to the next cycle's).
        init(
            slot: Int, component: AnimationKeyPath.Component, clock: MediaClock, motion: Motion, additive: Bool,
            cycleEndProgress: Double?, iterationsPerCycle: Double, composes: Bool, outputRange: ClosedRange<Double>?
        ) {
            self.slot = slot
            self.component = component
            self.clock = clock
            self.motion = motion
            self.additive = additive
            cycleEnd = cycleEndProgress.map { Self.value(of: motion, progress: $0) }
            self.iterationsPerCycle = iterationsPerCycle
            self.composes = composes
            self.outputRange = outputRange
        }

        func value(progress: Double) -> AnimatedValue { Self.value(of: motion, progress: progress) }

        private static func value(of motion: Motion, progress: Double) -> AnimatedValue {
            switch motion {
            case .interpolate(let interpolator): interpolator.value(at: progress)
            case .spring(let interpolator, let spring, let duration): interpolator.value(at: spring.progress(at: progress * duration))
            case .keyframes(let track): track.value(at: progress)
            }
        }
    }

    /// - Parameter modelValues: the target's model values by property name; a property without
    ///   one starts from its initial value.
    package init(_ model: CoreAnimationModel, modelValues: [String: AnimationValue] = [:]) {
        properties = model.properties
        let slots = Dictionary(uniqueKeysWithValues: properties.enumerated().map { ($1.name, $0) })
        let model0 = properties.map { AnimatedValue(modelValues[$0.name] ?? $0.initialValue) }
        self.modelValues = model0
        root = Self.compile(model, slots: slots, modelValues: model0)
    }

    private static func compile(_ model: CoreAnimationModel, slots: [String: Int], modelValues: [AnimatedValue]) -> Node {
        if case .group(let children) = model.body {
            return .group(MediaClock(model.timing), children.map { compile($0, slots: slots, modelValues: modelValues) })
        }
        let keyPath = model.keyPath!
        let slot = slots[keyPath.property.name]!
        let component = keyPath.component
        let base = component.value(in: modelValues[slot])
        // Output clamping (opacity to 0…1) applies to what is shown: after the value is added to
        // the model value or the previous cycles' end, as browsers clamp after composition.
        let propertyRange = component == .whole ? keyPath.property.range : nil
        let composes = model.additive || model.cumulative
        let range = composes ? nil : propertyRange

        var clock = MediaClock(model.timing)
        let motion: Leaf.Motion
        switch model.body {
        case .basic(let ends):
            let (from, to) = resolve(ends, base: base)
            motion = .interpolate(ValueInterpolator(from: AnimationValue(from), to: AnimationValue(to), range: range))
        case .spring(let ends, let parameters):
            let spring = SpringMotion(parameters)
            if model.durationIsSettlingDuration { clock = MediaClock(model.timing, duration: spring.settlingDuration) }
            let (from, to) = resolve(ends, base: base)
            motion = .spring(ValueInterpolator(from: AnimationValue(from), to: AnimationValue(to), range: range), spring, duration: clock.media.duration)
        case .keyframe(let frames):
            motion = .keyframes(KeyframeTrack(frames, range: range))
        case .group:
            fatalError("handled above")
        }
        // A cycle ends at the far end, or back at the start when it autoreverses.
        let leaf = Leaf(
            slot: slot, component: component, clock: clock, motion: motion, additive: model.additive,
            cycleEndProgress: model.cumulative ? (model.timing.autoreverses ? 0 : 1) : nil,
            iterationsPerCycle: model.timing.iterationsPerCycle, composes: composes, outputRange: propertyRange)
        return .leaf(leaf)
    }

    /// The eight `fromValue` / `toValue` / `byValue` combinations (at most two set; a missing end
    /// is the model value): from–to, from–(from+by), (to−by)–to, from–model, model–to,
    /// model–(model+by), and model–model when none is set.
    static func resolve(_ ends: CoreAnimationModel.Ends, base: AnimatedValue) -> (AnimatedValue, AnimatedValue) {
        let from = ends.from.map(AnimatedValue.init), to = ends.to.map(AnimatedValue.init), by = ends.by.map(AnimatedValue.init)
        switch (from, to, by) {
        case (let f?, let t?, _): return (f, t)
        case (let f?, nil, let b?): return (f, f.adding(b))
        case (nil, let t?, let b?): return (t.subtracting(b), t)
        case (let f?, nil, nil): return (f, base)
        case (nil, let t?, nil): return (base, t)
        case (nil, nil, let b?): return (base, base.adding(b))
        case (nil, nil, nil): return (base, base)
        }
    }

    /// Presentation values at a time (seconds from the animation's start, in its parent's time).
    package func sample(at time: Double) -> EffectSample {
        var values = modelValues
        let top = sample(at: time, into: &values)
        return EffectSample(time: time, progress: top?.progress, iteration: top?.currentIteration, values: values)
    }

    /// Writes the presentation values into `values` (start it from ``modelValues``) and returns
    /// the top-level animation's timing, nil when it does not show.
    @discardableResult
    package func sample(at time: Double, into values: inout [AnimatedValue]) -> ComputedTiming? {
        precondition(values.count == modelValues.count, "one value per property: start from modelValues")
        var stale = StaleSlots.none
        return values.withUnsafeMutableBufferPointer { buffer in
            modelValues.withUnsafeBufferPointer { model in
                Self.apply(root, at: time, into: buffer.baseAddress!, model: model.baseAddress!, stale: &stale)
            }
        }
    }

    /// The same with `values` holding anything (a previous sample's values, or nothing yet):
    /// each slot is written once from its model value instead of being reset to it first (for
    /// one animation over a transform, the reset was the biggest copy of a sample).
    ///
    /// ```swift
    /// var values: [AnimatedValue] = []
    /// for frame in 0..<60 {
    ///     effect.sample(at: Double(frame) / 60, overwriting: &values)   // values[i]: properties[i]
    /// }
    /// ```
    @discardableResult
    package func sample(at time: Double, overwriting values: inout [AnimatedValue]) -> ComputedTiming? {
        guard values.count == modelValues.count else {
            values = modelValues
            return sample(at: time, into: &values)
        }
        guard modelValues.count <= StaleSlots.capacity else {
            values.withUnsafeMutableBufferPointer { buffer in
                modelValues.withUnsafeBufferPointer { buffer.baseAddress!.update(from: $0.baseAddress!, count: $0.count) }
            }
            return sample(at: time, into: &values)
        }
        var stale = StaleSlots.all(modelValues.count)
        return values.withUnsafeMutableBufferPointer { buffer in
            modelValues.withUnsafeBufferPointer { model in
                let timing = Self.apply(root, at: time, into: buffer.baseAddress!, model: model.baseAddress!, stale: &stale)
                // Slots no animation wrote show their model values.
                for slot in 0..<model.count where stale.contains(slot) { buffer[slot] = model[slot] }
                return timing
            }
        }
    }

    /// The slots no animation has written yet in this sample while they hold something else (a
    /// previous sample's value): an animation composing onto one starts from its model value.
    struct StaleSlots {
        static let capacity = 64
        static let none = StaleSlots(bits: 0)
        static func all(_ count: Int) -> StaleSlots { StaleSlots(bits: count == capacity ? ~0 : (1 << UInt64(count)) - 1) }
        var bits: UInt64
        func contains(_ slot: Int) -> Bool { slot < Self.capacity && bits & (1 << UInt64(slot)) != 0 }
        mutating func remove(_ slot: Int) { if slot < Self.capacity { bits &= ~(1 << UInt64(slot)) } }
    }

    private static func apply(
        _ node: Node, at time: Double, into values: UnsafeMutablePointer<AnimatedValue>,
        model: UnsafePointer<AnimatedValue>, stale: inout StaleSlots
    ) -> ComputedTiming? {
        switch node {
        case .group(let clock, let children):
            guard let timing = clock.timing(atParentTime: time), let progress = timing.progress else { return nil }
            // Children run in the group's own time and are clipped to its span.
            let local = progress * clock.media.duration
            for child in children { _ = apply(child, at: local, into: values, model: model, stale: &stale) }
            return timing
        case .leaf(let leaf):
            guard let timing = leaf.clock.timing(atParentTime: time), let progress = timing.progress else { return nil }
            var value = leaf.value(progress: progress)
            if let cycleEnd = leaf.cycleEnd, let iteration = timing.currentIteration, iteration.isFinite {
                let cycles = Int((iteration / leaf.iterationsPerCycle).rounded(.down))
                value = cycleEnd.repeated(cycles).adding(value)
            }
            // The slot is read and written where it is: through the array's subscript each
            // 130-byte value was copied out and back (a fifth of `sample --format json`).
            let slot = values + leaf.slot
            let base = stale.contains(leaf.slot) ? model + leaf.slot : UnsafePointer(slot)
            if leaf.additive { value = leaf.component.value(in: base.pointee).adding(value) }
            if leaf.composes { value = value.clamped(to: leaf.outputRange) }
            slot.pointee = leaf.component.setting(value, in: base.pointee)
            stale.remove(leaf.slot)
            return timing
        }
    }
}

extension AnimatedValue {
    /// Output clamping, as browsers apply it to a composed value: numbers to the property's
    /// range, colour channels to 0…1.
    func clamped(to range: ClosedRange<Double>?) -> AnimatedValue {
        func unit(_ v: Double) -> Double { min(max(v, 0), 1) }
        switch self {
        case .number(let n):
            guard let range else { return self }
            return .number(min(max(n, range.lowerBound), range.upperBound))
        case .color(let c):
            return .color(RGBAColor(red: unit(c.red), green: unit(c.green), blue: unit(c.blue), alpha: unit(c.alpha)))
        default:
            return self
        }
    }
}
