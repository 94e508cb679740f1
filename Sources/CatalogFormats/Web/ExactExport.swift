import CatalogEngine
import CatalogModel

/// Which export the animations are for: Web Animations (`waapi`, and the `js` module built on
/// it) says more than CSS animations can — an effect-level easing over several keyframes,
/// `iterationStart`, a negative `endDelay`, two keyframes at one offset — so the same component
/// may be exact in one and baked in the other.
///
/// ```swift
/// let css = try ComponentExport(definition: definition, target: .css, catalog: catalog)
/// ```
public enum ExportTarget: String, Sendable, CaseIterable {
    /// Web Animations: `element.animate(keyframes, options)`.
    case waapi
    /// CSS animations: `@keyframes` and `animation` declarations.
    case css
}

/// The exact translations: a definition (or one Core Animation leaf of it) written as keyframes
/// and timing the web evaluates exactly as the engine does. Each returns the reason when it
/// cannot, and the caller bakes that part instead.
enum ExactExport {
    typealias Outcome = Result<WebAnimation, Unexpressible>

    struct Unexpressible: Error { var reason: String }

    // MARK: Web Animations body

    /// - Parameter written: the definition's own texts, said where the model's values came from them.
    /// - Parameter engines: the browser engines the export must play as the engine computes.
    static func web(_ model: KeyframeEffectModel, target: ExportTarget, engines: BrowserEngines = .all, written: WrittenText? = nil) -> Outcome {
        let timing = model.timing
        guard let effectEasing = timing.easing.cssText else { return .failure(.init(reason: "a spring easing")) }
        var keyframes: [WebKeyframe] = []
        let offsets = model.computedOffsets
        for (index, (offset, frame)) in zip(offsets, model.keyframes).enumerated() {
            guard let easing = frame.easing.cssText else { return .failure(.init(reason: "a spring keyframe easing")) }
            var values: [String: String] = [:]
            for (name, value) in frame.values {
                guard let property = try? WebProperty(name) else { return .failure(.init(reason: "\(name) has no CSS form")) }
                // A value outside the property's range computes to the nearest end (CSS clamps
                // opacity's computed value), which the engine interpolates — as Chromium would not.
                if let clamped = Self.clamped(value, name) {
                    values[property.camelCase] = property.text(clamped)
                } else {
                    values[property.camelCase] = written?.value(keyframe: index, property: name) ?? property.text(value)
                }
            }
            let eased = written?.easing(keyframe: index) ?? easing
            if !values.isEmpty || frame.underlying.isEmpty { keyframes.append(WebKeyframe(offset: offset, easing: eased, values: values)) }
            if !frame.underlying.isEmpty {
                guard let neutral = neutralTexts(frame.underlying) else { return .failure(.init(reason: "a property without a CSS form")) }
                keyframes.append(WebKeyframe(offset: offset, easing: eased, values: neutral, composite: "add"))
            }
        }
        // A property missing at offset 0 starts from the underlying value, linearly (Web
        // Animations, CSS Animations with the linear timing the export gives every animation) —
        // but Chromium eases it by another keyframe at 0: written out, all engines agree.
        // (A discrete property is left implicit: it has no neutral value, and `visibility`, the
        // one the web animates, shows the same under any easing that stays within 0…1.)
        let atZero = zip(offsets, model.keyframes).filter { $0.0 == 0 }.map(\.1)
        if atZero.contains(where: { $0.easing != .linear }) {
            let missing = Set(model.properties.filter { $0.neutralValue != nil }.map(\.name).filter { name in !atZero.contains { $0.sets(name) } })
            if !missing.isEmpty {
                guard let neutral = neutralTexts(missing) else { return .failure(.init(reason: "a property without a CSS form")) }
                keyframes.insert(WebKeyframe(offset: 0, values: neutral, composite: "add"), at: 0)
            }
        }
        // Times as written (the model keeps seconds, and ms → s → ms need not give the same double back).
        func milliseconds(_ option: String, _ seconds: Double) -> Double {
            written?.milliseconds(option).flatMap { $0 / 1000 == seconds ? $0 : nil } ?? seconds * 1000
        }
        var web = WebTiming(
            delay: milliseconds("delay", timing.delay), endDelay: milliseconds("endDelay", timing.endDelay),
            duration: milliseconds("duration", timing.duration),
            iterations: timing.iterations, iterationStart: timing.iterationStart, direction: timing.direction.rawValue,
            fill: timing.fill == .auto ? "none" : timing.fill.rawValue, easing: effectEasing)
        if target == .css {
            if let reason = cssLimits(&keyframes, &web) { return .failure(.init(reason: reason)) }
        }
        if let reason = departure(model, engines: engines) ?? EngineAgreement.departure(offsets: keyframes.map(\.offset), target: target)?.reason(for: engines)
        {
            return .failure(.init(reason: reason))
        }
        return .success(WebAnimation(keyframes: keyframes, timing: web, properties: model.properties.map(\.name), fidelity: .exact))
    }

    /// `value` moved into the property's range, or nil when it is already in it.
    private static func clamped(_ value: AnimationValue, _ name: String) -> AnimationValue? {
        guard case .number(let n) = value, let range = AnimatableProperty.web(name)?.range, !range.contains(n) else { return nil }
        return .number(min(max(n, range.lowerBound), range.upperBound))
    }

    /// Why some engine of `engines` would interpolate a transform's keyframe pair otherwise
    /// (``EngineAgreement``), the keyframes as each property has them: implicit ends and
    /// neutral keyframes are the element's own transform, none (as `catalog sample` assumes).
    static func departure(_ model: KeyframeEffectModel, engines: BrowserEngines) -> String? {
        for property in model.properties where property.kind == .transform {
            var track: [(offset: Double, value: AnimationValue)] = zip(model.computedOffsets, model.keyframes).compactMap { offset, frame in
                if let value = frame.values[property.name] { return (offset, value) }
                return frame.underlying.contains(property.name) ? (offset, .transform([])) : nil
            }
            if track.first?.offset != 0 { track.insert((0, .transform([])), at: 0) }
            if track.last?.offset != 1 { track.append((1, .transform([]))) }
            for (a, b) in zip(track, track.dropFirst()) {
                if let reason = EngineAgreement.departure(transformFrom: a.value, to: b.value)?.reason(for: engines) { return reason }
            }
        }
        return nil
    }

    /// Each property's neutral value as CSS writes it (`0`, `none`, `rgba(0, 0, 0, 0)`), by
    /// camelCase name; nil when one has no CSS form or no neutral value (a discrete property).
    static func neutralTexts(_ names: Set<String>) -> [String: String]? {
        var texts: [String: String] = [:]
        for name in names {
            guard let property = try? WebProperty(name), let neutral = AnimatableProperty.web(name)?.neutralValue else { return nil }
            texts[property.camelCase] = property.text(neutral)
        }
        return texts
    }

    /// What CSS animations cannot say: every easing there is a keyframe's, so an effect easing
    /// survives only over a single linear interval (where it becomes that interval's easing).
    static func cssLimits(_ keyframes: inout [WebKeyframe], _ timing: inout WebTiming) -> String? {
        if timing.iterationStart != 0 { return "iterationStart (CSS has none)" }
        if timing.endDelay < 0 { return "a negative endDelay (CSS has none)" }
        let offsets = keyframes.map(\.offset)
        if let reason = mergedByCSS(keyframes) { return reason }
        timing.endDelay = 0
        guard timing.easing != "linear" else { return nil }
        guard keyframes.count == 2, offsets == [0, 1], keyframes[0].easing == "linear" else {
            return "an effect easing over several keyframes (CSS eases each keyframe interval)"
        }
        // Before the delay, an effect's steps() see the before flag; a keyframe's do not.
        if timing.easing.hasPrefix("steps"), timing.fill == "backwards" || timing.fill == "both" {
            return "steps() filling backwards (CSS keyframe easings have no before flag)"
        }
        keyframes[0].easing = timing.easing
        timing.easing = "linear"
        return nil
    }

    /// CSS merges keyframes at one offset whose timing functions are the same, later values
    /// winning, where Web Animations keeps each (a property set twice at one offset jumps there).
    /// They differ only when two such keyframes set one property; ones with different timing
    /// functions stay apart in CSS too (CSS Animations 2), and ones setting different properties
    /// give each property the same keyframes either way.
    private static func mergedByCSS(_ keyframes: [WebKeyframe]) -> String? {
        for (index, frame) in keyframes.enumerated() {
            for other in keyframes[(index + 1)...] where other.offset == frame.offset {
                let sameEasing = (try? TimingFunction(parsing: frame.easing)) == (try? TimingFunction(parsing: other.easing))
                if sameEasing, !Set(frame.values.keys).isDisjoint(with: other.values.keys) {
                    return "two keyframes at one offset with one timing function that set one property (CSS merges them)"
                }
            }
        }
        return nil
    }

    // MARK: Core Animation

    /// - Parameter group: the timing of the group the leaf runs in (its clock), nil at the top level.
    static func coreAnimation(_ leaf: CoreAnimationModel, in group: MediaTiming?, target: ExportTarget, engines: BrowserEngines = .all) -> Outcome {
        func fail(_ reason: String) -> Outcome { .failure(.init(reason: reason)) }
        guard let keyPath = leaf.keyPath, let property = try? WebProperty(keyPath.property.name) else {
            return fail("\(leaf.keyPath?.path ?? "?") has no CSS form")
        }
        let media = leaf.timing
        if leaf.cumulative { return fail("cumulative (the web has no iteration composition)") }
        if media.timeOffset != 0 { return fail("timeOffset (the web has no wrap-around)") }
        if media.speed <= 0 { return fail("a speed of 0 or less") }
        guard let effectEasing = media.timingFunction.cssText else { return fail("a spring timing function") }
        var composite = "replace"
        if leaf.additive {
            switch keyPath.component {
            case .whole where property.unit != .color:
                composite = "add"
            case .translation, .translationX, .translationY, .translationZ, .rotationX, .rotationY, .rotationZ:
                composite = "add"  // on an element without a transform of its own, as `sample` assumes
            default:
                return fail("additive \(keyPath.path) (the web multiplies where Core Animation adds)")
            }
        }

        var keyframes: [WebKeyframe] = []
        func text(_ value: AnimationValue) -> String? {
            // CSS refuses what is out of a property's range (a negative radius), dropping the keyframe.
            if keyPath.component == .whole, case .number(let n) = value, !property.accepts(n) { return nil }
            return componentText(value, keyPath: keyPath, property: property)
        }
        switch leaf.body {
        case .basic(let ends):
            if ends.from == nil, ends.to == nil { return fail("byValue alone (relative to a model value the export does not know)") }
            // A missing end is the model value: the element's own style (an implicit keyframe).
            let resolved = resolveEnds(ends)
            if let from = resolved.from {
                guard let t = text(from) else { return fail("a value with no CSS form") }
                keyframes.append(WebKeyframe(offset: 0, values: [property.camelCase: t]))
            }
            if let to = resolved.to {
                guard let t = text(to) else { return fail("a value with no CSS form") }
                keyframes.append(WebKeyframe(offset: 1, values: [property.camelCase: t]))
            }
        case .keyframe(let frames):
            switch frames.calculationMode {
            case .linear: keyframes = linearKeyframes(frames, property: property, text: text) ?? []
            case .discrete:
                // Core Animation picks a value for any progress; the web's steps() extrapolate
                // when an overshooting easing takes the progress outside 0…1.
                guard media.timingFunction.staysWithinUnitInterval else { return fail("an overshooting easing over discrete values") }
                keyframes = discreteKeyframes(frames, property: property, text: text) ?? []
            case .paced:
                // Constant speed: each value at the key time its distance along the path gives,
                // as the engine measures it, and straight between (Core Animation ignores the
                // key times and timing functions given).
                var linear = frames
                linear.keyTimes = KeyframeTrack.pacedOffsets(frames.values)
                linear.timingFunctions = nil
                linear.calculationMode = .linear
                keyframes = linearKeyframes(linear, property: property, text: text) ?? []
            case .cubic, .cubicPaced: return fail("the \(frames.calculationMode.rawValue) calculation mode")
            }
            if keyframes.isEmpty { return fail("a value or timing function with no CSS form") }
        case .spring: return fail("a spring")
        case .group: return fail("a nested group")
        }

        let ownBackwards = media.fillMode == .backwards || media.fillMode == .both
        let ownForwards = (media.fillMode == .forwards || media.fillMode == .both) && !media.removedOnCompletion
        var delay = media.beginTime
        var backwards = ownBackwards
        let activeEnd = media.beginTime + media.duration * media.effectTiming.iterations / media.speed
        if let group {
            let groupBackwards = group.fillMode == .backwards || group.fillMode == .both
            let groupForwards = (group.fillMode == .forwards || group.fillMode == .both) && !group.removedOnCompletion
            guard group.speed == 1, group.timeOffset == 0, group.repeatCount == 0, group.repeatDuration == 0, !group.autoreverses,
                group.timingFunction == .linear, group.duration > 0
            else {
                return fail("a group with its own repeats, speed, offset or easing")
            }
            guard activeEnd <= group.duration + 1e-12 else { return fail("a child clipped by its group") }
            guard !ownForwards || groupForwards else { return fail("a child that fills forwards in a group that does not") }
            if media.beginTime == 0 {
                backwards = groupBackwards
            } else if ownBackwards && !groupBackwards {
                return fail("a child that fills backwards in a group that does not")
            }
            delay += group.beginTime
        }
        var timing = WebTiming(
            delay: delay * 1000, duration: media.duration / media.speed * 1000, iterations: media.effectTiming.iterations,
            direction: media.autoreverses ? "alternate" : "normal",
            fill: WebTiming.fill(backwards: backwards, forwards: ownForwards), easing: effectEasing)
        if target == .css, let reason = cssLimits(&keyframes, &timing) { return fail(reason) }
        // What an engine would interpolate otherwise: values out of range, transforms through
        // matrices, offsets one in single precision.
        if keyPath.component == .whole, let reason = departure(leaf, property: keyPath.property, engines: engines) { return fail(reason) }
        if let reason = EngineAgreement.departure(offsets: keyframes.map(\.offset), target: target)?.reason(for: engines) { return fail(reason) }
        return .success(
            WebAnimation(
                keyframes: keyframes, timing: timing, composite: composite,
                properties: [keyPath.property.name], fidelity: .exact))
    }

    /// Why some engine of `engines` would show a whole-property leaf otherwise.
    private static func departure(_ leaf: CoreAnimationModel, property: AnimatableProperty, engines: BrowserEngines) -> String? {
        var values: [AnimationValue]
        switch leaf.body {
        case .basic(let ends):
            // A missing end is the element's own value: no transform, as `catalog sample` assumes.
            let resolved = resolveEnds(ends), own: AnimationValue? = property.kind == .transform ? .transform([]) : nil
            values = [resolved.from ?? own, resolved.to ?? own].compactMap { $0 }
        case .keyframe(let frames): values = frames.values
        default: return nil
        }
        for value in values {
            if let reason = EngineAgreement.departure(value: value, property: property)?.reason(for: engines) { return reason }
        }
        // Discrete values switch; they do not interpolate.
        if case .keyframe(let frames) = leaf.body, frames.calculationMode == .discrete { return nil }
        for (a, b) in zip(values, values.dropFirst()) {
            if let reason = EngineAgreement.departure(transformFrom: a, to: b)?.reason(for: engines) { return reason }
        }
        return nil
    }

    /// from/to of a basic animation; nil stands for the model value (the element's own style).
    private static func resolveEnds(_ ends: CoreAnimationModel.Ends) -> (from: AnimationValue?, to: AnimationValue?) {
        switch (ends.from, ends.to, ends.by) {
        case (let f?, let t?, _): return (f, t)
        case (let f?, nil, let b?): return (f, add(f, b))
        case (nil, let t?, let b?): return (subtract(t, b), t)
        case (let f?, nil, nil): return (f, nil)
        case (nil, let t?, nil): return (nil, t)
        default: return (nil, nil)
        }
    }

    private static func add(_ a: AnimationValue, _ b: AnimationValue) -> AnimationValue {
        AnimatedValue(a).adding(AnimatedValue(b)).animationValue
    }

    private static func subtract(_ a: AnimationValue, _ b: AnimationValue) -> AnimationValue {
        AnimatedValue(a).subtracting(AnimatedValue(b)).animationValue
    }

    private static func linearKeyframes(
        _ frames: CoreAnimationModel.Keyframes, property: WebProperty,
        text: (AnimationValue) -> String?
    ) -> [WebKeyframe]? {
        let n = frames.values.count
        guard n > 0 else { return nil }
        let times = frames.keyTimes ?? (0..<n).map { n == 1 ? 0 : Double($0) / Double(n - 1) }
        var keyframes: [WebKeyframe] = []
        for (index, value) in frames.values.enumerated() {
            let easing = index < n - 1 ? (frames.timingFunctions?[index] ?? .linear) : .linear
            guard let css = easing.cssText, let t = text(value) else { return nil }
            keyframes.append(WebKeyframe(offset: times[index], easing: css, values: [property.camelCase: t]))
        }
        // Core Animation holds the first and last values outside the key times; the web would
        // interpolate from the element's own value there.
        if let first = keyframes.first, first.offset > 0 { keyframes.insert(WebKeyframe(offset: 0, values: first.values), at: 0) }
        if let last = keyframes.last, last.offset < 1 { keyframes.append(WebKeyframe(offset: 1, values: last.values)) }
        return keyframes
    }

    /// Value i from key time i until key time i + 1: each keyframe holds with `steps(1, jump-end)`.
    private static func discreteKeyframes(
        _ frames: CoreAnimationModel.Keyframes, property: WebProperty,
        text: (AnimationValue) -> String?
    ) -> [WebKeyframe]? {
        let n = frames.values.count
        guard n > 0 else { return nil }
        let times = frames.keyTimes ?? (0...n).map { Double($0) / Double(n) }
        var keyframes: [WebKeyframe] = []
        for index in 0..<min(n, times.count) {
            guard let t = text(frames.values[index]) else { return nil }
            keyframes.append(WebKeyframe(offset: times[index], easing: "steps(1, jump-end)", values: [property.camelCase: t]))
        }
        if let first = keyframes.first, first.offset > 0 { keyframes.insert(WebKeyframe(offset: 0, values: first.values), at: 0) }
        if let last = keyframes.last, last.offset < 1 { keyframes.append(WebKeyframe(offset: 1, values: last.values)) }
        return keyframes
    }

    /// A key path's value as the whole CSS property, assuming (as `catalog sample` does) that
    /// the element's own transform is the identity.
    static func componentText(_ value: AnimationValue, keyPath: AnimationKeyPath, property: WebProperty) -> String? {
        let t = CSSNumber.text
        switch (keyPath.component, value) {
        case (.whole, _): return property.text(value)
        case (.scale, .number(let s)): return "scale3d(\(t(s)), \(t(s)), \(t(s)))"
        case (.scaleX, .number(let s)): return "scale3d(\(t(s)), 1, 1)"
        case (.scaleY, .number(let s)): return "scale3d(1, \(t(s)), 1)"
        case (.scaleZ, .number(let s)): return "scale3d(1, 1, \(t(s)))"
        case (.rotationX, .number(let a)): return "rotate3d(1, 0, 0, \(t(a))rad)"
        case (.rotationY, .number(let a)): return "rotate3d(0, 1, 0, \(t(a))rad)"
        case (.rotationZ, .number(let a)): return "rotate3d(0, 0, 1, \(t(a))rad)"
        case (.translation, .size(let s)): return "translate3d(\(t(s.width))px, \(t(s.height))px, 0px)"
        case (.translationX, .number(let x)): return "translate3d(\(t(x))px, 0px, 0px)"
        case (.translationY, .number(let y)): return "translate3d(0px, \(t(y))px, 0px)"
        case (.translationZ, .number(let z)): return "translate3d(0px, 0px, \(t(z))px)"
        default: return nil
        }
    }
}

extension TimingFunction {
    /// Whether the output never leaves 0…1 (no overshoot).
    var staysWithinUnitInterval: Bool {
        switch self {
        case .linear, .steps: true
        case .cubicBezier(_, let y1, _, let y2): (0...1).contains(y1) && (0...1).contains(y2)
        case .piecewiseLinear(let stops): stops.allSatisfy { (0...1).contains($0.output) }
        case .spring: false
        }
    }
}
