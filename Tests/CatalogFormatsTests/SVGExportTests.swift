import CatalogEngine
import CatalogKit
import Foundation
import TestSupport
import Testing

@testable import CatalogFormats

/// `export --to svg` played in Chromium, Firefox and WebKit: each document inline in one page,
/// its animations paused (`pauseAnimations()`) and put at each time (`setCurrentTime()`), and
/// every rectangle's opacity, fill, corner radius and transform as the engine computes them
/// within the export bound (0.1 %) plus the browser's own rounding.
struct SVGExportTests {
    static let box = SVGBox(width: 100, height: 100)

    struct Case: Sendable {
        var id: String
        var svg: AnimatedSVG
        var times: [Double]
    }

    static func animation(_ definition: ComponentDefinition, catalog: Catalog? = nil) throws -> Case {
        let reference = try ReferenceBox(width: box.width, height: box.height)
        let export = try ComponentExport(definition: definition, target: .css, catalog: catalog, context: DefinitionContext(referenceBox: reference))
        let svg = try export.svg()
        let end = definition.kind == .chain ? 3 : AnimationEffect(try AnimationDefinition(definition)).endTime
        // Whole milliseconds: Gecko keeps SMIL times as integer milliseconds (setCurrentTime(0.0114) shows 11 ms).
        let times = ExportCases.times(ending: end.isFinite ? end : 2.5).filter { $0 >= 0 }.map { ($0 * 1000).rounded() / 1000 }
        return Case(id: definition.name, svg: svg, times: times)
    }

    /// Every difference beyond the bounds in `engine`, and how many rectangles were compared.
    static func problems(_ cases: [Case], engine: BrowserEngine) throws -> (problems: [String], compared: Int) {
        let sections = cases.enumerated().map { index, c in #"<div id="c\#(index)">\#(c.svg.text)</div>"# }.joined(separator: "\n")
        let times = JSONValue.array(cases.map { .array($0.times.map(JSONValue.number)) }).canonicalText
        let page = """
            <!doctype html><html><head><meta charset="utf-8"></head><body>\(sections)<pre id="out"></pre><script>
            const times = \(times);
            // A document's timelines start once it has loaded (Gecko) and at the next frame; from
            // then on setCurrentTime() applies at once.
            const loaded = new Promise((resolve) => document.readyState === "complete" ? resolve() : addEventListener("load", resolve));
            loaded.then(() => requestAnimationFrame(() => requestAnimationFrame(() => {
            const results = times.map((list, index) => {
              const svg = document.querySelector(`#c${index} svg`);
              svg.pauseAnimations();
              return list.map((t) => {
                svg.setCurrentTime(t);
                return [...svg.querySelectorAll("rect")].map((rect) => {
                  const style = getComputedStyle(rect);
                  // The box's corner to the document: the groups' transforms, the rectangle's, its x and y.
                  let m = new DOMMatrix();
                  for (let element = rect; element !== svg; element = element.parentNode) {
                    const list = element.transform.animVal;
                    let own = new DOMMatrix();
                    for (let i = 0; i < list.numberOfItems; i++) {
                      const f = list.getItem(i).matrix;
                      own = own.multiply(new DOMMatrix([f.a, f.b, f.c, f.d, f.e, f.f]));
                    }
                    m = own.multiply(m);
                  }
                  m = m.translate(rect.x.animVal.value, rect.y.animVal.value);
                  const matrix = [m.a, m.b, m.c, m.d, m.e, m.f];
                  return [Number(style.opacity), style.fill, Number(style.fillOpacity), rect.rx.animVal.value, matrix];
                });
              });
            });
            document.getElementById("out").textContent = JSON.stringify(results);
            })));
            </script></body></html>
            """
        EngineTable.note(.svg, engine: engine, cases: cases.count)
        let answer = try engine.evaluate(html: page)
        var problems: [String] = [], compared = 0
        for (index, c) in cases.enumerated() {
            guard let rows = answer.arrayValue.flatMap({ index < $0.count ? $0[index].arrayValue : nil }) else {
                problems.append("\(c.id): no result")
                continue
            }
            for (row, t) in zip(rows, c.times) {
                for (role, shown) in zip(c.svg.roles, row.arrayValue ?? []) {
                    // At a jump's instant which side shows depends on rounding: not compared.
                    if try isJump(role, at: t) { continue }
                    compared += 1
                    let sample = role.sample(t)
                    if let problem = try compare(sample, shown) { problems.append("\(engine): \(c.id) \(role.name) at t=\(t): \(problem)") }
                }
            }
        }
        return (problems, compared)
    }

    /// Whether the engine jumps within 2 µs of `t` (its values either side beyond the bound).
    static func isJump(_ role: AnimatedSVG.Role, at t: Double) throws -> Bool {
        let (before, after) = (role.sample(max(t - 2e-6, 0)), role.sample(t + 2e-6))
        for channel in SVGChannel.allCases {
            let a = try channel.values(before, box: box, previous: nil)
            if channel.error(a, try channel.values(after, box: box, previous: a), box: box) > 1 { return true }
        }
        return false
    }

    /// What the browser showed against the engine: nil when within the bounds.
    static func compare(_ sample: [String: AnimatedValue], _ shown: JSONValue) throws -> String? {
        guard let fields = shown.arrayValue, fields.count == 5 else { return "unreadable \(shown.canonicalText)" }
        let opacity = try SVGChannel.opacity.values(sample, box: box, previous: nil)[0]
        if let o = fields[0].numberValue, abs(o - opacity) > 0.001 + 1e-5 { return "opacity \(o), engine \(opacity)" }
        let fill = try SVGChannel.fill.values(sample, box: box, previous: nil)
        let rgb = (fields[1].stringValue ?? "").split(whereSeparator: { "rgba(), ".contains($0) }).compactMap { Double($0) }
        let alpha = fields[2].numberValue ?? -1
        guard rgb.count >= 3 else { return "unreadable fill \(fields[1].canonicalText)" }
        // Premultiplied, within the bound (2.6/255, alpha 1.2/255) and a step of 8-bit rounding.
        if (0..<3).contains(where: { abs(rgb[$0] / 255 * alpha - fill[$0] * fill[3]) > 3.6 / 255 }) || abs(alpha - fill[3]) > 1.7 / 255 {
            return "fill \(fields[1].canonicalText) \(alpha), engine \(fill)"
        }
        let radius = try SVGChannel.radius.values(sample, box: box, previous: nil)[0]
        if let r = fields[3].numberValue, abs(r - radius) > 0.1 + 1e-3 { return "rx \(r), engine \(radius)" }
        let m = try SVGChannel.matrix(sample, box: box)
        let expected = [m.m11, m.m12, m.m21, m.m22, m.m41, m.m42]
        let matrix = fields[4].arrayValue?.compactMap(\.numberValue) ?? []
        // The bound, 0.001·max(1, |v|), and single precision's rounding of the browser.
        if matrix.count != 6 || zip(matrix, expected).contains(where: { abs($0 - $1) > 1.2e-3 * max(1, abs($1)) }) {
            return "transform \(matrix), engine \(expected)"
        }
        return nil
    }

    @Test(arguments: BrowserEngine.allCases)
    func everyBuiltInPlaysAsTheEngineComputesIt(engine: BrowserEngine) throws {
        let folder = TemporaryFolder()
        let catalog = try Catalog(path: folder.file("c.sqlite"))
        let cases = try BuiltInCatalog.definitions().filter { $0.kind == .animation || $0.kind == .chain }.map { try Self.animation($0, catalog: catalog) }
        #expect(cases.count >= 19)
        let (problems, compared) = try Self.problems(cases, engine: engine)
        #expect(compared > 500, "\(compared) compared")
        #expect(problems.isEmpty, "\(problems.count) differences:\n\(problems.prefix(30).joined(separator: "\n"))")
        // Where the web exports are exact, so mostly is the SVG: key splines, holds, key times at the knots.
        let exact = cases.filter { c in c.svg.explanation.allSatisfy { $0.fidelity == .exact } }
        #expect(exact.count >= 12, "exact: \(exact.map(\.id))")
    }

    /// The generated definitions' documents, made once for the three engines' cases.
    static let generated = Result { () throws -> [Case] in try GeneratedExportTests.definitions().map { try animation($0) } }

    @Test(arguments: BrowserEngine.allCases)
    func generatedDefinitionsPlayAsTheEngineComputesThem(engine: BrowserEngine) throws {
        let cases = try Self.generated.get()
        let (problems, compared) = try Self.problems(cases, engine: engine)
        #expect(compared > 5000, "\(compared) compared")
        let failing = Set(problems.map { $0.split(separator: " ").prefix(2).joined(separator: " ") })
        #expect(problems.isEmpty, "\(failing.count) cases differ: \(failing.sorted().joined(separator: ", "))\n\(problems.prefix(30).joined(separator: "\n"))")
    }

    /// Core Animation's cumulative and paced animations, which the web must bake, are SMIL's own:
    /// the first cycle exact, repeated with `accumulate="sum"`; paced key times the engine computes.
    @Test(arguments: BrowserEngine.allCases)
    func cumulativeAndPacedAnimationsAreExact(engine: BrowserEngine) throws {
        let bodies = [
            #"{"type": "keyframe", "keyPath": "transform.translation.y", "values": [0, -6, 10], "keyTimes": [0, 0.3, 1], "timingFunctions": ["easeIn", "easeOut"], "duration": 0.4, "repeatCount": 3, "cumulative": true, "fillMode": "forwards", "removedOnCompletion": false}"#,
            #"{"type": "basic", "keyPath": "transform.translation.x", "fromValue": 0, "toValue": 12, "duration": 0.2, "beginTime": 0.1, "repeatCount": 2.5, "cumulative": true, "timingFunction": "easeInEaseOut"}"#,
            #"{"type": "keyframe", "keyPath": "opacity", "values": [0, 1, 0.2, 0.9], "calculationMode": "paced", "duration": 0.5, "fillMode": "both", "removedOnCompletion": false}"#,
            // About the box's centre: the rectangle is drawn about it, so the rotation alone adds up.
            #"{"type": "basic", "keyPath": "transform.rotation.z", "fromValue": 0, "toValue": 1.2, "duration": 0.3, "repeatCount": 3, "cumulative": true, "timingFunction": "easeOut", "fillMode": "forwards", "removedOnCompletion": false}"#,
            #"{"type": "basic", "keyPath": "transform.scale", "fromValue": 1, "toValue": 1.25, "duration": 0.25, "repeatCount": 2, "cumulative": true}"#
        ]
        let cases = try bodies.enumerated().map { index, body in
            try Self.animation(
                try DefinitionDecoder.decode(
                    text: #"{"name": "smil-\#(index)", "kind": "animation", "version": "1.0.0", "animation": \#(body)}"#, file: "smil-\(index).json"))
        }
        for c in cases {
            #expect(!c.svg.explanation.isEmpty && c.svg.explanation.allSatisfy { $0.fidelity == .exact }, "\(c.id): \(c.svg.explanation)")
        }
        #expect(cases[0].svg.text.contains(#"repeatCount="3" accumulate="sum""#) && cases[1].svg.text.contains(#"repeatCount="2.5" accumulate="sum""#))
        #expect(cases[3].svg.text.contains(#"type="rotate""#) && cases[3].svg.text.contains(#"repeatCount="3" accumulate="sum""#))
        #expect(cases[4].svg.text.contains(#"type="scale""#) && cases[4].svg.text.contains(#"repeatCount="2" accumulate="sum""#))
        let (problems, compared) = try Self.problems(cases, engine: engine)
        #expect(compared > 50, "\(compared) compared")
        #expect(problems.isEmpty, "\(problems.count) differences:\n\(problems.prefix(30).joined(separator: "\n"))")
    }
}
