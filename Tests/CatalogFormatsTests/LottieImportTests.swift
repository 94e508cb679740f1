import CatalogKit
import Foundation
import Testing
import TestSupport

/// `catalog add FILE.json` of a Lottie document: documents built with python-lottie's own API
/// (seeded: anchors, joined and split positions, scales, rotations, opacities and fill colours
/// under every easing it writes, holds, late-starting layers, two-layer documents) and by hand
/// in the old keyframe format are imported, and the engine's values of the result equal
/// python-lottie's values of the original at times across it.
struct LottieImportTests {
    /// The engine's transform about its anchor point, its opacity and its fill, as the export
    /// tests read them, for a canvas of `size`.
    static func shown(_ values: [String: AnimatedValue], size: (Double, Double)) -> (matrix: [Double], opacity: Double, fill: [Double]) {
        let shown = LottieExportTests.shown(values, size: size)
        return (shown.matrix, shown.opacity, shown.fill)
    }

    /// Each role's (layer's) animation in an imported definition, by the layer's name.
    static func animations(_ definition: ComponentDefinition, layerNames: [String]) throws -> [String: AnimationEffect] {
        if definition.kind == .animation { return [layerNames[0]: AnimationEffect(try AnimationDefinition(definition))] }
        let chain = try ChainDefinition(definition)
        guard case .concurrent(let steps) = chain.root else { throw DefinitionError(file: definition.name, path: "chain", rule: "not concurrent") }
        var effects: [String: AnimationEffect] = [:]
        for (index, step) in steps.enumerated() {
            guard case .animate(let animate) = step, let body = animate.inline?["animation"] else { continue }
            let one = try ComponentDefinition(json: ["name": "layer", "kind": "animation", "version": "1.0.0", "animation": body], file: "inline")
            effects[layerNames[index]] = AnimationEffect(try AnimationDefinition(one))
        }
        return effects
    }

    static func problems(_ files: [URL]) throws -> (problems: [String], compared: Int) {
        var documents: [LottieJudge.Document] = [],
            cases: [(id: String, fr: Double, size: (Double, Double), times: [Double], effects: [String: AnimationEffect])] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let json = try JSONReader.read(text)
            let (fr, op) = (json["fr"]!.numberValue!, json["op"]!.numberValue!)
            let size = (json["w"]?.numberValue ?? 100, json["h"]?.numberValue ?? 100)
            // Null layers show nothing: the roles are the other layers.
            let names = json["layers"]!.arrayValue!.filter { $0["ty"]?.numberValue != 3 }.compactMap { $0["nm"]?.stringValue }
            let definitions = try DefinitionDecoder.decodeAll(text: text, file: file.lastPathComponent)
            #expect(definitions.count == 1, "\(file.lastPathComponent)")
            let times = ExportCases.times(ending: op / fr).filter { $0 >= 0 && $0 * fr <= op }
            cases.append((file.lastPathComponent, fr, size, times, try animations(definitions[0], layerNames: names)))
            documents.append(.init(id: file.lastPathComponent, lottie: text, times: times.map { $0 * fr }, frames: [], probes: []))
        }
        let verdicts = try LottieJudge.judge(documents)
        var problems: [String] = [], compared = 0
        for c in cases {
            for (layer, effect) in c.effects {
                guard let values = verdicts[c.id]?.values[layer] else { problems.append("\(c.id): python-lottie has no layer \(layer)"); continue }
                for (index, t) in c.times.enumerated() {
                    compared += 1
                    let sample = effect.sample(at: t)
                    let engine = Dictionary(zip(effect.properties.map(\.name), sample.values)) { _, last in last }
                    let (matrix, opacity, fill) = shown(engine, size: c.size)
                    let player = values["matrix"]![index]
                    if let k = (0..<6).first(where: { abs(player[$0] - matrix[$0]) > 1e-5 * max(1, abs(matrix[$0])) }) {
                        problems.append("\(c.id) \(layer) matrix[\(k)] at t=\(t): engine \(matrix[k]), python-lottie \(player[k])")
                    }
                    // A layer outside its ip…op shows nothing.
                    // Players draw an eased overshoot clamped: opacity and colour channels within 0…1.
                    func clamped(_ v: Double) -> Double { min(max(v, 0), 1) }
                    let playerOpacity = clamped(values["o"]![index][0] / 100) * values["shown"]![index][0]
                    if abs(playerOpacity - opacity) > 1e-6 {
                        problems.append("\(c.id) \(layer) opacity at t=\(t): engine \(opacity), python-lottie \(playerOpacity)")
                    }
                    let color = values["fill.c"]![index].map(clamped), alpha = clamped(values["fill.o"]![index][0] / 100)
                    if zip(Array(color.prefix(3)) + [alpha], fill).contains(where: { abs($0 - $1) > 1e-6 }) {
                        problems.append("\(c.id) \(layer) fill at t=\(t): engine \(fill), python-lottie \(color) \(alpha)")
                    }
                }
            }
        }
        return (problems, compared)
    }

    /// The old keyframe format Bodymovin wrote before 5.5: each keyframe carries the value it
    /// ends on (`e`), the last has only a time, and a segment may end where the next does not start.
    static let oldFormat = #"""
        {"v": "4.8.0", "fr": 25, "ip": 0, "op": 50, "w": 120, "h": 90, "layers": [{"ty": 4, "nm": "Old Box", "ind": 1, "ip": 0, "op": 50, "st": 0, "sr": 1,
         "ks": {"a": {"a": 0, "k": [30, 20, 0]}, "o": {"a": 1, "k": [{"t": 0, "s": [0], "e": [100], "i": {"x": [0.58], "y": [1]}, "o": {"x": [0.42], "y": [0]}},
                                                                   {"t": 20, "s": [100], "e": [40], "i": {"x": [0.833], "y": [0.833]}, "o": {"x": [0.167], "y": [0.167]}},
                                                                   {"t": 35}]},
                "p": {"a": 1, "k": [{"t": 5, "s": [10, 10, 0], "e": [90, 60, 0], "i": {"x": [0.5], "y": [1]}, "o": {"x": [0.5], "y": [0]}},
                                    {"t": 25, "s": [60, 30, 0], "e": [20, 70, 0], "h": 1}, {"t": 40}]},
                "s": {"a": 1, "k": [{"t": 0, "s": [100, 100, 100], "e": [150, 80, 100], "i": {"x": [0.2, 0.2, 0.2], "y": [1, 1, 1]}, "o": {"x": [0.8, 0.8, 0.8], "y": [0, 0, 0]}}, {"t": 30}]},
                "r": {"a": 1, "k": [{"t": 10, "s": [0], "e": [-120], "i": {"x": [0.25], "y": [1]}, "o": {"x": [0.75], "y": [0]}}, {"t": 45}]}},
         "shapes": [{"ty": "gr", "it": [{"ty": "rc", "d": 1, "s": {"a": 0, "k": [60, 40]}, "p": {"a": 0, "k": [30, 20]}, "r": {"a": 0, "k": 4}},
                                      {"ty": "fl", "c": {"a": 0, "k": [0.9, 0.3, 0.1, 1]}, "o": {"a": 0, "k": 80}},
                                      {"ty": "tr", "a": {"a": 0, "k": [0, 0]}, "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}]}]}
        """#

    @Test func anOldFormatDocumentSamplesAsPythonLottieEvaluatesIt() throws {
        let folder = TemporaryFolder()
        let file = URL(fileURLWithPath: folder.file("old-box.json"))
        try Self.oldFormat.write(to: file, atomically: true, encoding: .utf8)
        let definition = try #require(try DefinitionDecoder.decodeAll(text: Self.oldFormat, file: "old-box.json").first)
        #expect(definition.name == "old-box" && definition.kind == .animation)
        let (problems, compared) = try Self.problems([file])
        #expect(problems.isEmpty, "\(problems.count) differences:\n\(problems.prefix(30).joined(separator: "\n"))")
        #expect(compared > 20)
    }

    /// What the catalog cannot play is refused with the layer and the reason — or left out and listed.
    @Test func unsupportedLayersAreRefusedByNameOrLeftOut() throws {
        let layers: [(json: String, reason: String)] = [
            (#"{"ty": 0, "nm": "Comp", "refId": "comp_0", "ks": {}}"#, "a precomposition"),
            (#"{"ty": 4, "nm": "Masked", "hasMask": true, "masksProperties": [{"mode": "a"}], "ks": {}, "shapes": []}"#, "a mask"),
            (#"{"ty": 4, "nm": "Matte", "tt": 1, "ks": {}, "shapes": []}"#, "a track matte"),
            (#"{"ty": 4, "nm": "Child", "parent": 7, "ks": {}, "shapes": []}"#, "a parent (ind 7) the document does not have"),
            (#"{"ty": 4, "nm": "Loop", "ind": 5, "parent": 5, "ks": {}, "shapes": []}"#, "parents in a cycle"),
            (
                #"{"ty": 4, "nm": "Orphan", "parent": 6, "ks": {}, "shapes": []}, {"ty": 3, "nm": "Deep", "ind": 6, "ddd": 1, "ks": {}}"#,
                "a parent (\"Deep\") with a 3D layer"
            ),
            (#"{"ty": 4, "nm": "Stretched", "sr": 2, "ks": {}, "shapes": []}"#, "a time stretch (sr 2)"),
            (#"{"ty": 4, "nm": "Oriented", "ao": 1, "ks": {}, "shapes": []}"#, "auto-orient"),
            (#"{"ty": 4, "nm": "Sheared", "ks": {"sk": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 10, "s": [89]}]}}, "shapes": []}"#, "a skew beyond ±85°"),
            (#"{"ty": 4, "nm": "Scripted", "ks": {"o": {"a": 0, "k": 100, "x": "var $bm_rt = 50;"}}, "shapes": []}"#, "an expression"),
            (#"{"ty": 4, "nm": "Trimmed", "ks": {}, "shapes": [{"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 50}}]}"#, "trim paths"),
            (
                #"{"ty": 4, "nm": "Curved", "ks": {"a": {"a": 1, "k": [{"t": 0, "s": [0, 0], "to": [10, 0], "ti": [0, 10]}, {"t": 10, "s": [50, 50]}]}}, "shapes": []}"#,
                "a motion path (spatial tangents on anchor)"
            )
        ]
        let animated = #"{"ty": 4, "nm": "Fader", "ks": {"o": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 10, "s": [100]}]}}, "shapes": []}"#
        for (layer, reason) in layers {
            let text = #"{"v": "5.7.4", "fr": 30, "ip": 0, "op": 10, "w": 100, "h": 100, "layers": ["# + layer + "," + animated + "]}"
            do {
                _ = try DefinitionDecoder.decodeAll(text: text, file: "refused.json")
                Issue.record("\(reason): accepted")
            } catch {
                #expect(error.path == "layers[0]" && error.rule.contains(reason) && error.rule.contains("--skip-unsupported"), "\(error)")
            }
            let kept = try DefinitionDecoder.decodeAll(text: text, file: "kept.json", options: .init(skipUnsupported: true))
            #expect(
                kept.count == 1 && kept[0].kind == .animation && kept[0].ignoredDeclarations.count == 1
                    && kept[0].ignoredDeclarations[0].contains(reason), "\(kept.map(\.ignoredDeclarations))")
        }
    }

    /// Every built-in exported to Lottie and imported back plays as the built-in: exactly where the
    /// export was exact, within the bound where it baked.
    @Test func everyBuiltInComesBackFromItsLottieExport() throws {
        var problems: [String] = []
        for definition in try BuiltInCatalog.definitions().filter({ $0.kind == .animation }) {
            let export = try ComponentExport(definition: definition, target: .css).lottie(frameRate: 60)
            let copy = try #require(try DefinitionDecoder.decodeAll(text: export.document.text, file: "\(definition.name).json").first)
            let original = AnimationEffect(try AnimationDefinition(definition)), back = AnimationEffect(try AnimationDefinition(copy))
            let exact = export.explanation.allSatisfy { $0.fidelity == .exact }
            let end = export.document.outPoint / 60
            for t in ExportCases.times(ending: end).filter({ $0 >= 0 && $0 < end }) {
                let a = Self.shown(Dictionary(zip(original.properties.map(\.name), original.sample(at: t).values)) { _, last in last }, size: (100, 100))
                let b = Self.shown(Dictionary(zip(back.properties.map(\.name), back.sample(at: t).values)) { _, last in last }, size: (100, 100))
                // Baked: each channel within its bound, a scale's moving the translation entries by
                // as much times the origin's distance (50 px).
                let tolerance = exact ? 1e-6 : 3e-3
                let off = zip(a.matrix, b.matrix).enumerated().contains { k, pair in
                    abs(pair.0 - pair.1) > tolerance * max(1, abs(pair.0)) + (exact || k < 4 ? 0 : 2e-3 * 100)
                }
                if off || abs(a.opacity - b.opacity) > tolerance {
                    problems.append("\(definition.name) at t=\(t): \(a.matrix) \(a.opacity) came back as \(b.matrix) \(b.opacity)")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.count) differences:\n\(problems.prefix(20).joined(separator: "\n"))")
    }

    /// A one-layer document imported and played by the engine, against rlottie's frames of the
    /// original (within 3/255; it may run 2/255 darker) and ThorVG's at those frames and half a
    /// frame after each (within 3/255, 1/255 darker): the differences at probes clear of an edge
    /// by `margin` px, how many probes were compared, and which probes each of rlottie's frames covers.
    /// - Parameter thorvg: false where ThorVG reads the document otherwise than rlottie and lottie-web.
    static func againstRlottie(_ text: String, id: String, frames: [Int], frameRate: Double = 30, margin: Double = 1.5, thorvg: Bool = true) throws
        -> (problems: [String], compared: Int, drawn: [[Bool]])
    {
        let definition = try #require(try DefinitionDecoder.decodeAll(text: text, file: "\(id).json").first)
        #expect(definition.kind == .animation)
        let effect = AnimationEffect(try AnimationDefinition(definition))
        let last = Double(frames.max() ?? 0)
        let thorvgFrames = frames.flatMap { Double($0) + 0.5 < last ? [Double($0), Double($0) + 0.5] : [Double($0)] }
        let verdict = try #require(
            try LottieJudge.judge([.init(id: id, lottie: text, times: [], frames: frames, thorvgFrames: thorvgFrames, probes: LottieExportTests.probes)])[id])
        var problems: [String] = [], compared = 0
        let thorvgPixels = try #require(verdict.thorvg, "ThorVG could not load \(id)")
        let players = [("rlottie", verdict.pixels, frames.map(Double.init), 2.0), ("ThorVG", thorvgPixels, thorvgFrames, 1.0)]
        for (player, rendered, renderedFrames, darker) in players.prefix(thorvg ? 2 : 1) {
            for (index, frame) in renderedFrames.enumerated() {
                let values = Dictionary(zip(effect.properties.map(\.name), effect.sample(at: frame / frameRate).values)) { _, last in last }
                for (probe, actual) in zip(LottieExportTests.probes, rendered[index]) {
                    guard let expected = LottieExportTests.pixel(probe[0], probe[1], roles: [values], margin: margin) else { continue }
                    compared += 1
                    if zip(expected, actual).contains(where: { $0 - $1 > 3 + darker || $1 - $0 > 3 }) {
                        problems.append("frame \(frame) pixel \(probe): engine \(expected), \(player) \(actual)")
                    }
                }
            }
        }
        return (problems, compared, verdict.pixels.map { $0.map { $0[3] > 128 } })
    }

    /// Many exporters write a 2D layer's rotation as `rz`, which lottie-web and rlottie turn the
    /// layer by and python-lottie and ThorVG ignore (measured): read as the rotation, and held to
    /// rlottie's frames of the original.
    @Test func aRotationWrittenAsRzTurnsAsRlottieDrawsIt() throws {
        let (w, h) = (LottieExportTests.box.width, LottieExportTests.box.height)
        let text = #"""
            {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": \#(Int(w)), "h": \#(Int(h)), "layers": [{"ty": 4, "nm": "Spinner", "ind": 1, "ip": 0, "op": 30, "st": 0,
             "ks": {"a": {"a": 0, "k": [\#(w / 2), \#(h / 2)]}, "p": {"a": 0, "k": [\#(w / 2), \#(h / 2)]}, "s": {"a": 0, "k": [60, 60]},
                    "rx": {"a": 0, "k": 0}, "ry": {"a": 0, "k": 0}, "or": {"a": 0, "k": [0, 0, 0]},
                    "rz": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.42], "y": [0]}, "i": {"x": [0.58], "y": [1]}}, {"t": 30, "s": [135]}]}},
             "shapes": [{"ty": "gr", "it": [{"ty": "rc", "d": 1, "s": {"a": 0, "k": [\#(w), \#(h)]}, "p": {"a": 0, "k": [\#(w / 2), \#(h / 2)]}, "r": {"a": 0, "k": 0}},
                                           {"ty": "fl", "c": {"a": 0, "k": [0.1, 0.6, 0.3, 1]}, "o": {"a": 0, "k": 100}},
                                           {"ty": "tr", "a": {"a": 0, "k": [0, 0]}, "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}]}]}
            """#
        let (problems, compared, drawn) = try Self.againstRlottie(text, id: "spinner", frames: [0, 5, 10, 15, 20, 25, 29], thorvg: false)
        #expect(problems.isEmpty, "\(problems.count) differences:\n\(problems.prefix(20).joined(separator: "\n"))")
        // The rotation shows: some probes inside at one frame are outside at another.
        #expect(compared > 100 && Set(drawn).count > 1)
    }

    /// Parenting, checked against the second player: a layer shown for part of the document,
    /// hanging from a null that turns and scales, itself hanging from a null that moves —
    /// rlottie's frames of the original. Two rlottie quirks, measured, kept out of the way: it
    /// reads a layer's `r` only when `"ddd": 0` comes before its `ks` (else it turns by `rz`
    /// alone), so these layers say it first, as exporters write it; and it ignores a layer's start
    /// time (`st`) — lottie-web shifts each layer's keyframes by its own (`offsetTime`), as the
    /// import does and the seeded documents check against python-lottie — so these start at 0.
    @Test func aParentedLayerMovesAsRlottieDrawsIt() throws {
        let (w, h) = (LottieExportTests.box.width, LottieExportTests.box.height)
        let text = #"""
            {"v": "5.7.4", "fr": 30, "ip": 0, "op": 40, "w": \#(Int(w)), "h": \#(Int(h)), "layers": [
             {"ty": 4, "nm": "Arm", "ddd": 0, "ind": 1, "parent": 2, "ip": 4, "op": 34, "st": 0, "sr": 1,
              "ks": {"a": {"a": 0, "k": [10, 10]}, "p": {"a": 1, "k": [{"t": 0, "s": [20, 0], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}}, {"t": 25, "s": [\#(w / 4), 10]}]},
                     "s": {"a": 0, "k": [35, 25]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}},
              "shapes": [{"ty": "gr", "it": [{"ty": "rc", "d": 1, "s": {"a": 0, "k": [\#(w), \#(h)]}, "p": {"a": 0, "k": [\#(w / 2), \#(h / 2)]}, "r": {"a": 0, "k": 0}},
                                            {"ty": "fl", "c": {"a": 0, "k": [0.8, 0.2, 0.3, 1]}, "o": {"a": 0, "k": 100}},
                                            {"ty": "tr", "a": {"a": 0, "k": [0, 0]}, "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}]},
             {"ty": 3, "nm": "Elbow", "ddd": 0, "ind": 2, "parent": 3, "ip": 0, "op": 40, "st": 0, "sr": 1,
              "ks": {"a": {"a": 0, "k": [0, 0]}, "p": {"a": 0, "k": [0, 0]}, "o": {"a": 0, "k": 30},
                     "r": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.42], "y": [0]}, "i": {"x": [0.58], "y": [1]}}, {"t": 30, "s": [150]}]},
                     "s": {"a": 1, "k": [{"t": 5, "s": [60, 100], "o": {"x": [0.2], "y": [0]}, "i": {"x": [0.4], "y": [1]}}, {"t": 20, "s": [130, 80]}]}}},
             {"ty": 3, "nm": "Shoulder", "ddd": 0, "ind": 3, "ip": 0, "op": 40, "st": 0, "sr": 1,
              "ks": {"a": {"a": 0, "k": [0, 0]}, "p": {"a": 1, "k": [{"t": 0, "s": [\#(w / 3), \#(h / 2)], "h": 1}, {"t": 18, "s": [\#(w / 2), \#(h * 0.6)]}]},
                     "r": {"a": 0, "k": -20}, "s": {"a": 0, "k": [100, 100]}, "o": {"a": 0, "k": 100}}}]}
            """#
        // Two pixels' margin: rlottie's cached easing curves (two decimals) move a long path by up to a pixel.
        let frames = [0, 3, 4, 8, 12, 16, 20, 24, 28, 33, 35, 39]
        let (problems, compared, drawn) = try Self.againstRlottie(text, id: "arm", frames: frames, margin: 2.5)
        #expect(problems.isEmpty, "\(problems.count) differences:\n\(problems.prefix(20).joined(separator: "\n"))")
        // It moves, and shows nothing before frame 4 and after its out point. (rlottie still draws a
        // layer at its `op` frame, measured; the specification and lottie-web hide it there, as the import does.)
        #expect(compared > 300 && Set(drawn).count > 5)
        #expect(!drawn[0].contains(true) && !drawn[frames.firstIndex(of: 35)!].contains(true))
    }

    /// A precomposition's content in the layer's document, with a box that moves, turns and
    /// fades over its own frames 0…30 and shows from its frame 2 to 28; `layer` is the
    /// precomposition layer's members beyond its type and asset.
    static func precomposed(_ layer: String) -> String {
        let (w, h) = (LottieExportTests.box.width, LottieExportTests.box.height)
        return #"""
            {"v": "5.7.4", "fr": 30, "ip": 0, "op": 60, "w": \#(Int(w)), "h": \#(Int(h)),
             "assets": [{"id": "comp_0", "layers": [
              {"ty": 4, "nm": "Box", "ddd": 0, "ind": 1, "ip": 2, "op": 28, "st": 0, "sr": 1,
               "ks": {"a": {"a": 0, "k": [\#(w / 2), \#(h / 2)]}, "s": {"a": 0, "k": [30, 40]},
                      "p": {"a": 1, "k": [{"t": 0, "s": [20, 30], "o": {"x": [0.4], "y": [0]}, "i": {"x": [0.6], "y": [1]}}, {"t": 30, "s": [\#(w - 20), \#(h - 25)]}]},
                      "r": {"a": 1, "k": [{"t": 4, "s": [0], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}}, {"t": 24, "s": [90]}]},
                      "o": {"a": 0, "k": 100}},
               "shapes": [{"ty": "gr", "it": [{"ty": "rc", "d": 1, "s": {"a": 0, "k": [\#(w), \#(h)]}, "p": {"a": 0, "k": [\#(w / 2), \#(h / 2)]}, "r": {"a": 0, "k": 0}},
                                             {"ty": "fl", "c": {"a": 0, "k": [0.2, 0.4, 0.8, 1]}, "o": {"a": 0, "k": 100}},
                                             {"ty": "tr", "a": {"a": 0, "k": [0, 0]}, "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}]}]}],
             "layers": [{"ty": 0, "nm": "Scene", "refId": "comp_0", "ddd": 0, "ind": 1, "w": \#(Int(w)), "h": \#(Int(h)),
                         "ks": {"a": {"a": 0, "k": [0, 0]}, "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}},
                         \#(layer)}]}
            """#
    }

    /// A precomposition stretched (`sr`) and started late (`st`): its content runs at
    /// `(t − st) / sr`, as rlottie draws it (and lottie-web and ThorVG compute it).
    @Test func aStretchedPrecompositionPlaysAsRlottieDrawsIt() throws {
        let text = Self.precomposed(#""ip": 0, "op": 60, "st": 6, "sr": 1.5"#)
        // Shown from 6 + 1.5 × 2 = 9 to 6 + 1.5 × 28 = 48. (rlottie rounds the content's frame
        // down and draws a layer at its out point, measured: at 49, frame 28.67, it still shows.)
        let frames = [0, 8, 9, 12, 18, 24, 30, 36, 42, 47, 50, 55]
        let (problems, compared, drawn) = try Self.againstRlottie(text, id: "stretched", frames: frames, margin: 2.5)
        #expect(problems.isEmpty, "\(problems.count) differences:\n\(problems.prefix(20).joined(separator: "\n"))")
        #expect(compared > 300 && Set(drawn).count > 6)
        #expect(!drawn[1].contains(true) && drawn[2].contains(true) && drawn[9].contains(true) && !drawn[10].contains(true))
    }

    /// A time remap to one time (a freeze frame, as After Effects writes it: held keyframes, or
    /// one value) holds the content as it stands at that frame — mid-move, mid-turn, on an
    /// eased segment — as rlottie draws it; a frame the content does not show at hides it.
    /// (rlottie ignores a remap written as one value — `mTimeRemap.isStatic()` in its
    /// `timeRemap`, measured —, which lottie-web and ThorVG hold; so that form is held to the
    /// held keyframes' import.)
    @Test func aFreezeFrameHoldsTheContentAsRlottieDrawsIt() throws {
        // A narrow box on a strong ease, so that the held frame's eased place (x ≈ 22) is far
        // from where a straight reading would put it (x = 44).
        func held(_ remap: String) -> String {
            Self.precomposed(#""ip": 0, "op": 60, "st": 0, "sr": 1, "# + remap)
                .replacingOccurrences(
                    of: #""o": {"x": [0.4], "y": [0]}, "i": {"x": [0.6], "y": [1]}"#, with: #""o": {"x": [0.9], "y": [0]}, "i": {"x": [0.1], "y": [1]}"#
                )
                .replacingOccurrences(of: #""s": {"a": 0, "k": [30, 40]}"#, with: #""s": {"a": 0, "k": [15, 40]}"#)
        }
        let heldKeys = held(#""tm": {"a": 1, "k": [{"t": 0, "s": [0.3], "h": 1}, {"t": 40, "s": [0.3], "h": 1}]}"#)
        #expect(heldKeys.contains(#""x": [0.9]"#) && heldKeys.contains("[15, 40]"))
        let frames = [0, 10, 30, 59]
        let (problems, compared, drawn) = try Self.againstRlottie(heldKeys, id: "held-keys", frames: frames, margin: 2.5)
        #expect(problems.isEmpty, "\(problems.count) differences:\n\(problems.prefix(20).joined(separator: "\n"))")
        // Drawn, and the same at every frame.
        #expect(compared > 100 && drawn[0].contains(true) && Set(drawn).count == 1)
        let oneValue = held(#""tm": {"a": 0, "k": 0.3}"#)
        #expect(
            try DefinitionDecoder.decodeAll(text: oneValue, file: "frozen.json").map(\.document)
                == DefinitionDecoder.decodeAll(text: heldKeys, file: "frozen.json").map(\.document))
        // Frame 29 of the content is past its out point (28): nothing shows, so nothing is drawn
        // that the catalog plays.
        let hidden = Self.precomposed(#""ip": 0, "op": 60, "st": 0, "sr": 1, "tm": {"a": 0, "k": 0.9667}"#)
        #expect { try DefinitionDecoder.decodeAll(text: hidden, file: "hidden.json") } throws: { "\($0)".contains("no layer draws anything") }
    }

    /// A time remap that only offsets — the composition's second 0.5 at frame 0, one second per
    /// second after — plays the content 15 frames ahead, as rlottie draws it.
    @Test func aTimeRemapThatOffsetsPlaysAsRlottieDrawsIt() throws {
        let remap = #""tm": {"a": 1, "k": [{"t": 0, "s": [0.5], "o": {"x": [0.2], "y": [0.2]}, "i": {"x": [0.8], "y": [0.8]}}, {"t": 60, "s": [2.5]}]}"#
        let text = Self.precomposed(#""ip": 0, "op": 60, "st": 0, "sr": 1, "# + remap)
        let frames = [0, 3, 6, 9, 12, 14, 15, 20]
        let (problems, compared, drawn) = try Self.againstRlottie(text, id: "offset", frames: frames, margin: 2.5)
        #expect(problems.isEmpty, "\(problems.count) differences:\n\(problems.prefix(20).joined(separator: "\n"))")
        // The content's frame 28 (its out point) is the document's 13.
        #expect(compared > 200 && drawn[4].contains(true) && !drawn[6].contains(true))
    }

    /// A time remap that plays and holds in turn — holding a frame in the middle of an eased
    /// move and turn, jumping to another, holding before its first keyframe — shows what rlottie
    /// draws at every frame: the content's keyframes cut where the remap turns, each cut easing
    /// the exact part of its curve. One that changes speed, reverses, or shows a layer in two
    /// separate spans is refused by name. (Each moving keyframe carries its handles, as
    /// exporters write them: rlottie misreads a keyframe without `o` and `i`. No frame falls on
    /// the content's out point, which rlottie still draws and lottie-web does not.)
    @Test func aTimeRemapThatPlaysAndHoldsPlaysAsRlottieDrawsIt() throws {
        let cases: [(id: String, remap: String, frames: [Int], shown: [Int], hidden: [Int])] = [
            (
                "play-hold-play",
                #"[{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 12, "s": [0.4], "h": 1}, {"t": 30, "s": [0.4], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 39, "s": [0.7]}]"#,
                [0, 1, 2, 6, 11, 12, 20, 29, 30, 34, 38, 39, 50], [2, 12, 20, 34, 50], [0, 1]
            ),
            (
                "hold-jump-play",
                #"[{"t": 0, "s": [0.2], "h": 1}, {"t": 15, "s": [0.5], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [1]}]"#,
                [0, 7, 14, 15, 20, 27, 29, 35], [0, 14, 15, 27], [29, 35]
            ),
            (
                "hold-first", #"[{"t": 10, "s": [0.2], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 40, "s": [1.2]}]"#,
                [0, 5, 10, 15, 25, 31, 33], [0, 5, 10, 31], [33]
            )
        ]
        for item in cases {
            let text = Self.precomposed(#""ip": 0, "op": 60, "st": 0, "sr": 1, "tm": {"a": 1, "k": "# + item.remap + "}")
            let (problems, compared, drawn) = try Self.againstRlottie(text, id: item.id, frames: item.frames, margin: 2.5)
            #expect(problems.isEmpty, "\(item.id): \(problems.count) differences:\n\(problems.prefix(20).joined(separator: "\n"))")
            #expect(compared > 100, "\(item.id)")
            for frame in item.shown { #expect(drawn[item.frames.firstIndex(of: frame)!].contains(true), "\(item.id) shows at \(frame)") }
            for frame in item.hidden { #expect(!drawn[item.frames.firstIndex(of: frame)!].contains(true), "\(item.id) hides at \(frame)") }
        }

        let refused: [(remap: String, reason: String)] = [
            (#""tm": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 60, "s": [1]}]}"#, "time remapping that changes speed or reverses"),
            (#""tm": {"a": 1, "k": [{"t": 0, "s": [2]}, {"t": 60, "s": [0]}]}"#, "time remapping that changes speed or reverses"),
            // Shown at content frame 6, hidden at 29 (past its out point), shown at 6 again.
            (
                #""tm": {"a": 1, "k": [{"t": 0, "s": [0.2], "h": 1}, {"t": 10, "s": [0.9667], "h": 1}, {"t": 20, "s": [0.2]}]}"#,
                "time remapping that shows a layer in separate spans"
            ),
            // An offset as such, but beside a start time: players disagree on which comes first.
            (
                #""st": 5, "tm": {"a": 1, "k": [{"t": 0, "s": [0.5]}, {"t": 60, "s": [2.5]}]}"#,
                "time remapping beside a start time or stretch"
            )
        ]
        for (remap, reason) in refused {
            #expect("\(reason)") {
                try DefinitionDecoder.decodeAll(text: Self.precomposed(#""ip": 0, "op": 60, "# + remap), file: "remapped.json")
            } throws: { error in
                error is DefinitionError && "\(error)".contains(reason)
            }
        }
    }

    /// A motion path — a position that curves between its keyframes (spatial tangents), eased —
    /// against rlottie's frames of the original, which moves the eased fraction of the path's
    /// length (python-lottie reads such a path otherwise, ignoring the easing: measured).
    @Test func aLayerOnACurvedPathMovesAsRlottieDrawsIt() throws {
        let (w, h) = (LottieExportTests.box.width, LottieExportTests.box.height)
        let text = #"""
            {"v": "5.7.4", "fr": 30, "ip": 0, "op": 45, "w": \#(Int(w)), "h": \#(Int(h)), "layers": [
             {"ty": 4, "nm": "Comet", "ddd": 0, "ind": 1, "ip": 0, "op": 45, "st": 0, "sr": 1,
              "ks": {"a": {"a": 0, "k": [\#(w / 2), \#(h / 2)]}, "s": {"a": 0, "k": [30, 30]}, "r": {"a": 0, "k": 15}, "o": {"a": 0, "k": 100},
                     "p": {"a": 1, "k": [{"t": 0, "s": [20, 60], "to": [30, -70], "ti": [-40, -10], "o": {"x": 0.4, "y": 0}, "i": {"x": 0.6, "y": 1}},
                                         {"t": 16, "s": [90, 20], "to": [20, 30], "ti": [10, -40], "o": {"x": 0.2, "y": 0.3}, "i": {"x": 0.5, "y": 0.9}},
                                         {"t": 30, "s": [70, 65], "to": [0, 0], "ti": [0, 0], "h": 1},
                                         {"t": 38, "s": [30, 30]}]}},
              "shapes": [{"ty": "gr", "it": [{"ty": "rc", "d": 1, "s": {"a": 0, "k": [\#(w), \#(h)]}, "p": {"a": 0, "k": [\#(w / 2), \#(h / 2)]}, "r": {"a": 0, "k": 0}},
                                            {"ty": "fl", "c": {"a": 0, "k": [0.2, 0.5, 0.9, 1]}, "o": {"a": 0, "k": 100}},
                                            {"ty": "tr", "a": {"a": 0, "k": [0, 0]}, "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}]}]}
            """#
        // Two pixels' margin, as for the rig: rlottie's cached easing curves.
        let (problems, compared, drawn) = try Self.againstRlottie(text, id: "comet", frames: Array(stride(from: 0, through: 44, by: 2)), margin: 2.5)
        #expect(problems.isEmpty, "\(problems.count) differences:\n\(problems.prefix(20).joined(separator: "\n"))")
        #expect(compared > 500 && Set(drawn).count > 8)
    }

    /// Seeded documents built with python-lottie's API (`count` of them from seed `first`).
    /// With `paths`, some positions curve between their keyframes (spatial tangents).
    static func generated(_ count: Int, first: Int = 0, paths: Bool = false) throws -> (files: [URL], folder: TemporaryFolder) {
        let folder = TemporaryFolder()
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../TestSupport/LottieDocuments.py").standardized
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try LottieJudge.pythonPath())
        process.arguments = [script.path, folder.path, String(count), String(first)] + (paths ? ["paths"] : [])
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        let files = try FileManager.default.contentsOfDirectory(at: URL(fileURLWithPath: folder.path), includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
        return (files, folder)
    }

    @Test func documentsBuiltWithPythonLottieSampleAsItEvaluatesThem() throws {
        let (files, folder) = try Self.generated(40)
        #expect(files.count == 40)
        let (problems, compared) = try Self.problems(files)
        #expect(problems.isEmpty, "\(problems.count) differences:\n\(problems.prefix(30).joined(separator: "\n"))")
        #expect(compared > 500)
        _ = folder
    }

    /// What an import makes — parent stacks, skews, moving anchors, motion paths, layers hidden
    /// outside their ip…op — exports back to Lottie and plays in both players as the engine
    /// computes it.
    @Test func importedDocumentsExportBackAndPlayInBothPlayers() throws {
        let (files, folder) = try Self.generated(16, first: 100, paths: true)
        var cases: [LottieExportTests.Case] = []
        for file in files {
            let definition = try #require(try DefinitionDecoder.decodeAll(text: String(contentsOf: file, encoding: .utf8), file: file.lastPathComponent).first)
            guard definition.kind == .animation else { continue }
            cases.append(try LottieExportTests.animation(definition, frameRate: 30))
        }
        #expect(cases.count > 12)
        let (problems, values, pixels) = try LottieExportTests.problems(cases)
        #expect(problems.isEmpty, "\(problems.count) differences:\n\(problems.prefix(30).joined(separator: "\n"))")
        #expect(values > 250 && pixels > 3000, "\(values) values, \(pixels) pixels compared")
        _ = folder
    }

    /// The same imports as CSS and Web Animations, run in headless Chromium: a parent stack's
    /// additive transforms, a moving anchor (a baked `transform-origin`) and a layer hidden
    /// outside its ip…op (`visibility`) show what the engine computes.
    @Test func importedDocumentsRunInEveryBrowserEngineAsTheEngineComputesThem() throws {
        let (files, folder) = try Self.generated(16, first: 100, paths: true)
        var cases: [BrowserCase] = []
        for file in files {
            let definition = try #require(try DefinitionDecoder.decodeAll(text: String(contentsOf: file, encoding: .utf8), file: file.lastPathComponent).first)
            guard definition.kind == .animation else { continue }
            for format in [ExportCases.Format.css, .waapi] {
                var item = try ExportCases.animation(definition, format: format, id: "\(definition.name)-\(format)")
                // A size, for the anchor's unit coordinates.
                item.ownStyle = "width: 120px; height: 80px"
                item.box = (120, 80)
                cases.append(item)
            }
        }
        #expect(cases.count > 24)
        let problems = try BrowserComparison.mismatches(cases, check: .lottieImports)
        #expect(problems.isEmpty, "\(problems.count) differences:\n\(problems.prefix(30).joined(separator: "\n"))")
        _ = folder
    }
}
