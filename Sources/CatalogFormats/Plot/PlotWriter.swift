import Foundation

/// Draws values against time as a self-contained SVG: one panel per series group (a property's
/// value, a transform's changing entries, a colour's channels, the progress), stacked on one
/// time axis, the points exactly the samples given (the engine's), keyframe times marked.
///
/// Each panel's `<g>` carries `data-t0 data-t1 data-v0 data-v1` (its axes' ranges) and each
/// `<polyline>` `data-series`, so that a reader (a test, a tool) can map points back to values.
///
/// ```swift
/// let times = [0, 0.05, 0.1, 0.15, 0.2]
/// let values = [1, 0.9, 0.8, 0.9, 1.0]
/// let svg = PlotWriter.svg(title: "bounce-select 1.1.0", times: times,
///                          panels: [.init(title: "transform.scale", series: [("m11", values)])], keyframeTimes: [0, 0.1, 0.2])
/// ```
package enum PlotWriter {
    package struct Panel: Sendable {
        package var title: String
        /// Label and one value per time (nil: not in effect, a gap in the line).
        package var series: [(label: String, values: [Double?])]
        /// The series from this index on are drawn dashed (a second version, overlaid).
        package var dashedFrom: Int?
        /// Times marked across the panel, each with its label (a difference found there).
        package var marks: [(time: Double, label: String)]

        package init(title: String, series: [(label: String, values: [Double?])], dashedFrom: Int? = nil, marks: [(time: Double, label: String)] = []) {
            self.title = title
            self.series = series
            self.dashedFrom = dashedFrom
            self.marks = marks
        }
    }

    static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"]

    package static func svg(title: String, times: [Double], panels: [Panel], keyframeTimes: [Double], width: Double = 720) -> String {
        let panelHeight = 150.0, top = 40.0, left = 64.0, right = 150.0, gap = 34.0
        let height = top + Double(panels.count) * (panelHeight + gap) + 20
        let t0 = times.first ?? 0, t1 = max(times.last ?? 1, t0 + 1e-9)
        let plotWidth = width - left - right
        func x(_ t: Double) -> Double { left + (t - t0) / (t1 - t0) * plotWidth }
        let n = CSSNumber.text
        func r(_ v: Double) -> String { n((v * 100).rounded() / 100) }

        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(r(width))" height="\(r(height))" viewBox="0 0 \(r(width)) \(r(height))" \
            font-family="sans-serif" font-size="11">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(r(left))" y="22" font-size="14" font-weight="bold">\(escape(title))</text>

            """
        for (index, panel) in panels.enumerated() {
            let y0 = top + Double(index) * (panelHeight + gap) + 14
            let all = panel.series.flatMap { $0.values.compactMap { $0 } }
            var v0 = all.min() ?? 0, v1 = all.max() ?? 1
            if v1 - v0 < 1e-9 { v0 -= 0.5; v1 += 0.5 }
            let pad = (v1 - v0) * 0.08
            v0 -= pad
            v1 += pad
            func y(_ v: Double) -> Double { y0 + panelHeight - (v - v0) / (v1 - v0) * panelHeight }
            out +=
                "<g class=\"panel\" data-title=\"\(escape(panel.title))\" data-t0=\"\(n(t0))\" data-t1=\"\(n(t1))\" data-v0=\"\(n(v0))\" data-v1=\"\(n(v1))\" "
            out += "data-x=\"\(r(left))\" data-y=\"\(r(y0))\" data-width=\"\(r(plotWidth))\" data-height=\"\(r(panelHeight))\">\n"
            out += "<text x=\"\(r(left))\" y=\"\(r(y0 - 4))\" font-weight=\"bold\">\(escape(panel.title))</text>\n"
            out += "<rect x=\"\(r(left))\" y=\"\(r(y0))\" width=\"\(r(plotWidth))\" height=\"\(r(panelHeight))\" fill=\"none\" stroke=\"#999\"/>\n"
            for t in keyframeTimes where t >= t0 && t <= t1 {
                out +=
                    "<line class=\"keyframe\" data-t=\"\(n(t))\" x1=\"\(r(x(t)))\" x2=\"\(r(x(t)))\" y1=\"\(r(y0))\" y2=\"\(r(y0 + panelHeight))\" stroke=\"#bbb\" stroke-dasharray=\"3 3\"/>\n"
            }
            for mark in panel.marks where mark.time >= t0 && mark.time <= t1 {
                out +=
                    "<line class=\"mark\" data-t=\"\(n(mark.time))\" x1=\"\(r(x(mark.time)))\" x2=\"\(r(x(mark.time)))\" y1=\"\(r(y0))\" y2=\"\(r(y0 + panelHeight))\" stroke=\"#c2410c\" stroke-width=\"2\"/>\n"
                out += "<text x=\"\(r(x(mark.time) + 4))\" y=\"\(r(y0 + 12))\" fill=\"#9a3412\">\(escape(mark.label))</text>\n"
            }
            for tick in ticks(v0, v1) {
                out += "<text x=\"\(r(left - 6))\" y=\"\(r(y(tick) + 4))\" text-anchor=\"end\">\(short(tick))</text>\n"
                out += "<line x1=\"\(r(left - 3))\" x2=\"\(r(left))\" y1=\"\(r(y(tick)))\" y2=\"\(r(y(tick)))\" stroke=\"#999\"/>\n"
            }
            for tick in ticks(t0, t1) {
                out += "<text x=\"\(r(x(tick)))\" y=\"\(r(y0 + panelHeight + 14))\" text-anchor=\"middle\">\(short(tick)) s</text>\n"
            }
            for (s, series) in panel.series.enumerated() {
                let dashed = panel.dashedFrom.map { s >= $0 } ?? false
                // A second version's series take the first one's colours, dashed.
                let color = palette[(s - (dashed ? panel.dashedFrom! : 0)) % palette.count]
                let dash = dashed ? " stroke-dasharray=\"6 4\"" : ""
                // One polyline per run of values in effect; the exact numbers, in data-points.
                var runs: [[(Double, Double)]] = [[]]
                for (t, v) in zip(times, series.values) {
                    if let v { runs[runs.count - 1].append((t, v)) } else if !runs[runs.count - 1].isEmpty { runs.append([]) }
                }
                for run in runs where !run.isEmpty {
                    let points = run.map { "\(r(x($0.0))),\(r(y($0.1)))" }.joined(separator: " ")
                    let data = run.map { "\(n($0.0)):\(n($0.1))" }.joined(separator: " ")
                    out +=
                        "<polyline data-series=\"\(escape(series.label))\" data-points=\"\(data)\" points=\"\(points)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.6\"\(dash)/>\n"
                }
                out += "<text x=\"\(r(left + plotWidth + 10))\" y=\"\(r(y0 + 12 + Double(s) * 14))\" fill=\"\(color)\">\(escape(series.label))</text>\n"
            }
            out += "</g>\n"
        }
        return out + "</svg>\n"
    }

    /// About five round ticks across a range.
    static func ticks(_ low: Double, _ high: Double) -> [Double] {
        let span = high - low
        guard span > 0, span.isFinite else { return [low] }
        let raw = span / 5
        let magnitude = pow(10, floor(log10(raw)))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? raw
        var tick = (low / step).rounded(.up) * step
        var result: [Double] = []
        while tick <= high + step * 1e-9, result.count < 20 {
            result.append(abs(tick) < step * 1e-9 ? 0 : tick)
            tick += step
        }
        return result
    }

    private static func short(_ value: Double) -> String {
        let rounded = (value * 1e6).rounded() / 1e6
        return CSSNumber.text(rounded)
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
