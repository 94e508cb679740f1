/// CSS `calc()` over times and plain numbers — what animation libraries write for their timing
/// (`calc(var(--animate-duration) * 0.75)`, `calc(1s + 200ms)`): `+ - * /` and parentheses over
/// numbers, seconds and milliseconds, with CSS's rule that `+` and `-` need spaces around them.
///
/// ```swift
/// CSSCalc.evaluate("calc(1s * 0.75)")        // .time(milliseconds: 750)
/// CSSCalc.evaluate("calc((2 + 1) / 2)")      // .number(1.5)
/// ```
package enum CSSCalc {
    /// A calculation's result.
    package enum Value: Sendable, Hashable {
        /// A time, in milliseconds.
        case time(milliseconds: Double)
        /// A plain number.
        case number(Double)
    }

    /// The value of a `calc(…)` expression, or nil when it is not one this evaluates (another
    /// unit, a time times a time, division by zero).
    package static func evaluate(_ text: String) -> Value? {
        let trimmed = CSSSyntax.oneLine(text)
        guard trimmed.lowercased().hasPrefix("calc("), trimmed.hasSuffix(")") else { return nil }
        var parser = Parser(Array(trimmed.dropFirst(4)))
        guard let value = parser.sum(), parser.atEnd else { return nil }
        return value.isFinite ? value.result : nil
    }

    /// `text` with each `calc(…)` that evaluates written out (`750ms`, `1.5`); the rest as it was.
    package static func substitute(_ text: String) -> String {
        var result = "", rest = Substring(text)
        while let start = rest.range(of: "calc(", options: .caseInsensitive) {
            result += rest[..<start.lowerBound]
            var depth = 0, end = start.lowerBound
            for index in rest[start.lowerBound...].indices {
                if rest[index] == "(" { depth += 1 }
                if rest[index] == ")" {
                    depth -= 1
                    if depth == 0 { end = rest.index(after: index); break }
                }
            }
            guard end > start.lowerBound else { return result + rest }
            let expression = String(rest[start.lowerBound..<end])
            switch evaluate(expression) {
            case .time(let milliseconds)?: result += JSONValue.numberText(milliseconds) + "ms"
            case .number(let number)?: result += JSONValue.numberText(number)
            case nil: result += expression
            }
            rest = rest[end...]
        }
        return result + rest
    }

    /// A number with its dimension: milliseconds to the power `time` (0 or 1).
    private struct Quantity {
        var amount: Double
        var time: Int
        var isFinite: Bool { amount.isFinite }
        var result: Value { time == 1 ? .time(milliseconds: amount) : .number(amount) }
    }

    private struct Parser {
        let characters: [Character]
        var position = 0
        init(_ characters: [Character]) { self.characters = characters }

        var atEnd: Bool {
            mutating get { skipSpaces(); return position == characters.count }
        }

        mutating func skipSpaces() {
            while position < characters.count, characters[position] == " " { position += 1 }
        }

        mutating func sum() -> Quantity? {
            guard var left = product() else { return nil }
            while true {
                // `+` and `-` stand between spaces in calc(), which tells them from a sign.
                guard position + 2 < characters.count, characters[position] == " ",
                    characters[position + 1] == "+" || characters[position + 1] == "-", characters[position + 2] == " "
                else { return left }
                let minus = characters[position + 1] == "-"
                position += 3
                guard let right = product(), right.time == left.time else { return nil }
                left.amount += minus ? -right.amount : right.amount
            }
        }

        mutating func product() -> Quantity? {
            guard var left = factor() else { return nil }
            while true {
                let saved = position
                skipSpaces()
                guard position < characters.count, characters[position] == "*" || characters[position] == "/" else {
                    position = saved
                    return left
                }
                let divide = characters[position] == "/"
                position += 1
                skipSpaces()
                guard let right = factor() else { return nil }
                if divide {
                    guard right.time == 0, right.amount != 0 else { return nil }
                    left.amount /= right.amount
                } else {
                    guard left.time + right.time <= 1 else { return nil }
                    left = Quantity(amount: left.amount * right.amount, time: left.time + right.time)
                }
            }
        }

        mutating func factor() -> Quantity? {
            skipSpaces()
            guard position < characters.count else { return nil }
            if characters[position] == "(" {
                position += 1
                guard let inner = sum() else { return nil }
                skipSpaces()
                guard position < characters.count, characters[position] == ")" else { return nil }
                position += 1
                return inner
            }
            var text = ""
            while position < characters.count, characters[position].isNumber || ".+-eE".contains(characters[position]) {
                text.append(characters[position])
                position += 1
            }
            var unit = ""
            while position < characters.count, characters[position].isLetter {
                unit.append(characters[position])
                position += 1
            }
            guard let number = Double(text) else { return nil }
            switch unit.lowercased() {
            case "": return Quantity(amount: number, time: 0)
            case "ms": return Quantity(amount: number, time: 1)
            case "s": return Quantity(amount: number * 1000, time: 1)
            default: return nil
            }
        }
    }
}
