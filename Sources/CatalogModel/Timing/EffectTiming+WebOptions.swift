extension EffectTiming {
    /// Reads the `options` of `Element.animate()` (milliseconds, as the Web API has them) into
    /// seconds. Unknown keys, wrong types and out-of-range values are refused with their path.
    ///
    /// ```swift
    /// let options: JSONValue = ["duration": 200, "fill": "forwards", "easing": "ease-out"]
    /// let timing = try EffectTiming(webOptions: options, file: "pop.json", path: FieldPath("options"))
    /// timing.duration   // 0.2
    /// ```
    package init(webOptions options: JSONValue, file: String, path: FieldPath) throws(DefinitionError) {
        self.init()
        // A bare number is the duration, as `Element.animate(keyframes, 200)` accepts.
        if let milliseconds = options.numberValue {
            duration = try Self.milliseconds(milliseconds, file: file, path: path, allowNegative: false)
            return
        }
        guard case .object(let members) = options else {
            throw DefinitionError(file: file, path: path.description, rule: "must be an object of timing options or a duration in milliseconds")
        }
        for (key, value) in members.sorted(by: { $0.key < $1.key }) {
            let field = path.appending(key)
            func number() throws(DefinitionError) -> Double {
                guard let n = value.numberValue else { throw DefinitionError(file: file, path: field.description, rule: "must be a number") }
                return n
            }
            func text() throws(DefinitionError) -> String {
                guard let s = value.stringValue else { throw DefinitionError(file: file, path: field.description, rule: "must be a string") }
                return s
            }
            switch key {
            case "delay": delay = try Self.milliseconds(try number(), file: file, path: field, allowNegative: true)
            case "endDelay": endDelay = try Self.milliseconds(try number(), file: file, path: field, allowNegative: true)
            case "duration":
                if value.stringValue == "auto" {
                    duration = 0
                } else {
                    duration = try Self.milliseconds(try number(), file: file, path: field, allowNegative: false)
                }
            case "iterations":
                let n = value.stringValue == "Infinity" ? Double.infinity : try number()
                guard n >= 0, !n.isNaN, n.isInfinite || n <= NumericLimits.maximumRepeats else {
                    throw DefinitionError(
                        file: file, path: field.description, rule: "must be from 0 to \(JSONValue.numberText(NumericLimits.maximumRepeats)), or Infinity")
                }
                iterations = n
            case "iterationStart":
                let n = try number()
                guard n >= 0, n <= NumericLimits.maximumRepeats else {
                    throw DefinitionError(file: file, path: field.description, rule: "must be from 0 to \(JSONValue.numberText(NumericLimits.maximumRepeats))")
                }
                iterationStart = n
            case "fill":
                guard let fill = Fill(rawValue: try text()) else {
                    throw DefinitionError(file: file, path: field.description, rule: "must be one of none, forwards, backwards, both, auto")
                }
                self.fill = fill
            case "direction":
                guard let direction = Direction(rawValue: try text()) else {
                    throw DefinitionError(file: file, path: field.description, rule: "must be one of normal, reverse, alternate, alternate-reverse")
                }
                self.direction = direction
            case "easing":
                let source = try text()
                do throws(TimingFunctionError) { easing = try TimingFunction(parsing: source) } catch {
                    throw DefinitionError(file: file, path: field.description, rule: error.message)
                }
            default:
                throw DefinitionError(
                    file: file, path: field.description,
                    rule: "unknown timing option (expected delay, endDelay, fill, iterationStart, iterations, duration, direction, easing)")
            }
        }
    }

    private static func milliseconds(_ value: Double, file: String, path: FieldPath, allowNegative: Bool) throws(DefinitionError) -> Double {
        let seconds = value / 1000
        guard value.isFinite, allowNegative || value >= 0, NumericLimits.problem(duration: seconds, allowNegative: allowNegative) == nil else {
            throw DefinitionError(
                file: file, path: path.description,
                rule: allowNegative
                    ? "must be milliseconds within ±\(JSONValue.numberText(NumericLimits.maximumTime * 1000))"
                    : "must be 0 or from 0.001 to \(JSONValue.numberText(NumericLimits.maximumTime * 1000)) milliseconds")
        }
        return seconds
    }
}
