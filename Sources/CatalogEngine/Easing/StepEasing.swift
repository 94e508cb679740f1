import CatalogModel

/// CSS `steps(n, position)` with the before flag (CSS Easing Level 2, "step easing functions").
///
/// The before flag matters at a step boundary reached from the before phase (e.g. a negative
/// delay with `jump-start`): the output stays on the lower step there.
package struct StepEasing: Sendable, Hashable {
    package var count: Int
    package var position: TimingFunction.StepPosition

    package init(count: Int, position: TimingFunction.StepPosition) {
        self.count = count
        self.position = position
    }

    package func output(at input: Double, beforeFlag: Bool) -> Double {
        let steps = Double(count)
        var current = (input * steps).rounded(.down)
        if position == .jumpStart || position == .jumpBoth { current += 1 }
        if beforeFlag, (input * steps).truncatingRemainder(dividingBy: 1) == 0 { current -= 1 }
        if input >= 0, current < 0 { current = 0 }
        let jumps: Double =
            switch position {
            case .jumpStart, .jumpEnd: steps
            case .jumpBoth: steps + 1
            case .jumpNone: steps - 1
            }
        if input <= 1, current > jumps { current = jumps }
        return current / jumps
    }
}
