/// The `$value` shapes of the DTCG types the catalog reads, checked once aliases are resolved:
/// `duration` `{"value": N, "unit": "ms" | "s"}` (N ≥ 0), `cubicBezier` `[x1, y1, x2, y2]` with
/// both x in [0, 1], `transition` `{"duration", "delay", "timingFunction"}` of those, `number` a
/// number, `dimension` `{"value": N, "unit": "px" | "rem"}`, `color` a DTCG colour object
/// (`colorSpace`, three `components`, `alpha`, `hex`) or a text. Other types are kept as written.
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
            _ = try number(value, file: file, path: path)
        case .color:
            // The shape only: a colour the catalog cannot play is refused where a keyframe takes it.
            if case .string = value { break }
            guard value["colorSpace"]?.stringValue != nil, let components = value["components"]?.arrayValue, components.count == 3 else {
                throw fail("a color is {\"colorSpace\", \"components\": [three], \"alpha\"} (DTCG 2025.10) or a CSS colour text")
            }
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

    /// A number token's `$value`.
    package static func number(_ value: JSONValue, file: String, path: String) throws(DefinitionError) -> Double {
        guard let number = value.numberValue, number.isFinite, abs(number) <= NumericLimits.maximumValue else {
            throw DefinitionError(file: file, path: path, rule: "a number token's $value is a finite number")
        }
        return number
    }

    /// A dimension `$value` as a CSS length: pixels, a rem as 16 px (the browsers' default root font size).
    package static func cssLength(_ value: JSONValue, file: String, path: String) throws(DefinitionError) -> String {
        guard case .object(let members) = value, let number = members["value"]?.numberValue, number.isFinite,
            abs(number) <= NumericLimits.maximumValue, let unit = members["unit"]?.stringValue
        else {
            throw DefinitionError(file: file, path: path, rule: "a dimension is {\"value\": NUMBER, \"unit\": \"px\" or \"rem\"}")
        }
        return JSONValue.numberText(unit == "rem" ? number * 16 : number) + "px"
    }

    /// A colour `$value` as CSS text the engine reads: a DTCG 2025.10 colour in `srgb` (as
    /// `rgb()`) or `hsl` (as `hsl()`), another space by its `hex` fallback, or a CSS colour text
    /// as older token files write it (`"#0b57d0"`).
    ///
    /// ```swift
    /// try TokenValueShape.cssColor(["colorSpace": "srgb", "components": [1, 0.5, 0], "alpha": 0.5], file: "c.tokens.json", path: "brand")
    /// // "rgb(255 127.5 0 / 0.5)"
    /// ```
    package static func cssColor(_ value: JSONValue, file: String, path: String) throws(DefinitionError) -> String {
        func fail(_ rule: String, _ at: String = path) -> DefinitionError { DefinitionError(file: file, path: at, rule: rule) }
        if case .string(let text) = value {
            do throws(CSSValueError) { _ = try RGBAColor(css: text) } catch { throw fail(error.message) }
            return text
        }
        guard case .object(let members) = value, let space = members["colorSpace"]?.stringValue, case .array(let items)? = members["components"] else {
            throw fail("a color is {\"colorSpace\", \"components\", \"alpha\"} (DTCG 2025.10) or a CSS colour text")
        }
        var alpha = 1.0
        if let given = members["alpha"] {
            guard let number = given.numberValue, (0...1).contains(number) else { throw fail("must be a number from 0 to 1", "\(path).alpha") }
            alpha = number
        }
        // `none` is a missing component, which CSS computes as zero.
        var components: [Double] = []
        for (index, item) in items.enumerated() {
            if item.stringValue == "none" { components.append(0); continue }
            guard let number = item.numberValue, number.isFinite else { throw fail("must be a number or \"none\"", "\(path).components[\(index)]") }
            components.append(number)
        }
        guard components.count == 3 else { throw fail("a colour has three components", "\(path).components") }
        let text = JSONValue.numberText
        switch space {
        case "srgb":
            for (index, component) in components.enumerated() where !(0...1).contains(component) {
                throw fail("an srgb component is from 0 to 1, not \(text(component))", "\(path).components[\(index)]")
            }
            return "rgb(" + components.map { text($0 * 255) }.joined(separator: " ") + " / \(text(alpha)))"
        case "hsl":
            guard (0...100).contains(components[1]), (0...100).contains(components[2]) else {
                throw fail("an hsl colour's saturation and lightness are from 0 to 100", "\(path).components")
            }
            return "hsl(\(text(components[0])) \(text(components[1]))% \(text(components[2]))% / \(text(alpha)))"
        default:
            guard let hex = members["hex"]?.stringValue, RGBAColor(hex: hex.lowercased()) != nil else {
                throw fail("the colour space \(space) has no form the catalog plays (srgb, hsl): give the colour a hex fallback", "\(path).colorSpace")
            }
            return hex
        }
    }
}
