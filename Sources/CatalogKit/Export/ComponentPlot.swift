import CatalogEngine
import CatalogFormats
import CatalogModel

/// What `catalog plot` draws: an animation's values against time, sampled by the engine — a
/// panel per property (a number's value, a colour's r, g, b and a, the transform entries that
/// change), one for the progress, and the keyframe times marked.
///
/// ```swift
/// let plot = try ComponentPlot(definition: bounceSelect)
/// try plot.svg().write(toFile: "bounce-select.svg", atomically: true, encoding: .utf8)
/// ```
public struct ComponentPlot: Sendable {
    /// The component's name and version (and "(reduced motion)" when it is drawn reduced).
    package let title: String
    /// The sampled times, in seconds, evenly spaced across the animation.
    package let times: [Double]
    package let panels: [PlotWriter.Panel]
    /// The times of the animation's keyframes, marked on the plot.
    package let keyframeTimes: [Double]

    /// - Parameters:
    ///   - property: only this property's panel (and the progress).
    ///   - samples: how many points across the animation.
    ///   - context: the reference box and token sets it reads.
    ///   - until: the span drawn, from 0 (default: until the animation ends).
    public init(
        definition: ComponentDefinition, parameters: [String: String] = [:], property: String? = nil,
        reducedMotion: Bool = false, samples: Int = 240, file: String? = nil, context: DefinitionContext = DefinitionContext(), until: Double? = nil
    ) throws {
        guard definition.kind == .animation else {
            throw ExportError("\(definition.name) is a \(definition.kind.rawValue); plot draws animations", code: .wrongComponent)
        }
        let sampling = try AnimationSampling(definition: definition, parameters: parameters, file: file, reducedMotion: reducedMotion, context: context)
        let effect = sampling.effect
        if let property, !effect.properties.contains(where: { $0.name == property }) {
            throw ExportError("\(definition.name) does not animate \(property) (it animates \(effect.properties.map(\.name).joined(separator: ", ")))")
        }
        let end = until ?? (effect.endTime.isFinite && effect.endTime > 0 ? effect.endTime : (effect.endTime.isFinite ? 1 : 2))
        let times = (0...samples).map { end * Double($0) / Double(samples) }
        let sampled = sampling.samples(at: times)
        var panels: [PlotWriter.Panel] = []
        for (slot, animated) in effect.properties.enumerated() where property == nil || animated.name == property {
            panels.append(Self.panel(animated.name, sampled.map { $0.values[slot] }))
        }
        panels.append(PlotWriter.Panel(title: "progress", series: [("progress", sampled.map(\.progress))]))
        self.title = "\(definition.name) \(definition.version)" + (reducedMotion ? " (reduced motion)" : "")
        self.times = times
        self.panels = panels
        let parameterValues = try definition.parameterValues(text: parameters, file: file ?? definition.name)
        // Keyframe marks come from the exact export; a property with no web form just has none.
        let export =
            reducedMotion ? nil : try? AnimationExport(try AnimationDefinition(definition, parameters: parameterValues, context: context), target: .waapi)
        keyframeTimes = Array(
            Set(
                (export?.animations ?? []).filter { $0.fidelity == .exact }.flatMap { animation in
                    animation.keyframes.map { (animation.timing.delay + $0.offset * animation.timing.duration) / 1000 }
                })
        ).sorted()
    }

    /// A property's series: its value, a colour's channels, or the transform entries that change.
    private static func panel(_ name: String, _ values: [AnimatedValue]) -> PlotWriter.Panel {
        switch values.first {
        case .color?:
            let channels = values.map { value -> [Double] in
                if case .color(let c) = value { [c.red, c.green, c.blue, c.alpha] } else { [0, 0, 0, 0] }
            }
            return PlotWriter.Panel(title: name, series: ["r", "g", "b", "a"].enumerated().map { index, label in (label, channels.map { $0[index] }) })
        case .transform?:
            let entries = values.map { value -> [Double] in if case .transform(let m) = value { m.entries } else { Matrix4.identity.entries } }
            var labels = (1...4).flatMap { row in (1...4).map { "m\(row)\($0)" } }
            for (index, meaning) in [
                (0, "scale x"), (5, "scale y"), (10, "scale z"), (1, "rotate/skew"), (4, "rotate/skew"), (12, "translate x"), (13, "translate y"),
                (14, "translate z")
            ] {
                labels[index] += " · " + meaning
            }
            var changing = (0..<16).filter { index in Set(entries.map { $0[index] }).count > 1 }
            if changing.isEmpty { changing = [0] }
            return PlotWriter.Panel(title: "\(name) (matrix entries)", series: changing.map { index in (labels[index], entries.map { $0[index] }) })
        default:
            return PlotWriter.Panel(title: name, series: [(name, values.map { if case .number(let n) = $0 { n } else { nil } })])
        }
    }

    /// The plot as a self-contained SVG document.
    public func svg() -> String { PlotWriter.svg(title: title, times: times, panels: panels, keyframeTimes: keyframeTimes) }
}
