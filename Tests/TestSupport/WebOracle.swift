import CatalogModel
import Foundation

/// The browser-computed Web Animations cases in `Fixtures/waapi-public.json`, copied unchanged from
/// `../shared/oracle/` (Chromium; see `Fixtures/waapi-oracle-README.md` for the tolerances).
public struct WebOracleCase: Sendable, CustomStringConvertible {
    public struct Sample: Sendable {
        /// Milliseconds, as the browser took them.
        public var t: Double
        public var progress: Double?
        public var iteration: Double?
        public var opacity: String
        public var transform: String
        public var backgroundColor: String
    }

    public var id: String
    public var keyframes: JSONValue
    public var options: JSONValue
    public var samples: [Sample]
    public var description: String { id }

    /// Where Chromium, which recorded the oracle, departs from Web Animations and the engine
    /// follows the specification (docs/Engines.md): the property left out of the comparison.
    public static let chromiumDepartures = [
        // A transform missing from the keyframe at 0: Chromium eases it by that keyframe's
        // cubic-bezier; the specification, Firefox and WebKit linearly.
        "waapi-10047": "transform"
    ]

    /// What `observed` shows beyond the tolerances against `sample`, less a departure of Chromium's.
    public func problems(_ sample: Sample, _ observed: OracleObservation) -> [String] {
        let departs = Self.chromiumDepartures[id]
        return sample.mismatches(observed).filter { problem in departs.map { !problem.contains(": \($0) ") } ?? true }
    }

    /// The case as a bare Web Animations definition file: `{"keyframes": …, "options": …}`.
    public var bareDocument: JSONValue { ["keyframes": keyframes, "options": options] }

    public static let all: [WebOracleCase] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Fixtures/waapi-public.json")
        let document = try! JSONValue(jsonData: Data(contentsOf: url))
        return document["cases"]!.arrayValue!.map { entry in
            let samples = entry["chromium"]!["samples"]!.arrayValue!.map { sample in
                Sample(
                    t: sample["t"]!.numberValue!, progress: sample["progress"]?.numberValue,
                    iteration: sample["iteration"]?.numberValue, opacity: sample["opacity"]?.stringValue ?? "1",
                    transform: sample["transform"]?.stringValue ?? "none",
                    backgroundColor: sample["backgroundColor"]?.stringValue ?? "rgba(0, 0, 0, 0)")
            }
            return WebOracleCase(id: entry["id"]!.stringValue!, keyframes: entry["keyframes"]!, options: entry["options"]!, samples: samples)
        }
    }()
}

/// What the engine produced for one oracle sample, in the output encodings of docs/CommandLine.md
public struct OracleObservation: Sendable {
    public var progress: Double?
    public var iteration: Double?
    /// nil: the case does not animate opacity (its initial value, 1, applies).
    public var opacity: Double?
    /// 16 numbers in CATransform3D order; nil: not animated (identity).
    public var transform: [Double]?
    /// `[r, g, b, a]` in 0…1; nil: not animated (transparent).
    public var backgroundColor: [Double]?

    public init(progress: Double?, iteration: Double?, opacity: Double?, transform: [Double]?, backgroundColor: [Double]?) {
        self.progress = progress
        self.iteration = iteration
        self.opacity = opacity
        self.transform = transform
        self.backgroundColor = backgroundColor
    }
}

extension WebOracleCase.Sample {
    /// Every way `observed` differs from the browser beyond the tolerances of the oracle's
    /// README (its own rounding): progress 1e-6, iteration exact, null exactly where the browser
    /// has null, opacity 1e-5, transform entries 1e-4·max(1, |v|), colour channels 1/255 plus
    /// rounding, alpha 0.002 after the browser's 8-bit serialisation.
    public func mismatches(_ observed: OracleObservation) -> [String] {
        var problems: [String] = []
        let at = "at \(t) ms"
        switch (progress, observed.progress) {
        case (nil, nil): break
        case (let expected?, let ours?):
            if abs(ours - expected) > 1e-6 { problems.append("\(at): progress \(ours), browser \(expected)") }
            if observed.iteration != iteration {
                problems.append("\(at): iteration \(String(describing: observed.iteration)), browser \(String(describing: iteration))")
            }
        default:
            problems.append("\(at): progress \(String(describing: observed.progress)), browser \(String(describing: progress))")
        }
        if observed.progress == nil, observed.iteration != nil { problems.append("\(at): iteration without progress") }

        let opacity = observed.opacity ?? 1
        if let browser = Double(self.opacity) {
            if abs(opacity - browser) > 1e-5 { problems.append("\(at): opacity \(opacity), browser \(browser)") }
        } else {
            problems.append("\(at): unreadable opacity \(self.opacity)")
        }

        let matrix = observed.transform ?? [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
        if let browser = BrowserStyle.matrix(transform) {
            if matrix.count != 16 || zip(matrix, browser).contains(where: { abs($0 - $1) > 1e-4 * max(1, abs($1)) }) {
                problems.append("\(at): transform \(matrix), browser \(transform)")
            }
        } else {
            problems.append("\(at): unreadable transform \(transform)")
        }

        let color = observed.backgroundColor ?? [0, 0, 0, 0]
        if let browser = BrowserStyle.rgba(backgroundColor), color.count == 4 {
            let channelsOff = zip(color.prefix(3).map { $0 * 255 }, browser.prefix(3)).contains { abs($0 - $1) > 1.5 }
            // The browser serialises alpha from 8 bits (0.843 is 215/255); round ours the same way.
            let alpha = BrowserStyle.alphaLevel(color[3])
            if channelsOff || abs(alpha - browser[3]) > 0.002 {
                problems.append("\(at): backgroundColor \(color), browser \(backgroundColor)")
            }
        } else {
            problems.append("\(at): unreadable backgroundColor \(backgroundColor)")
        }
        return problems
    }
}

/// Reads the browser's serialised computed values, independently of the engine's CSS parsers.
public enum BrowserStyle {
    /// `none`, `matrix(a, b, c, d, e, f)` or `matrix3d(16)` as 16 entries in CATransform3D order.
    public static func matrix(_ text: String) -> [Double]? {
        if text == "none" { return [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] }
        guard let numbers = numbers(in: text) else { return nil }
        if text.hasPrefix("matrix3d("), numbers.count == 16 { return numbers }
        guard text.hasPrefix("matrix("), numbers.count == 6 else { return nil }
        let (a, b, c, d, e, f) = (numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5])
        return [a, b, 0, 0, c, d, 0, 0, 0, 0, 1, 0, e, f, 0, 1]
    }

    /// `rgb(r, g, b)` or `rgba(r, g, b, a)`: channels 0–255 and alpha 0–1.
    public static func rgba(_ text: String) -> [Double]? {
        guard let numbers = numbers(in: text) else { return nil }
        if text.hasPrefix("rgba("), numbers.count == 4 { return numbers }
        if text.hasPrefix("rgb("), numbers.count == 3 { return numbers + [1] }
        return nil
    }

    /// The 8-bit level an alpha names: browsers keep alpha in 8 bits and print the shortest
    /// decimal that names its level (0.12 for 31/255).
    public static func alphaLevel(_ alpha: Double) -> Double { (alpha * 255).rounded() / 255 }

    private static func numbers(in text: String) -> [Double]? {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return nil }
        let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
        let parts = inside.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        return parts.contains(nil) ? nil : parts.map { $0! }
    }
}
