extension KeyframeEffectModel {
    /// Imports the Web Animations body — `keyframes` as `Element.animate()` takes them (a list of
    /// keyframe objects, or one object of property → list of values) and its `options` — checking
    /// every field: offsets are numbers in [0, 1] that never decrease, easings parse, properties are
    /// known and their values parse for the property.
    ///
    /// ```swift
    /// let model = try KeyframeEffectModel(
    ///     webKeyframes: [["opacity": 0], ["opacity": 1, "easing": "ease-out"]],
    ///     options: ["duration": 250], file: "fade.json")
    /// ```
    package init(
        webKeyframes keyframes: JSONValue, options: JSONValue?, file: String,
        path: FieldPath = FieldPath(), box: ReferenceBox? = nil
    ) throws(DefinitionError) {
        let timing =
            try options.map { (o: JSONValue) throws(DefinitionError) in
                try EffectTiming(webOptions: o, file: file, path: path.appending("options"))
            } ?? EffectTiming()
        let keyframesPath = path.appending("keyframes")
        let frames: [Keyframe]
        switch keyframes {
        case .array(let items):
            var parsed: [Keyframe] = []
            for (index, item) in items.enumerated() {
                parsed.append(try Self.webKeyframe(item, file: file, path: keyframesPath.appending(index: index), box: box))
            }
            frames = parsed
        case .object:
            frames = try Self.propertyIndexedKeyframes(keyframes, file: file, path: keyframesPath, box: box)
        default:
            throw DefinitionError(file: file, path: keyframesPath.description, rule: "must be a list of keyframes or an object of property → values")
        }

        var last = -Double.infinity
        for (index, frame) in frames.enumerated() {
            guard let offset = frame.offset else { continue }
            guard offset >= last else {
                throw DefinitionError(
                    file: file, path: keyframesPath.appending(index: index).appending("offset").description,
                    rule: "offsets must not decrease (\(offset) comes after \(last))")
            }
            last = offset
        }
        var names = Set<String>()
        for frame in frames { names.formUnion(frame.values.keys); names.formUnion(frame.underlying) }
        self.init(keyframes: frames, properties: names.map { AnimatableProperty.web($0)! }, timing: timing)
    }

    private static let propertyList = AnimatableProperty.webProperties.keys.sorted().joined(separator: ", ")

    private static func property(_ name: String, file: String, path: FieldPath) throws(DefinitionError) -> AnimatableProperty {
        guard let property = AnimatableProperty.web(name) else {
            throw DefinitionError(
                file: file, path: path.description, rule: "unknown property \"\(name)\" (animatable: \(propertyList), offset, easing, composite)")
        }
        return property
    }

    private static func value(_ json: JSONValue, of property: AnimatableProperty, file: String, path: FieldPath, box: ReferenceBox?) throws(DefinitionError)
        -> AnimationValue
    {
        let text: String
        switch json {
        case .string(let s): text = s
        case .number(let n) where property.kind == .number || property.kind == .length: text = n == 0 || property.kind == .number ? "\(n)" : "\(n)px"
        default: throw DefinitionError(file: file, path: path.description, rule: "must be a CSS value string")
        }
        let value: AnimationValue
        do throws(CSSValueError) {
            value = try AnimationValue(css: text, for: property.kind, box: box)
        } catch {
            throw DefinitionError(file: file, path: path.description, rule: error.message)
        }
        if let problem = NumericLimits.problem(value: value) { throw DefinitionError(file: file, path: path.description, rule: problem) }
        return value
    }

    private static func offset(_ json: JSONValue, file: String, path: FieldPath) throws(DefinitionError) -> Double? {
        if json == .null { return nil }
        guard let n = json.numberValue, (0...1).contains(n) else {
            throw DefinitionError(file: file, path: path.description, rule: "must be a number from 0 to 1, or null")
        }
        return n
    }

    private static func easing(_ json: JSONValue, file: String, path: FieldPath) throws(DefinitionError) -> TimingFunction {
        guard let text = json.stringValue else { throw DefinitionError(file: file, path: path.description, rule: "must be an easing string") }
        do throws(TimingFunctionError) { return try TimingFunction(parsing: text) } catch {
            throw DefinitionError(file: file, path: path.description, rule: error.message)
        }
    }

    private static func composite(_ json: JSONValue, file: String, path: FieldPath) throws(DefinitionError) {
        guard json.stringValue == "replace" || json.stringValue == "auto" else {
            throw DefinitionError(
                file: file, path: path.description,
                rule:
                    "only \"replace\" composition is supported here (a keyframe of the list form may be \"add\" with neutral values; additive effects use the Core Animation body's additive: true)"
            )
        }
    }

    /// A keyframe's own `composite`: `add` with neutral values stands for the underlying value.
    private static func keyframeComposite(_ json: JSONValue, file: String, path: FieldPath) throws(DefinitionError) -> Bool {
        if json.stringValue == "add" { return true }
        try composite(json, file: file, path: path)
        return false
    }

    private static func webKeyframe(_ json: JSONValue, file: String, path: FieldPath, box: ReferenceBox?) throws(DefinitionError) -> Keyframe {
        guard case .object(let members) = json else {
            throw DefinitionError(file: file, path: path.description, rule: "must be an object of property values")
        }
        var frame = Keyframe(values: [:])
        var adds = false
        for (key, value) in members.sorted(by: { $0.key < $1.key }) {
            let field = path.appending(key)
            switch key {
            case "offset": frame.offset = try offset(value, file: file, path: field)
            case "easing": frame.easing = try easing(value, file: file, path: field)
            case "composite": adds = try keyframeComposite(value, file: file, path: field)
            default:
                let property = try property(key, file: file, path: field)
                frame.values[key] = try Self.value(value, of: property, file: file, path: field, box: box)
            }
        }
        if adds {
            // Added to the underlying value, a neutral value is the underlying value: that is the
            // one addition the catalog takes (what an implicit keyframe with an easing is written as).
            for (name, value) in frame.values.sorted(by: { $0.key < $1.key }) {
                let property = AnimatableProperty.web(name)!
                guard property.neutralValue != nil, value.isNeutral else {
                    throw DefinitionError(
                        file: file, path: path.appending(name).description,
                        rule: property.neutralValue == nil
                            ? "\(name) is discrete: addition replaces it, so composite add cannot stand for its underlying value"
                            : "with composite add, a value must be the neutral one (0, none, transparent), which stands for the underlying value")
                }
                frame.underlying.insert(name)
            }
            frame.values = [:]
        }
        return frame
    }

    /// The property-indexed form, `{opacity: [0, 1], easing: "ease-out"}`: each property's values
    /// are spaced evenly on their own, then merged into keyframes by offset (Web Animations
    /// §"Processing a keyframes argument").
    private static func propertyIndexedKeyframes(_ json: JSONValue, file: String, path: FieldPath, box: ReferenceBox?) throws(DefinitionError) -> [Keyframe] {
        guard case .object(let members) = json else { return [] }
        func list(_ value: JSONValue) -> [JSONValue] { value.arrayValue ?? [value] }
        var byOffset: [Double: [String: AnimationValue]] = [:]
        var offsets: [Double?] = []
        var easings: [TimingFunction] = []
        for (key, value) in members.sorted(by: { $0.key < $1.key }) {
            let field = path.appending(key)
            switch key {
            case "offset":
                for (index, item) in list(value).enumerated() {
                    offsets.append(try offset(item, file: file, path: value.arrayValue == nil ? field : field.appending(index: index)))
                }
            case "easing":
                for (index, item) in list(value).enumerated() {
                    easings.append(try easing(item, file: file, path: value.arrayValue == nil ? field : field.appending(index: index)))
                }
            case "composite":
                for item in list(value) { try composite(item, file: file, path: field) }
            default:
                let property = try property(key, file: file, path: field)
                let values = list(value)
                for (index, item) in values.enumerated() {
                    let at = values.count == 1 ? 1 : Double(index) / Double(values.count - 1)
                    byOffset[at, default: [:]][key] = try Self.value(
                        item, of: property, file: file,
                        path: value.arrayValue == nil ? field : field.appending(index: index), box: box)
                }
            }
        }
        var frames = byOffset.keys.sorted().map { Keyframe(offset: $0, values: byOffset[$0]!) }
        // Explicit offsets and easings apply to the merged keyframes in order, as browsers do;
        // a shorter easing list repeats.
        for index in frames.indices {
            if index < offsets.count, let explicit = offsets[index] { frames[index].offset = explicit }
            if !easings.isEmpty { frames[index].easing = easings[index % easings.count] }
        }
        return frames
    }
}
