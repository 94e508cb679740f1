import CatalogKit
import Foundation
import TestSupport

/// One export put to the browser: the elements it animates (one per role), how it is started
/// (a stylesheet's classes, `element.animate()` with the WAAPI JSON, or the ES module's `play`),
/// the times to pause it at, and what the engine says each property shows then.
struct BrowserCase {
    enum Start {
        case css(stylesheet: String, classes: [String: String])
        case waapi(JSONValue)
        case module(String, chain: Bool)
    }

    var id: String
    var start: Start
    var roles: [String]
    /// Engine property names, in the order of each expected row.
    var properties: [String]
    /// Properties some part of which was baked (compared within the export bound, not exactly).
    var baked: Set<String>
    /// Seconds.
    var times: [Double]
    /// Role → per time → per property: the engine's value.
    var expected: [String: [[AnimatedValue]]]
    /// The elements' own inline style (`transform: translateX(13px)`): what an animation that
    /// is removed, or not run, leaves showing.
    var ownStyle: String = ""
    /// How many animations the page must find running (nil: not checked).
    var animationCount: Int? = nil
    /// The elements' size when `ownStyle` sets one: what a transform origin's unit coordinates
    /// are measured against when the browser reports it in px.
    var box: (width: Double, height: Double)? = nil
}

/// Runs cases in one page in each browser engine and lists every difference beyond the bounds.
enum BrowserComparison {
    /// What the page read in `engine`: `{"results": {id: {"count", "values": {role: [[text per property] per time]}}}, "errors"}`.
    static func answer(_ cases: [BrowserCase], reducedMotion: Bool = false, engine: BrowserEngine = .chromium) throws -> JSONValue {
        try engine.evaluate(html: page(cases), reducedMotion: reducedMotion)
    }

    /// Where an engine plays a published stylesheet differently from the specifications, which
    /// the engine follows (docs/Engines.md): the engine, the case (`FILE/NAME` or a case id) and why.
    static let departures: [(engine: BrowserEngine, id: String, reason: String)] = [
        (.chromium, "/hinge", "eases the missing 0 % transform by the 0 % keyframe's timing function, not the animation's (CSS Animations)"),
        (.webkit, "first", "runs the later of a vendor twin and its unprefixed @keyframes; Chromium and Firefox the unprefixed"),
        // The stylesheet as published; its export is baked into a form WebKit plays alike.
        (.webkit, "/light-speed-in", "interpolates skewX() → translate3d() skewX() through CSS Transforms 1's factoring (docs/Engines.md, class 3)"),
        // The oracle samples exact boundaries; Firefox keeps times as integer ticks.
        (.firefox, "waapi-10046", "at 150 ms, where an iteration ends exactly, still shows the iteration before"),
        (.firefox, "waapi-10053", "at 251.25 ms, the active end exactly, still shows the animation")
    ]

    /// The differences in every engine of `engines`, each named by its engine, less the departures listed.
    /// - Parameter check: the README table's row these cases count towards (``EngineTable``).
    static func mismatches(
        _ cases: [BrowserCase], reducedMotion: Bool = false, engines: [BrowserEngine] = BrowserEngine.allCases, check: EngineTable.Check? = nil,
        counted: Bool = true
    ) throws -> [String] {
        try engines.flatMap { engine in
            if let check { EngineTable.note(check, engine: engine, cases: counted ? cases.count : nil) }
            return mismatches(cases, in: try answer(cases, reducedMotion: reducedMotion, engine: engine))
                .filter { problem in
                    let caseID = problem.prefix { $0 != " " }  // a problem starts with its case's id
                    return !departures.contains { $0.engine == engine && caseID.hasSuffix($0.id) }
                }
                .map { "\(engine): \($0)" }
        }
    }

    /// The differences beyond the bounds in what a page already read.
    static func mismatches(_ cases: [BrowserCase], in answer: JSONValue) -> [String] {
        var problems = (answer["errors"]?.arrayValue ?? []).compactMap(\.stringValue).map { "page error: \($0)" }
        for item in cases {
            guard let result = answer["results"]?[item.id] else {
                problems.append("\(item.id): no result from the page")
                continue
            }
            if let count = item.animationCount, result["count"]?.numberValue != Double(count) {
                problems.append("\(item.id): \(result["count"].map(\.canonicalText) ?? "no") animations run, not \(count)")
            }
            for role in item.roles {
                guard let rows = result["values"]?[role]?.arrayValue else {
                    problems.append("\(item.id): no values for \(role)")
                    continue
                }
                for (index, row) in rows.enumerated() {
                    for (column, property) in item.properties.enumerated() {
                        let browser = row.arrayValue.flatMap { column < $0.count ? $0[column].stringValue : nil } ?? "?"
                        let engine = item.expected[role]![index][column]
                        let spread = spreadOf(property, in: item.expected.values.flatMap { $0.map { $0[column] } })
                        if let problem = compare(engine, browser, baked: item.baked.contains(property), spread: spread, box: item.box) {
                            problems.append("\(item.id) \(role).\(property) at t=\(item.times[index]): \(problem)")
                        }
                    }
                }
            }
        }
        return problems
    }

    /// How much a number-valued property moves over the case (the 0.1 % bound's range).
    private static func spreadOf(_ property: String, in values: [AnimatedValue]) -> Double {
        let numbers = values.compactMap { if case .number(let n) = $0 { n } else { nil } }
        if property == "opacity" { return 1 }
        return max((numbers.max() ?? 0) - (numbers.min() ?? 0), 1e-3)
    }

    /// Exact: the oracle's tolerances (the browser's own rounding). Baked: the export bound —
    /// opacity ±0.001, other numbers 0.1 % of their spread, transform entries 0.001·max(1, |v|),
    /// premultiplied colour channels 2.6/255, alpha 1.2/255 — plus that rounding.
    static func compare(_ engine: AnimatedValue, _ browser: String, baked: Bool, spread: Double, box: (width: Double, height: Double)? = nil) -> String? {
        switch engine {
        case .point(let p):
            // transform-origin: unit coordinates here, px of the element's box in the browser.
            guard let box else { return "a transform origin needs the element's size (BrowserCase.box)" }
            let px = browser.split(separator: " ").map { Double($0.dropLast(2)) }
            guard px.count >= 2, let x = px[0], let y = px[1] else { return "unreadable \(browser)" }
            let (ex, ey) = (p.x * box.width, p.y * box.height)
            let off = abs(ex - x) > 1e-4 * max(1, abs(ex)) + 1e-3 || abs(ey - y) > 1e-4 * max(1, abs(ey)) + 1e-3
            return off ? "engine (\(ex)px, \(ey)px), browser \(browser)" : nil
        case .number(let n):
            let text = browser.hasSuffix("px") ? String(browser.dropLast(2)) : browser
            guard let value = Double(text) else { return "unreadable \(browser)" }
            let rounding = 1e-5 * max(1, abs(n))
            let bound = baked ? 0.001 * spread + rounding : rounding
            return abs(value - n) <= bound ? nil : "engine \(n), browser \(browser)"
        case .transform(let m):
            guard let matrix = BrowserStyle.matrix(browser) else { return "unreadable \(browser)" }
            let factor = baked ? 0.0011 : 1e-4
            let off = zip(m.entries, matrix).contains { abs($0 - $1) > factor * max(1, abs($0)) }
            return off ? "engine \(m.entries), browser \(browser)" : nil
        case .color(let c):
            guard let rgba = BrowserStyle.rgba(browser) else { return "unreadable \(browser)" }
            // The printed alpha read as its 8-bit level. Keyframes are 8-bit too, so an exact export
            // is within a level; a baked one within its bound (1.2/255, fitted to half) and half a level.
            // Chromium and WebKit print an 8-bit alpha, Firefox the float it interpolated: the bound
            // holds in either reading.
            let bound = (baked ? 1.1 / 255 : 1 / 255) + 1e-6
            // (Firefox prints two decimals where they read back as the float it holds: 0.005.)
            let alphaOff = abs(c.alpha - BrowserStyle.alphaLevel(rgba[3])) > bound && abs(c.alpha - rgba[3]) > max(bound, 0.005 + 1e-9)
            let channelsOff: Bool
            if baked {
                // Baked colours are held to the bound premultiplied — the colour as seen (and as
                // browsers interpolate it): a nearly transparent colour's channels do not show.
                let ours = [c.red, c.green, c.blue].map { $0 * 255 * c.alpha }
                channelsOff = zip(ours, rgba.prefix(3).map { $0 * rgba[3] }).contains { abs($0 - $1) > 2.6 + 1 }
            } else {
                // Premultiplied, as browsers interpolate: a faint colour's channels are not what shows
                // (and Firefox, which does not round keyframes to 8 bits, un-premultiplies them apart).
                channelsOff = zip([c.red, c.green, c.blue].map { $0 * 255 * c.alpha }, rgba.prefix(3).map { $0 * rgba[3] }).contains { abs($0 - $1) > 1.5 }
            }
            return alphaOff || channelsOff ? "engine \([c.red, c.green, c.blue, c.alpha]), browser \(browser)" : nil
        case .discrete(let value):
            // Core Animation's `hidden` (the one boolean the web has a form for) is CSS's `visibility`.
            let text = value.jsonValue.boolValue.map { $0 ? "hidden" : "visible" } ?? value.jsonValue.stringValue ?? value.jsonValue.canonicalText
            return text == browser ? nil : "engine \(text), browser \(browser)"
        default:
            return "no web form for \(engine)"
        }
    }

    /// The page: builds each case's elements, starts its animations, pauses them all and reads
    /// the computed style at every time.
    static func page(_ cases: [BrowserCase]) -> String {
        var stylesheets = ""
        var descriptions: [JSONValue] = []
        for item in cases {
            var entry: [String: JSONValue] = [
                "id": .string(item.id), "roles": .array(item.roles.map(JSONValue.string)),
                "properties": .array(item.properties.map { .string((try? WebProperty($0).camelCase) ?? $0) }),
                "times": .array(item.times.map { .number($0 * 1000) }),
                "style": .string(item.ownStyle)
            ]
            switch item.start {
            case .css(let stylesheet, let classes):
                stylesheets += stylesheet + "\n"
                entry["kind"] = "css"
                entry["classes"] = .object(classes.mapValues(JSONValue.string))
            case .waapi(let json):
                entry["kind"] = "waapi"
                entry["waapi"] = json
            case .module(let text, let chain):
                entry["kind"] = "js"
                entry["module"] = .string(text)
                entry["chain"] = .bool(chain)
            }
            descriptions.append(.object(entry))
        }
        let casesJSON = JSONValue.array(descriptions).canonicalText.replacingOccurrences(of: "</", with: "<\\/")
        return """
            <!doctype html>
            <html><head><meta charset="utf-8"><style>
            .box { width: 10px; height: 10px; }
            \(stylesheets.replacingOccurrences(of: "</", with: "<\\/"))
            </style></head><body><div id="root"></div><pre id="out">pending</pre>
            <script type="module">
            const cases = \(casesJSON);
            const results = {}, errors = [];
            window.addEventListener("error", (e) => errors.push(String(e.message)));
            for (const c of cases) {
              try {
                const elements = {};
                for (const role of c.roles) {
                  const element = document.createElement("div");
                  element.className = "box";
                  element.style.cssText = c.style;
                  // "outer / inner": the element inside parents carrying those classes.
                  const levels = c.kind === "css" ? (c.classes[role] || "").split(" / ") : [""];
                  let parent = document.getElementById("root");
                  for (const outer of levels.slice(0, -1)) {
                    const wrapper = document.createElement("div");
                    wrapper.className = outer;
                    parent.appendChild(wrapper);
                    parent = wrapper;
                  }
                  parent.appendChild(element);
                  elements[role] = element;
                }
                // Laid out before anything animates: WebKit resolves a transform's percentages
                // against the box of the element's last layout, none yet for one just made (0 px).
                void document.body.offsetWidth;
                let animations = [];
                if (c.kind === "css") {
                  for (const role of c.roles) elements[role].className = "box " + (c.classes[role] || "").split(" / ").at(-1);
                  for (const role of c.roles) animations.push(...elements[role].getAnimations());
                } else if (c.kind === "waapi") {
                  const data = Array.isArray(c.waapi) ? { [c.roles[0]]: c.waapi } : c.waapi;
                  for (const role of c.roles) for (const { keyframes, options } of data[role] || []) animations.push(elements[role].animate(keyframes, options));
                } else {
                  const module = await import("data:text/javascript;charset=utf-8," + encodeURIComponent(c.module));
                  animations = module.play(c.chain ? elements : elements[c.roles[0]]).animations;
                }
                for (const a of animations) a.pause();
                const values = {};
                for (const role of c.roles) values[role] = [];
                for (const t of c.times) {
                  for (const a of animations) a.currentTime = t;
                  for (const role of c.roles) {
                    const style = getComputedStyle(elements[role]);
                    values[role].push(c.properties.map((p) => style[p]));
                  }
                }
                results[c.id] = { count: animations.length, values };
              } catch (e) {
                errors.push(c.id + ": " + e);
              }
            }
            document.getElementById("out").textContent = JSON.stringify({ results, errors });
            </script></body></html>
            """
    }
}
