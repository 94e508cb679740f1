/// The `$value` shapes of the DTCG types the catalog reads, checked once aliases are resolved:
/// `duration` `{"value": N, "unit": "ms" | "s"}` (N ≥ 0), `cubicBezier` `[x1, y1, x2, y2]` with
/// both x in [0, 1], `transition` `{"duration", "delay", "timingFunction"}` of those, `number` a
/// number, `dimension` `{"value": N, "unit": "px" | "rem"}`. Other types are kept as written.
///
/// ```swift
/// try TokenValueShape.check(["value": 240, "unit": "ms"], as: .duration, file: "m.tokens.json", path: "motion.slow")
/// ```
package enum TokenValueShape {
    /// Checks a resolved `$value` against `type`'s shape; the error names `path` and the rule.
    package static func check(_ value: JSONValue, as type: TokenType, file: String, path: String) throws(DefinitionError) {
        func fail(_ rule: String, _ at: String = path) -> DefinitionError { DefinitionError(file: file, path: at, rule: rule) }
        switch type {
        case .duration:
            _ = try seconds(value, file: file, path: path)
        case .cubicBezier:
            _ = try bezier(value, file: file, path: path)
        case .transition:
            guard case .object(let members) = value else { throw fail("a transition is {\"duration\", \"delay\", \"timingFunction\"}") }
            for key in members.keys where !["duration", "delay", "timingFunction"].contains(key) {
                throw fail("is not a member of a transition (duration, delay, timingFunction)", "\(path).\(key)")
            }
            for key in ["duration", "delay", "timingFunction"] where members[key] == nil {
                throw fail("a transition needs duration, delay and timingFunction; \(key) is missing")
            }
            _ = try seconds(members["duration"]!, file: file, path: "\(path).duration")
            _ = try seconds(members["delay"]!, file: file, path: "\(path).delay")
            _ = try bezier(members["timingFunction"]!, file: file, path: "\(path).timingFunction")
        case .number:
            guard let number = value.numberValue, number.isFinite else { throw fail("a number token's $value is a number") }
        case .dimension:
            guard case .object(let members) = value, members.count == 2, let number = members["value"]?.numberValue, number.isFinite,
                let unit = members["unit"]?.stringValue, unit == "px" || unit == "rem"
            else {
                throw fail("a dimension is {\"value\": NUMBER, \"unit\": \"px\" or \"rem\"}")
            }
        default:
            break
        }
    }

    /// A duration `$value` in seconds.
    package static func seconds(_ value: JSONValue, file: String, path: String) throws(DefinitionError) -> Double {
        guard case .object(let members) = value, members.count == 2, let number = members["value"]?.numberValue,
            let unit = members["unit"]?.stringValue
        else {
            throw DefinitionError(file: file, path: path, rule: "a duration is {\"value\": NUMBER, \"unit\": \"ms\" or \"s\"}")
        }
        guard unit == "ms" || unit == "s" else { throw DefinitionError(file: file, path: "\(path).unit", rule: "must be \"ms\" or \"s\", not \"\(unit)\"") }
        let seconds = unit == "ms" ? number / 1000 : number
        guard number >= 0, NumericLimits.problem(duration: seconds, allowNegative: false) == nil else {
            throw DefinitionError(
                file: file, path: "\(path).value", rule: "a duration is 0 or more, at most \(JSONValue.numberText(NumericLimits.maximumTime)) s")
        }
        return seconds
    }

    /// A cubicBezier `$value`'s four numbers.
    package static func bezier(_ value: JSONValue, file: String, path: String) throws(DefinitionError) -> [Double] {
        guard let items = value.arrayValue, items.count == 4, case let numbers = items.compactMap(\.numberValue), numbers.count == 4,
            numbers.allSatisfy({ $0.isFinite && abs($0) <= NumericLimits.maximumEasingOutput })
        else {
            throw DefinitionError(file: file, path: path, rule: "a cubicBezier is [x1, y1, x2, y2], four numbers")
        }
        guard (0...1).contains(numbers[0]), (0...1).contains(numbers[2]) else {
            throw DefinitionError(file: file, path: path, rule: "a cubicBezier's x1 and x2 are from 0 to 1")
        }
        return numbers
    }
}
