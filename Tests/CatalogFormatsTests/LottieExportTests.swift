import CatalogKit
import Foundation
import Testing
import TestSupport

/// `export --to lottie` held to three readers this project did not write: python-lottie evaluates
/// every layer's properties and composes its transform at the tests' times, rlottie and ThorVG
/// (the renderer of dotlottie-web, LVGL and Godot) render frames, and the Lottie specification's
/// schema (lottie-specs) validates each document. Exact channels agree with the engine to 1e-6 of
/// their range, baked ones within the bound; rendered pixels within 3/255 (rlottie's opacity runs
/// about 2/255 dark, ThorVG's 1/255). Every built-in animation and chain, and seeded random
/// definitions of every feature.
struct LottieExportTests {
    /// Not square, so that a swapped axis shows.
    static let box = (width: 120.0, height: 80.0)

    /// One export and what the engine shows of each role at the tests' times (seconds).
    struct Case {
        var id: String
        var export: LottieExport
        var times: [Double]
        /// Role → per time: the engine's values by property name.
        var engine: [String: [[String: AnimatedValue]]]
        /// Role → per rendered frame: the same.
        var engineAtFrames: [String: [[String: AnimatedValue]]]
        var frames: [Int]
        /// Role → per frame ThorVG renders (``thorvgFrames``): the same.
        var engineAtThorvgFrames: [String: [[String: AnimatedValue]]]
        var thorvgFrames: [Double]
    }

    static func times(_ export: LottieExport) -> (times: [Double], frames: [Int], thorvgFrames: [Double]) {
        let fr = export.document.frameRate, end = export.document.outPoint / fr
        let times = ExportCases.times(ending: end).filter { $0 >= 0 && $0 * fr <= export.document.outPoint }
        let last = Int(export.document.outPoint) - 1
        let frames = Array(Set((0...12).map { $0 * last / 12 })).sorted()
        // ThorVG takes fractional frames: each whole one, and one 0.37 of a frame after it.
        let thorvgFrames = frames.flatMap { frame in Double(frame) + 0.37 <= Double(last) ? [Double(frame), Double(frame) + 0.37] : [Double(frame)] }
        return (times, frames, thorvgFrames)
    }

    /// - Parameter reducedMotion: export and play what the definition's `reducedMotion:` makes of it.
    static func animation(_ definition: ComponentDefinition, frameRate: Double = 60, reducedMotion: Bool = false) throws -> Case {
        let reference = try ReferenceBox(width: box.width, height: box.height)
        let context = DefinitionContext(referenceBox: reference)
        let export = try ComponentExport(definition: definition, target: .css, reducedMotion: reducedMotion, context: context).lottie(frameRate: frameRate)
        let effect = ReducedMotionEffect(
            AnimationEffect(try AnimationDefinition(definition, context: context)), motion: reducedMotion ? definition.reducedMotion : nil)
        let names = effect.properties.map(\.name)
        func at(_ t: Double) -> [String: AnimatedValue] { Dictionary(zip(names, effect.sample(at: t).values)) { _, last in last } }
        let (times, frames, thorvgFrames) = Self.times(export)
        return Case(
            id: definition.name + (reducedMotion ? "/reduced" : ""), export: export, times: times, engine: [definition.name: times.map(at)],
            engineAtFrames: [definition.name: frames.map { at(Double($0) / frameRate) }], frames: frames,
            engineAtThorvgFrames: [definition.name: thorvgFrames.map { at($0 / frameRate) }], thorvgFrames: thorvgFrames)
    }

    /// A chain, its roles applied to objects of a scene: the engine's values are the scene's state.
    static func chain(_ name: String, catalog: Catalog) throws -> Case {
        let reference = try ReferenceBox(width: box.width, height: box.height)
        let definition = try #require(try catalog.database.components.get(name)).decode()
        let export = try ComponentExport(definition: definition, target: .css, catalog: catalog, context: DefinitionContext(referenceBox: reference)).lottie(
            frameRate: 60)
        let chain = try ChainDefinition(definition)
        var objects: [String: String] = [:]
        for role in chain.roles {
            objects[role] = "lottie-\(name)-\(role)"
            try catalog.database.objects.add(id: objects[role]!, type: "view")
        }
        let applied = try catalog.apply(name, roles: objects)
        let (times, frames, thorvgFrames) = Self.times(export)
        var engine: [String: [[String: AnimatedValue]]] = [:], atFrames: [String: [[String: AnimatedValue]]] = [:]
        var atThorvgFrames: [String: [[String: AnimatedValue]]] = [:]
        for role in chain.roles {
            func at(_ t: Double) throws -> [String: AnimatedValue] {
                try catalog.state(of: objects[role]!, at: applied.sceneTime + t).presentation.compactMapValues {
                    AnimationValue(model: $0).map(AnimatedValue.init)
                }
            }
            engine[role] = try times.map(at)
            atFrames[role] = try frames.map { try at(Double($0) / 60) }
            atThorvgFrames[role] = try thorvgFrames.map { try at($0 / 60) }
        }
        return Case(
            id: name, export: export, times: times, engine: engine, engineAtFrames: atFrames, frames: frames,
            engineAtThorvgFrames: atThorvgFrames, thorvgFrames: thorvgFrames)
    }

    /// Where the engine puts a role: the transform about its origin, as [a, b, c, d, tx, ty];
    /// its opacity; its fill (premultiplied by nothing: r, g, b, alpha).
    /// - Parameter size: the box the origin's unit coordinates are of (the tests' box by default).
    static func shown(_ values: [String: AnimatedValue], size: (width: Double, height: Double) = box) -> (
        matrix: [Double], opacity: Double, fill: [Double], radius: Double
    ) {
        var origin = (x: 0.5, y: 0.5)
        if case .point(let p)? = values["transformOrigin"] ?? values["anchorPoint"] { origin = (p.x, p.y) }
        let (ox, oy) = (origin.x * size.width, origin.y * size.height)
        var m = [1.0, 0, 0, 1, 0, 0]
        if case .transform(let t)? = values["transform"] { m = [t.m11, t.m12, t.m21, t.m22, t.m41, t.m42] }
        let matrix = [m[0], m[1], m[2], m[3], ox + m[4] - (m[0] * ox + m[2] * oy), oy + m[5] - (m[1] * ox + m[3] * oy)]
        var opacity = 1.0
        if case .number(let n)? = values["opacity"] { opacity = n }
        if case .discrete(let v)? = values["visibility"], v.jsonValue.stringValue == "hidden" { opacity = 0 }
        if case .discrete(let v)? = values["hidden"], v.jsonValue == .bool(true) { opacity = 0 }
        var fill = [0.2, 0.4, 0.8, 1]
        if case .color(let c)? = values["backgroundColor"] { fill = [c.red, c.green, c.blue, c.alpha] }
        // CSS draws a radius too large for the box as half its shorter side.
        var radius = 0.0
        if case .number(let r)? = values["cornerRadius"] ?? values["borderRadius"] { radius = min(max(r, 0), size.width / 2, size.height / 2) }
        return (matrix, opacity, fill, radius)
    }

    /// The canvas's probe pixels: a grid across it.
    static let probes: [[Int]] = {
        var probes: [[Int]] = []
        for i in 0..<6 {
            for j in 0..<6 {
                let x = box.width * (Double(i) + 0.5) / 6, y = box.height * (Double(j) + 0.5) / 6
                probes.append([Int(x), Int(y)])
            }
        }
        return probes
    }()

    /// Premultiplied [b, g, r, a] (0…255) the engine's roles give a pixel, bottom role first; nil
    /// where an edge is within `margin` px (antialiasing decides those).
    static func pixel(_ x: Int, _ y: Int, roles: [[String: AnimatedValue]], margin: Double = 1.5) -> [Double]? {
        var color = [0.0, 0, 0, 0]  // premultiplied r, g, b, a
        for values in roles {
            let (m, opacity, fill, radius) = shown(values)
            let determinant = m[0] * m[3] - m[1] * m[2]
            func inside(_ px: Double, _ py: Double) -> Bool {
                guard abs(determinant) > 1e-9 else { return false }
                let (dx, dy) = (px - m[4], py - m[5])
                let (u, v) = ((m[3] * dx - m[2] * dy) / determinant, (-m[1] * dx + m[0] * dy) / determinant)
                guard u >= 0, u <= box.width, v >= 0, v <= box.height else { return false }
                // Outside a rounded corner's arc.
                let (cu, cv) = (min(max(u, radius), box.width - radius), min(max(v, radius), box.height - radius))
                return (u - cu) * (u - cu) + (v - cv) * (v - cv) <= radius * radius
            }
            let (cx, cy) = (Double(x) + 0.5, Double(y) + 0.5)
            let corners = [(cx - margin, cy - margin), (cx + margin, cy - margin), (cx - margin, cy + margin), (cx + margin, cy + margin)].map(inside)
            guard corners.allSatisfy({ $0 == corners[0] }) else { return nil }
            guard corners[0] else { continue }
            let alpha = opacity * fill[3]
            color = [
                fill[0] * alpha + color[0] * (1 - alpha), fill[1] * alpha + color[1] * (1 - alpha),
                fill[2] * alpha + color[2] * (1 - alpha), alpha + color[3] * (1 - alpha)
            ]
        }
        return [color[2], color[1], color[0], color[3]].map { $0 * 255 }
    }

    /// Every difference beyond the bounds between the players and the engine, and how many
    /// values and pixels were compared.
    static func problems(_ cases: [Case]) throws -> (problems: [String], values: Int, pixels: Int) {
        let documents = cases.map { c in
            LottieJudge.Document(
                id: c.id, lottie: c.export.document.text, times: c.times.map { $0 * c.export.document.frameRate },
                frames: c.frames, thorvgFrames: c.thorvgFrames, probes: probes)
        }
        let verdicts = try LottieJudge.judge(documents)
        var problems: [String] = [], comparedValues = 0, comparedPixels = 0
        for c in cases {
            guard let verdict = verdicts[c.id] else { problems.append("\(c.id): no verdict"); continue }
            problems += verdict.schema.map { "\(c.id): schema: \($0)" }
            // Exact channels per role; everything else is held to the bound.
            var baked: [String: Set<String>] = [:]
            for (role, channel, fidelity) in c.export.explanation { if case .baked = fidelity { baked[role, default: []].insert(channel) } }
            let roles = c.export.document.layers.map(\.name)
            for role in roles {
                guard let values = verdict.values[role], let engine = c.engine[role] else { problems.append("\(c.id): no layer \(role)"); continue }
                let transformBaked = !baked[role, default: []].isDisjoint(with: ["a", "p", "s", "r", "shape.r"])
                for (index, t) in c.times.enumerated() {
                    comparedValues += 1
                    let (matrix, opacity, fill, radius) = shown(engine[index])
                    let roundness = values["box.r"]![index][0]
                    if abs(roundness - radius) > (baked[role, default: []].contains("box.r") ? 1e-3 * max(1, radius) : 1e-6 * max(1, radius)) {
                        problems.append("\(c.id) \(role) corner radius at t=\(t): engine \(radius), python-lottie \(roundness)")
                    }
                    let lottieMatrix = values["matrix"]![index]
                    // Baked: scale and rotation within their bounds (0.1 %, a milliradian), which
                    // move a translation entry by as much times the origin's distance.
                    let origin = values["a"]![index].reduce(0) { $0 + abs($1) }
                    for k in 0..<6 {
                        let tolerance = transformBaked ? 2e-3 * max(1, abs(matrix[k])) + (k >= 4 ? 2e-3 * origin : 0) : 1e-5 * max(1, abs(matrix[k]))
                        if abs(lottieMatrix[k] - matrix[k]) > tolerance {
                            problems.append("\(c.id) \(role) matrix[\(k)] at t=\(t): engine \(matrix[k]), python-lottie \(lottieMatrix[k])")
                            break
                        }
                    }
                    let o = values["o"]![index][0]
                    if abs(o - opacity * 100) > (baked[role, default: []].contains("o") ? 0.1 + 1e-9 : 1e-4) {
                        problems.append("\(c.id) \(role) opacity at t=\(t): engine \(opacity * 100), python-lottie \(o)")
                    }
                    // The fill as it shows: each colour channel times its opacity (a transparent
                    // colour's own channels show nothing).
                    let (color, fillOpacity) = (values["fill.c"]![index], values["fill.o"]![index][0])
                    let fillBaked = baked[role, default: []].contains("fill.c") || baked[role, default: []].contains("fill.o")
                    if zip(color.prefix(3), fill.prefix(3)).contains(where: { abs($0 * fillOpacity / 100 - $1 * fill[3]) > (fillBaked ? 2e-3 : 1e-6) })
                        || abs(fillOpacity - fill[3] * 100) > (fillBaked ? 0.1 + 1e-9 : 1e-4)
                    {
                        problems.append("\(c.id) \(role) fill at t=\(t): engine \(fill), python-lottie \(color) \(fillOpacity)")
                    }
                }
            }
            // The players' frames: the engine's roles, bottom first. rlottie's within 3/255 and up
            // to 2/255 darker; ThorVG's within 3/255 (its alpha is 255·opacity rounded down, and it
            // snaps a plain rectangle's edges to whole pixels, which the probes' margin leaves out).
            guard let thorvg = verdict.thorvg else {
                problems.append("\(c.id): ThorVG could not load the document")
                continue
            }
            let players = [
                ("rlottie", verdict.pixels, 2.0, c.frames.map(Double.init), c.engineAtFrames),
                ("ThorVG", thorvg, 1.0, c.thorvgFrames, c.engineAtThorvgFrames)
            ]
            for (player, rendered, darker, frames, engineAt) in players {
                for (frameIndex, frame) in frames.enumerated() {
                    let stack = c.export.document.layers.map { engineAt[$0.name]![frameIndex] }
                    for (probeIndex, probe) in probes.enumerated() {
                        guard let expected = pixel(probe[0], probe[1], roles: stack) else { continue }
                        comparedPixels += 1
                        let actual = rendered[frameIndex][probeIndex]
                        if zip(expected, actual).contains(where: { $0 - $1 > 3 + darker || $1 - $0 > 3 }) {
                            problems.append(
                                "\(c.id) frame \(frame) pixel \(probe): engine \(expected.map { Int($0.rounded()) }), \(player) \(actual.map { Int($0) })")
                            break
                        }
                    }
                }
            }
        }
        return (problems, comparedValues, comparedPixels)
    }

    @Test func seededDefinitionsPlayInEveryLottiePlayerAsTheEngineComputesThem() throws {
        var cases: [Case] = [], refused: [String] = []
        for (index, definition) in GeneratedExportTests.definitions().prefix(80).enumerated() {
            do {
                cases.append(try Self.animation(definition, frameRate: index % 3 == 0 ? 30 : 60))
            } catch let error as ExportError {
                refused.append("\(definition.name): \(error)")
            }
        }
        #expect(refused.isEmpty, "refused: \(refused.joined(separator: "\n"))")
        let (problems, values, pixels) = try Self.problems(cases)
        let failing = Set(problems.map { String($0.prefix { $0 != " " }) })
        #expect(problems.isEmpty, "\(failing.count) cases differ: \(failing.sorted().joined(separator: ", "))\n\(problems.prefix(40).joined(separator: "\n"))")
        #expect(values > 1000 && pixels > 10000, "\(values) values, \(pixels) pixels compared")
        let exact = cases.filter { $0.export.explanation.allSatisfy { $0.fidelity == .exact } }.count
        print("lottie: \(cases.count) seeded definitions, \(exact) exact throughout, \(refused.count) refused: \(refused)")
    }

    /// rlottie keys its easing cache by the handles rounded to two decimals: of two different
    /// curves that round alike, the second is baked (and the document still plays as the engine).
    @Test func curvesThatRoundAlikeAreNotBothWrittenAsCurves() throws {
        func fade(_ name: String, _ curve: String) throws -> ComponentDefinition {
            try DefinitionDecoder.decode(
                text:
                    #"{"name": "\#(name)", "kind": "animation", "version": "1.0.0", "keyframes": [{"opacity": "0", "easing": "\#(curve)"}, {"opacity": "1"}], "options": {"duration": 500}}"#,
                file: "\(name).json")
        }
        let definitions = [
            try fade("first", "cubic-bezier(0.42, 0.004, 0.58, 1)"), try fade("second", "cubic-bezier(0.418, 0, 0.581, 1)"),
            try fade("third", "cubic-bezier(0.3, 0, 0.7, 1)")
        ]
        let roles = try definitions.map { definition in
            let effect = AnimationEffect(try AnimationDefinition(definition))
            guard case .animation(let animations) = try ComponentExport(definition: definition, target: .css).body else {
                throw ExportError("not an animation")
            }
            return LottieExport.Role(name: definition.name, animations: animations) { t in ["opacity": effect.sample(at: t).values[0]] }
        }
        let export = try LottieExport(name: "fades", roles: roles, end: 0.5, box: (Self.box.width, Self.box.height), frameRate: 60)
        let opacity = [String: WebAnimation.Fidelity](uniqueKeysWithValues: export.explanation.filter { $0.channel == "o" }.map { ($0.role, $0.fidelity) })
        #expect(opacity["first"] == .exact && opacity["third"] == .exact)
        guard case .baked(_, _, let reason)? = opacity["second"] else { Issue.record("second: \(String(describing: opacity["second"]))"); return }
        #expect(reason.contains("two decimals"))
    }

    @Test func everyBuiltInPlaysInEveryLottiePlayerAsTheEngineComputesIt() throws {
        let folder = TemporaryFolder()
        let catalog = try Catalog(path: folder.file("c.sqlite"))
        let animations = try BuiltInCatalog.definitions().filter { $0.kind == .animation }
        var cases = try animations.map { try Self.animation($0) }
        cases.append(try Self.chain("fade-sequence", catalog: catalog))
        #expect(cases.count >= 19)
        // And what a viewer who prefers reduced motion sees (those that name another component aside).
        let reduced = try animations.filter { $0.reducedMotion != nil && $0.reducedMotion?.componentName == nil }.map {
            try Self.animation($0, reducedMotion: true)
        }
        #expect(reduced.count >= 10)
        let (problems, values, pixels) = try Self.problems(cases + reduced)
        #expect(problems.isEmpty, "\(problems.count) differences:\n\(problems.prefix(40).joined(separator: "\n"))")
        #expect(values > 300 && pixels > 3000, "\(values) values, \(pixels) pixels compared")
        // The built-ins whose keyframes Lottie can say are exact.
        let exact = cases.filter { $0.export.explanation.allSatisfy { $0.fidelity == .exact } }.map(\.id)
        print("lottie: \(exact.count) of \(cases.count) built-ins exact: \(exact.joined(separator: ", "))")
        #expect(exact.count >= 12)
    }
}
