import Foundation

extension CoreAnimationModel {
    static let timingFields: Set<String> = [
        "duration", "beginTime", "timeOffset", "speed", "repeatCount", "repeatDuration",
        "autoreverses", "fillMode", "removedOnCompletion", "timingFunction", "additive", "cumulative"
    ]
    static let fieldsByType: [String: Set<String>] = [
        "basic": ["keyPath", "fromValue", "toValue", "byValue"],
        "keyframe": ["keyPath", "values", "keyTimes", "timingFunctions", "calculationMode", "tensionValues", "continuityValues", "biasValues"],
        "spring": [
            "keyPath", "fromValue", "toValue", "byValue", "mass", "stiffness", "damping", "initialVelocity",
            "allowsOverdamping", "perceptualDuration", "bounce"
        ],
        "group": ["animations"]
    ]

    /// Reads an `animation:` body (parameters already substituted), checking every field against
    /// Core Animation's rules; errors name the file, the field path and the rule. Transform
    /// percentages resolve against `box`.
    package init(json: JSONValue, file: String, path: FieldPath, box: ReferenceBox? = nil) throws(DefinitionError) {
        let reader = try FieldReader(json, file: file, path: path)
        guard let type = try reader.string("type") else { throw reader.error("type", "is required: basic, keyframe, spring or group") }
        guard let own = Self.fieldsByType[type] else {
            throw reader.error("type", "unknown animation type \"\(type)\" (expected basic, keyframe, spring or group)")
        }
        try reader.rejectUnknown(allowed: own.union(Self.timingFields).union(["type"]))

        var keyPath: AnimationKeyPath?
        if type != "group" {
            guard let text = try reader.string("keyPath") else { throw reader.error("keyPath", "is required for a \(type) animation") }
            guard let parsed = AnimationKeyPath(text) else {
                throw reader.error("keyPath", "unknown key path \"\(text)\" (animatable: \(AnimationKeyPath.allPaths.joined(separator: ", ")))")
            }
            keyPath = parsed
        }

        // A duration may be a motion token (md.sys.motion.duration.medium2, carbon.motion.duration.fast-01).
        var duration = Self.defaultDuration
        if let token = reader.members["duration"]?.stringValue {
            guard let seconds = MotionTokens.durations[token] else {
                throw reader.error(
                    "duration", "unknown duration token \"\(token)\" (a number of seconds, or md.sys.motion.duration.* / carbon.motion.duration.*)")
            }
            duration = seconds
        } else if let seconds = try reader.number("duration", minimum: 0) {
            duration = seconds
        }
        var timing = MediaTiming(duration: duration)
        timing.beginTime = try reader.number("beginTime") ?? 0
        timing.timeOffset = try reader.number("timeOffset") ?? 0
        timing.speed = try reader.number("speed", minimum: 0) ?? 1
        timing.repeatCount = try reader.number("repeatCount", minimum: 0, allowInfinity: true) ?? 0
        timing.repeatDuration = try reader.number("repeatDuration", minimum: 0) ?? 0
        // Limits that keep every derived time finite (see NumericLimits).
        for (key, value, signed) in [
            ("duration", duration, false), ("beginTime", timing.beginTime, true),
            ("timeOffset", timing.timeOffset, true), ("repeatDuration", timing.repeatDuration, false)
        ]
        where reader.members[key] != nil {
            if let problem = NumericLimits.problem(duration: value, allowNegative: signed) { throw reader.error(key, problem) }
        }
        if timing.speed > NumericLimits.maximumSpeed { throw reader.error("speed", "must be from 0 to \(JSONValue.numberText(NumericLimits.maximumSpeed))") }
        if timing.repeatCount.isFinite, timing.repeatCount > NumericLimits.maximumRepeats {
            throw reader.error("repeatCount", "must be from 0 to \(JSONValue.numberText(NumericLimits.maximumRepeats)), or .inf")
        }
        if timing.repeatCount > 0, timing.repeatDuration > 0 {
            throw reader.error("repeatDuration", "set repeatCount or repeatDuration, not both (Core Animation leaves the pair undefined)")
        }
        timing.autoreverses = try reader.bool("autoreverses") ?? false
        timing.removedOnCompletion = try reader.bool("removedOnCompletion") ?? true
        if let fill = try reader.string("fillMode") {
            guard let mode = MediaTiming.FillMode(rawValue: fill) else { throw reader.error("fillMode", "must be one of removed, forwards, backwards, both") }
            timing.fillMode = mode
        }
        if let function = reader.members["timingFunction"] {
            timing.timingFunction = try Self.timingFunction(function, reader: reader, field: reader.path.appending("timingFunction"))
        }
        let additive = try reader.bool("additive") ?? false
        let cumulative = try reader.bool("cumulative") ?? false

        let body: Body
        switch type {
        case "basic":
            body = .basic(try Self.ends(reader, keyPath!, box: box))
        case "spring":
            let ends = try Self.ends(reader, keyPath!, box: box)
            let spring = try Self.spring(reader)
            body = .spring(ends, spring)
        case "keyframe":
            body = .keyframe(try Self.keyframes(reader, keyPath!, box: box))
        default:
            guard case .array(let items)? = reader.members["animations"], !items.isEmpty else {
                throw reader.error("animations", "must be a non-empty list of animations")
            }
            var children: [CoreAnimationModel] = []
            for (index, item) in items.enumerated() {
                children.append(try CoreAnimationModel(json: item, file: file, path: reader.path.appending("animations").appending(index: index), box: box))
            }
            body = .group(children)
        }
        self.init(keyPath: keyPath, body: body, timing: timing, additive: additive, cumulative: cumulative)
        // A spring without a duration runs until it settles, as apps set duration = settlingDuration.
        durationIsSettlingDuration = type == "spring" && reader.members["duration"] == nil
    }

    private static func timingFunction(_ json: JSONValue, reader: FieldReader, field: FieldPath) throws(DefinitionError) -> TimingFunction {
        if case .object = json {
            // A spring as an easing.
            let springReader = try FieldReader(json, file: reader.file, path: field)
            try springReader.rejectUnknown(allowed: ["mass", "stiffness", "damping", "initialVelocity", "allowsOverdamping", "perceptualDuration", "bounce"])
            return .spring(try spring(springReader))
        }
        do throws(TimingFunctionError) {
            if let text = json.stringValue { return try TimingFunction(parsing: text) }
            if case .array(let items) = json {
                return try TimingFunction(controlPoints: items.compactMap(\.numberValue).count == items.count ? items.map { $0.numberValue! } : [])
            }
        } catch {
            throw DefinitionError(file: reader.file, path: field.description, rule: error.message)
        }
        throw DefinitionError(
            file: reader.file, path: field.description, rule: "must be a timing function name, a CSS easing, 4 control-point numbers or a spring mapping")
    }

    private static func ends(_ reader: FieldReader, _ keyPath: AnimationKeyPath, box: ReferenceBox?) throws(DefinitionError) -> Ends {
        var ends = Ends()
        ends.from = try reader.members["fromValue"].map { (v: JSONValue) throws(DefinitionError) in
            try AnimationValue(json: v, kind: keyPath.valueKind, file: reader.file, path: reader.path.appending("fromValue"), box: box)
        }
        ends.to = try reader.members["toValue"].map { (v: JSONValue) throws(DefinitionError) in
            try AnimationValue(json: v, kind: keyPath.valueKind, file: reader.file, path: reader.path.appending("toValue"), box: box)
        }
        ends.by = try reader.members["byValue"].map { (v: JSONValue) throws(DefinitionError) in
            try AnimationValue(json: v, kind: keyPath.valueKind, file: reader.file, path: reader.path.appending("byValue"), box: box)
        }
        if ends.from != nil, ends.to != nil, ends.by != nil {
            throw reader.error("byValue", "at most two of fromValue, toValue and byValue may be set")
        }
        if ends.by != nil, keyPath.valueKind == .discrete || keyPath.valueKind == .color {
            throw reader.error("byValue", "byValue needs values that add up (numbers, geometry, transforms)")
        }
        return ends
    }

    private static func spring(_ reader: FieldReader) throws(DefinitionError) -> SpringParameters {
        let perceptual = try reader.number("perceptualDuration", minimum: 0)
        let bounce = try reader.number("bounce")
        let physical = ["mass", "stiffness", "damping"].filter { reader.members[$0] != nil }
        var spring: SpringParameters
        if let perceptual {
            guard perceptual > 0 else { throw reader.error("perceptualDuration", "must be more than 0") }
            if let first = physical.first { throw reader.error(first, "give perceptualDuration/bounce or mass/stiffness/damping, not both") }
            let b = bounce ?? 0
            guard b > -1, b <= 1 else { throw reader.error("bounce", "must be more than −1 and at most 1") }
            spring = SpringParameters(perceptualDuration: perceptual, bounce: b)
        } else {
            if bounce != nil { throw reader.error("bounce", "goes with perceptualDuration") }
            spring = SpringParameters()
            if let mass = try reader.number("mass") {
                guard mass > 0 else { throw reader.error("mass", "must be more than 0") }
                spring.mass = mass
            }
            if let stiffness = try reader.number("stiffness") {
                guard stiffness > 0 else { throw reader.error("stiffness", "must be more than 0") }
                spring.stiffness = stiffness
            }
            spring.damping = try reader.number("damping", minimum: 0) ?? spring.damping
        }
        spring.initialVelocity = try reader.number("initialVelocity") ?? 0
        spring.allowsOverdamping = try reader.bool("allowsOverdamping") ?? spring.allowsOverdamping
        // Every accepted spring settles, in bounded time: its slowest decay rate, and how far its
        // initial velocity can carry it, bound the settling duration.
        for (key, value) in [("mass", spring.mass), ("stiffness", spring.stiffness), ("damping", spring.damping)]
        where reader.members[key] != nil && !(1e-6...1e6).contains(value) {
            throw reader.error(key, "must be from 0.000001 to 1000000")
        }
        if let perceptual, !(0.01...100).contains(perceptual) { throw reader.error("perceptualDuration", "must be from 0.01 to 100 seconds") }
        guard abs(spring.initialVelocity) <= 1e4 else { throw reader.error("initialVelocity", "must be from -10000 to 10000 (distances per second)") }
        let settling = spring.settlingBound
        guard settling <= NumericLimits.maximumSettlingDuration else {
            let field = reader.members["damping"] != nil ? "damping" : perceptual != nil ? "perceptualDuration" : "stiffness"
            throw reader.error(
                field,
                settling.isFinite
                    ? "the spring would take about \(JSONValue.numberText(settling.rounded())) s to settle (at most \(JSONValue.numberText(NumericLimits.maximumSettlingDuration)) s): damp it more or stiffen it"
                    : "the spring never settles (no damping): give damping more than 0")
        }
        return spring
    }

    private static func keyframes(_ reader: FieldReader, _ keyPath: AnimationKeyPath, box: ReferenceBox?) throws(DefinitionError) -> Keyframes {
        guard case .array(let items)? = reader.members["values"], !items.isEmpty else {
            throw reader.error("values", "must be a non-empty list of values for \(keyPath.path)")
        }
        var values: [AnimationValue] = []
        for (index, item) in items.enumerated() {
            values.append(
                try AnimationValue(
                    json: item, kind: keyPath.valueKind, file: reader.file, path: reader.path.appending("values").appending(index: index), box: box))
        }
        var frames = Keyframes(values: values)
        if let mode = try reader.string("calculationMode") {
            guard let parsed = CalculationMode(rawValue: mode) else {
                throw reader.error("calculationMode", "must be one of linear, discrete, paced, cubic, cubicPaced")
            }
            frames.calculationMode = parsed
        }
        let discrete = frames.calculationMode == .discrete
        if frames.calculationMode != .linear, frames.calculationMode != .discrete, keyPath.valueKind == .discrete {
            throw reader.error(
                "calculationMode", "\(frames.calculationMode.rawValue) needs values that interpolate; \(keyPath.path) only switches (use discrete)")
        }

        if let times = try reader.numbers("keyTimes") {
            let expected = discrete ? values.count + 1 : values.count
            guard times.count == expected else {
                throw reader.error(
                    "keyTimes",
                    "has \(times.count) entries for \(values.count) values; \(discrete ? "discrete mode takes one more key time than values" : "give one per value") (\(expected))"
                )
            }
            for (index, time) in times.enumerated() {
                let field = reader.path.appending("keyTimes").appending(index: index)
                guard (0...1).contains(time) else {
                    throw DefinitionError(file: reader.file, path: field.description, rule: "key times are fractions of the duration, from 0 to 1")
                }
                if index > 0, time < times[index - 1] {
                    throw DefinitionError(file: reader.file, path: field.description, rule: "key times must not decrease (\(time) after \(times[index - 1]))")
                }
            }
            frames.keyTimes = times
        }
        if case .array(let functions)? = reader.members["timingFunctions"] {
            let segments = discrete ? values.count : values.count - 1
            guard functions.count == segments else {
                throw reader.error("timingFunctions", "has \(functions.count) entries; give one per segment (\(segments))")
            }
            var parsed: [TimingFunction] = []
            for (index, function) in functions.enumerated() {
                parsed.append(try timingFunction(function, reader: reader, field: reader.path.appending("timingFunctions").appending(index: index)))
            }
            frames.timingFunctions = parsed
        } else if reader.members["timingFunctions"] != nil {
            throw reader.error("timingFunctions", "must be a list of timing functions")
        }
        for (key, assign) in [("tensionValues", \Keyframes.tension), ("continuityValues", \Keyframes.continuity), ("biasValues", \Keyframes.bias)] {
            guard let numbers = try reader.numbers(key) else { continue }
            guard numbers.count == values.count else { throw reader.error(key, "has \(numbers.count) entries; give one per value (\(values.count))") }
            // Kochanek–Bartels parameters live in [-1, 1]; beyond it a spline's tangents overflow
            // (a tension of 1e308 sampled NaN), so what is accepted always samples finitely.
            if let index = numbers.firstIndex(where: { !(-1...1).contains($0) }) {
                throw DefinitionError(
                    file: reader.file, path: reader.path.appending(key).appending(index: index).description,
                    rule: "must be from -1 to 1 (a Kochanek–Bartels \(key.dropLast("Values".count)))")
            }
            frames[keyPath: assign] = numbers
        }
        return frames
    }
}

extension AnimationValue {
    /// Reads a value of the given kind from a definition: numbers plain, geometry as number
    /// lists, colours as CSS strings or `[r, g, b(, a)]` in 0…1, transforms as CSS strings or 16
    /// numbers (CATransform3D order), anything discrete as it is.
    package init(json: JSONValue, kind: AnimatableProperty.ValueKind, file: String, path: FieldPath, box: ReferenceBox? = nil) throws(DefinitionError) {
        func fail(_ rule: String) -> DefinitionError { DefinitionError(file: file, path: path.description, rule: rule) }
        switch kind {
        case .number, .length:
            guard let n = json.numberValue, n.isFinite else { throw fail("must be a number") }
            self = .number(n)
        case .color:
            if let text = json.stringValue {
                do throws(CSSValueError) { self = .color(try RGBAColor(css: text)) } catch { throw fail(error.message) }
            } else {
                do { self = try PropertyValue(json: json, as: .color).colorValue.map(AnimationValue.color)! } catch { throw fail(error.description) }
            }
        case .transform:
            if let text = json.stringValue {
                do throws(CSSValueError) { self = .transform(try TransformFunction.list(css: text, box: box)) } catch { throw fail(error.message) }
            } else {
                do { self = .matrix(try PropertyValue(json: json, as: .transform).transformValue!) } catch {
                    throw fail("must be a CSS transform or 16 numbers (m11 … m44)")
                }
            }
        case .point, .size, .rect:
            let type: ValueType = kind == .point ? .point : kind == .size ? .size : .rect
            let value: PropertyValue
            do { value = try PropertyValue(json: json, as: type) } catch { throw fail(error.description) }
            switch value {
            case .point(let p): self = .point(p)
            case .size(let s): self = .size(s)
            case .rect(let r): self = .rect(r)
            default: throw fail("must be \(type.rawValue)")
            }
        case .discrete:
            switch json {
            case .bool(let b): self = .discrete(.bool(b))
            case .string(let s): self = .discrete(.string(s))
            case .number(let n): self = .discrete(.number(n))
            default: throw fail("must be a string, number or boolean")
            }
        }
        if let problem = NumericLimits.problem(value: self) { throw fail(problem) }
    }
}

extension PropertyValue {
    var colorValue: RGBAColor? { if case .color(let c) = self { c } else { nil } }
    var transformValue: Transform3D? { if case .transform(let t) = self { t } else { nil } }
}
