import CatalogEngine
import CatalogFormats
import CatalogModel

/// Two animations drawn over one span, each property's panel holding both — the first version
/// solid, the second dashed in the same colours — with the `diff`'s largest difference of each
/// property marked at its time. What the web app's compare page shows.
///
/// ```swift
/// let plot = try ComparisonPlot(old, new, diff: try catalog.diff("pop@1.1.0", "pop@1.2.0"))
/// plot.svg()   // <svg …><line class="mark" data-t="0.164756…" …
/// ```
public struct ComparisonPlot: Sendable {
    let title: String
    let times: [Double]
    let panels: [PlotWriter.Panel]

    /// - Parameter diff: marks each property's largest sampled difference; its span is the plot's.
    public init(_ old: ComponentDefinition, _ new: ComponentDefinition, diff: ComponentDiff, catalog: Catalog? = nil) throws {
        guard old.kind == .animation, new.kind == .animation else {
            throw ExportError("a comparison plot draws two animations, not a \(old.kind.rawValue) and a \(new.kind.rawValue)", code: .wrongComponent)
        }
        let span = diff.motion.isEmpty ? 1 : diff.span
        let context = try catalog.map { try DefinitionContext(tokens: $0.tokens.binding()) } ?? DefinitionContext()
        let a = try ComponentPlot(definition: old, samples: 240, context: context, until: span)
        let b = try ComponentPlot(definition: new, samples: 240, context: context, until: span)
        var panels: [PlotWriter.Panel] = []
        for titled in Self.titles(a.panels, b.panels) {
            let first = a.panels.first { $0.title == titled }?.series ?? [], second = b.panels.first { $0.title == titled }?.series ?? []
            let property = titled.split(separator: " ").first.map(String.init) ?? titled
            let marks = diff.motion.filter { $0.property == property }.map { (time: $0.at, label: "largest difference \(JSONValue.numberText($0.largest))") }
            panels.append(
                PlotWriter.Panel(
                    title: titled,
                    series: first.map { ("\(old.version) · \($0.label)", $0.values) } + second.map { ("\(new.version) · \($0.label)", $0.values) },
                    dashedFrom: first.count, marks: marks))
        }
        title = "\(old.name) \(old.version) ↔ \(new.name) \(new.version)"
        times = a.times
        self.panels = panels
    }

    /// Panel titles of both, in the first one's order, then the second one's others.
    private static func titles(_ a: [PlotWriter.Panel], _ b: [PlotWriter.Panel]) -> [String] {
        var titles = a.map(\.title)
        for panel in b where !titles.contains(panel.title) { titles.append(panel.title) }
        return titles
    }

    /// The plot as a self-contained SVG document.
    public func svg() -> String { PlotWriter.svg(title: title, times: times, panels: panels, keyframeTimes: []) }
}
