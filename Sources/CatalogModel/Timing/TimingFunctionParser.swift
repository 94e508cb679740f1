import Foundation

/// Why a timing function was refused; callers add the file and field path.
package struct TimingFunctionError: Error, Sendable, Hashable, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}

extension TimingFunction {
    /// Parses a Core Animation name or a CSS `<easing-function>`.
    package init(parsing text: String) throws(TimingFunctionError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let named = Self.coreAnimationNames[trimmed] ?? Self.cssKeywords[trimmed.lowercased()] ?? MotionTokens.easings[trimmed] {
            self = named
            return
        }
        guard let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix(")") else {
            throw TimingFunctionError(
                message:
                    "unknown timing function \"\(text)\" (expected a Core Animation name, a CSS keyword, a motion token, cubic-bezier(), steps() or linear())")
        }
        let name = trimmed[..<open].trimmingCharacters(in: .whitespaces).lowercased()
        let arguments = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
            .split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        switch name {
        case "cubic-bezier": self = try Self.cubicBezier(arguments, text)
        case "steps": self = try Self.steps(arguments, text)
        case "linear": self = try Self.piecewiseLinear(arguments, text)
        default: throw TimingFunctionError(message: "unknown easing function \"\(name)()\" in \"\(text)\"")
        }
    }

    /// Four control-point numbers, as Core Animation's `init(controlPoints:)` takes them.
    package init(controlPoints: [Double]) throws(TimingFunctionError) {
        guard controlPoints.count == 4 else {
            throw TimingFunctionError(message: "a control-point array needs 4 numbers, got \(controlPoints.count)")
        }
        self = try Self.validatedBezier(controlPoints[0], controlPoints[1], controlPoints[2], controlPoints[3])
    }

    private static func validatedBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws(TimingFunctionError) -> TimingFunction {
        guard [x1, y1, x2, y2].allSatisfy(\.isFinite) else {
            throw TimingFunctionError(message: "cubic-bezier control points must be finite numbers")
        }
        guard (0...1).contains(x1), (0...1).contains(x2) else {
            throw TimingFunctionError(message: "cubic-bezier x1 and x2 must be within [0, 1] (got \(x1) and \(x2))")
        }
        let limit = NumericLimits.maximumEasingOutput
        guard abs(y1) <= limit, abs(y2) <= limit else {
            throw TimingFunctionError(message: "cubic-bezier y1 and y2 must be within ±\(JSONValue.numberText(limit)) (got \(y1) and \(y2))")
        }
        return .cubicBezier(x1, y1, x2, y2)
    }

    private static func cubicBezier(_ arguments: [String], _ text: String) throws(TimingFunctionError) -> TimingFunction {
        let numbers = arguments.compactMap { Double($0) }
        guard arguments.count == 4, numbers.count == 4 else {
            throw TimingFunctionError(message: "cubic-bezier() takes 4 numbers, in \"\(text)\"")
        }
        return try validatedBezier(numbers[0], numbers[1], numbers[2], numbers[3])
    }

    private static func steps(_ arguments: [String], _ text: String) throws(TimingFunctionError) -> TimingFunction {
        guard (1...2).contains(arguments.count), let count = Int(arguments[0]) else {
            throw TimingFunctionError(message: "steps() takes an integer and an optional position, in \"\(text)\"")
        }
        var position = StepPosition.jumpEnd
        if arguments.count == 2 {
            switch arguments[1].lowercased() {
            case "start": position = .jumpStart
            case "end": position = .jumpEnd
            case let other:
                guard let parsed = StepPosition(rawValue: other) else {
                    throw TimingFunctionError(
                        message: "unknown steps() position \"\(arguments[1])\" (expected jump-start, jump-end, jump-none, jump-both, start or end)")
                }
                position = parsed
            }
        }
        guard count >= (position == .jumpNone ? 2 : 1) else {
            throw TimingFunctionError(message: "steps() needs at least \(position == .jumpNone ? 2 : 1) step(s) with \(position.rawValue), in \"\(text)\"")
        }
        return .steps(count, position)
    }

    /// `linear()` per CSS Easing Level 2: each argument is an output number and zero, one or two
    /// input percentages; missing inputs are filled in (first 0%, last 100%, runs spaced evenly)
    /// and an input smaller than an earlier one is raised to it.
    private static func piecewiseLinear(_ arguments: [String], _ text: String) throws(TimingFunctionError) -> TimingFunction {
        guard arguments.count >= 2 else {
            throw TimingFunctionError(message: "linear() needs at least two stops, in \"\(text)\"")
        }
        var stops: [(output: Double, input: Double?)] = []
        for argument in arguments {
            let parts = argument.split(whereSeparator: \.isWhitespace)
            guard (1...3).contains(parts.count), let output = Double(parts[0]), output.isFinite, abs(output) <= NumericLimits.maximumEasingOutput else {
                throw TimingFunctionError(
                    message:
                        "linear() stop \"\(argument)\" must be a number within ±\(JSONValue.numberText(NumericLimits.maximumEasingOutput)) and up to two percentages"
                )
            }
            var inputs: [Double] = []
            for part in parts.dropFirst() {
                guard part.hasSuffix("%"), let percent = Double(part.dropLast()), percent.isFinite else {
                    throw TimingFunctionError(message: "linear() stop \"\(argument)\": \"\(part)\" is not a percentage")
                }
                inputs.append(percent / 100)
            }
            if inputs.isEmpty { stops.append((output, nil)) }
            for input in inputs { stops.append((output, input)) }
        }
        if stops[0].input == nil { stops[0].input = 0 }
        if stops[stops.count - 1].input == nil { stops[stops.count - 1].input = 1 }
        var largest = -Double.infinity
        for index in stops.indices {
            if let input = stops[index].input {
                largest = max(largest, input)
                stops[index].input = largest
            }
        }
        var index = 1
        while index < stops.count {
            guard stops[index].input == nil else { index += 1; continue }
            var end = index
            while stops[end].input == nil { end += 1 }
            let from = stops[index - 1].input!, to = stops[end].input!
            let gaps = Double(end - index + 1)
            for k in index..<end { stops[k].input = from + (to - from) * Double(k - index + 1) / gaps }
            index = end + 1
        }
        return .piecewiseLinear(stops.map { LinearStop(input: $0.input!, output: $0.output) })
    }
}
