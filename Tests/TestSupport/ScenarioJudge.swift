import CatalogModel
import Foundation

/// The hand-written scenarios of `Fixtures/scenarios/` and DESIGN §9's comparison of a browser's
/// reading of a scenario with `scenario run`'s.
public enum ScenarioJudge {
    /// The test-only scenarios and the definition files they name.
    public static let fixtureFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Fixtures/scenarios")
    /// The built-in scenarios, which ship in the binary (`catalog/scenarios/`).
    public static let builtInFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../../catalog/scenarios").standardized

    /// Every scenario file, built-in and test-only, by name.
    public static let fixtures: [String] = [builtInFolder, fixtureFolder].flatMap { folder in
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".scenario.yaml") }.map { folder.appending(path: $0).path }
    }.sorted { ($0 as NSString).lastPathComponent < ($1 as NSString).lastPathComponent }

    /// Where the browser's reading differs from the engine's beyond §9's bounds: opacity 1e-5,
    /// transform 1e-4·max(1,|v|), frames 0.5 px (where the engine has one), other values equal;
    /// the same paths at every time; the same effects by time, name and value.
    public static func differences(engine: JSONValue, browser: JSONValue) -> [String] {
        var found: [String] = []
        let name = engine["scenario"]?.stringValue ?? "?"
        let ours = engine["samples"]?.arrayValue ?? [], theirs = browser["samples"]?.arrayValue ?? []
        guard ours.count == theirs.count else { return ["\(name): \(ours.count) samples in the engine, \(theirs.count) in the browser"] }
        for (a, b) in zip(ours, theirs) {
            let t = a["t"]?.numberValue ?? .nan
            guard case .object(let paths)? = a["values"], case .object(let read)? = b["values"] else { found.append("\(name) t=\(t): no values"); continue }
            if Set(paths.keys) != Set(read.keys) {
                found.append("\(name) t=\(t): paths \(paths.keys.sorted()) in the engine, \(read.keys.sorted()) in the browser")
            }
            for (path, values) in paths.sorted(by: { $0.key < $1.key }) {
                guard case .object(let properties) = values, case .object(let other)? = read[path] else { continue }
                for (property, value) in properties.sorted(by: { $0.key < $1.key }) {
                    let seen = other[property] ?? .null
                    if let problem = difference(property, value, seen) {
                        found.append(
                            "\(name) t=\(JSONValue.numberText(t)) \(path).\(property): engine \(value.canonicalText), browser \(seen.canonicalText) (\(problem))"
                        )
                    }
                }
            }
        }
        let effects = { (run: JSONValue) in
            (run["effects"]?.arrayValue ?? []).map {
                "\(JSONValue.numberText($0["t"]?.numberValue ?? .nan)) \($0["object"]?.canonicalText ?? "") \($0["effect"]?.canonicalText ?? "") \($0["value"]?.canonicalText ?? "")"
            }
        }
        if effects(engine) != effects(browser) { found.append("\(name): effects \(effects(engine)) in the engine, \(effects(browser)) in the browser") }
        return found
    }

    static func difference(_ property: String, _ engine: JSONValue, _ browser: JSONValue) -> String? {
        func numbers(_ value: JSONValue) -> [Double]? {
            if let n = value.numberValue { return [n] }
            return value.arrayValue?.compactMap(\.numberValue)
        }
        switch property {
        case "opacity":
            guard let a = engine.numberValue, let b = browser.numberValue else { return "not numbers" }
            return abs(a - b) <= 1e-5 ? nil : "beyond 1e-5"
        case "transform":
            guard let a = numbers(engine), let b = numbers(browser), a.count == 16, b.count == 16 else { return "not 16 numbers" }
            return zip(a, b).allSatisfy { abs($0 - $1) <= 1e-4 * max(1, abs($0)) } ? nil : "beyond 1e-4·max(1,|v|)"
        case "frame":
            if engine == .null { return nil }  // the engine has no frame: the browser's box is its own
            guard let a = numbers(engine), let b = numbers(browser), a.count == 4, b.count == 4 else { return "not 4 numbers" }
            return zip(a, b).allSatisfy { abs($0 - $1) <= 0.5 } ? nil : "beyond 0.5 px"
        default:
            return engine == browser || (engine == .null && browser == .string("")) ? nil : "not equal"
        }
    }
}
