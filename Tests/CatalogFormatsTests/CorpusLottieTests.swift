import CatalogKit
import CatalogModel
import Foundation
import Testing
import TestSupport

/// The outside corpus's Lottie files (After Effects/Bodymovin exports from LottieFiles, a
/// Telegram sticker; `scripts/fetch-corpus`) imported as `catalog add` reads them: each either
/// imports whole, imports in part with `--skip-unsupported` (the rest refused by layer and
/// feature), or is refused naming the layer and the feature — and every imported role's composed
/// transform and opacity equal python-lottie's evaluation of that layer and group at every
/// sampled frame. No file crashes or hangs the reader.
@Suite(.serialized) struct CorpusLottieTests {
    struct Outcome {
        var file: String
        var whole: Bool
        var roles: Int
        var leftOut: [String]
        var refusal: String?
    }

    static func files() throws -> [URL] {
        try OutsideCorpus.files(in: "lottie", extensions: ["json", "tgs", "lottie"])
    }

    /// The Lottie documents a file holds (a .tgs is gzipped, a .lottie zipped), with their names.
    static func documents(_ url: URL) throws -> [(file: String, text: String)] {
        let data = try Data(contentsOf: url)
        return try LottieContainers.documents(data, file: url.lastPathComponent) ?? [(url.lastPathComponent, String(decoding: data, as: UTF8.self))]
    }

    /// How `catalog add` takes one document: whole, in part, or refused.
    static func outcome(file: String, text: String, json: JSONValue) throws -> Outcome {
        var outcome = Outcome(file: file, whole: false, roles: 0, leftOut: [])
        let refusal: DefinitionError
        do {
            let definitions = try DefinitionDecoder.decodeAll(text: text, file: file)
            #expect(definitions.count == 1)
            outcome.whole = true
            outcome.roles = try LottieImport.roles(json: json, file: file).roles.count
            return outcome
        } catch {
            refusal = error
        }
        // Refused whole: the message names where and what.
        #expect(
            refusal.path.hasPrefix("layers") && (refusal.rule.contains("is not supported") || refusal.rule.contains("no layer draws")), "\(file): \(refusal)")
        let partly: (roles: [(role: String, body: JSONValue, source: [Int], groups: [Int])], skipped: [String])
        do {
            partly = try LottieImport.roles(json: json, file: file, skipUnsupported: true)
        } catch {
            outcome.refusal = "\(error.path): \(error.rule)"
            return outcome
        }
        outcome.roles = partly.roles.count
        outcome.leftOut = partly.skipped
        #expect(!partly.skipped.isEmpty && partly.skipped.allSatisfy { $0.hasPrefix("layers[") }, "\(file): \(partly.skipped)")
        return outcome
    }

    @Test func everyDocumentImportsOrIsRefusedByLayerAndFeature() throws {
        var outcomes: [Outcome] = []
        for url in try Self.files() {
            for (file, text) in try Self.documents(url) {
                let json = try JSONReader.read(text)
                guard LottieImport.isLottie(json) else { continue }
                let outcome = try Self.outcome(file: file, text: text, json: json)
                outcomes.append(outcome)
            }
        }
        #expect(outcomes.count >= 45, "the corpus's Lottie documents")
        let whole = outcomes.filter(\.whole).count, part = outcomes.filter { !$0.whole && $0.refusal == nil }.count
        var table = "| document | outcome | roles | left out (first) |\n|---|---|---:|---|\n"
        for outcome in outcomes {
            let what = outcome.whole ? "whole" : outcome.refusal == nil ? "in part" : "refused"
            let first = outcome.refusal ?? outcome.leftOut.first.map { String($0.split(separator: ":").last ?? "").trimmingCharacters(in: .whitespaces) } ?? ""
            table += "| \(outcome.file) | \(what) | \(outcome.roles) | \(first) |\n"
        }
        table += "\n\(outcomes.count) documents: \(whole) import whole, \(part) in part with --skip-unsupported, \(outcomes.count - whole - part) refused.\n"
        print(table)
        try? table.write(to: try OutsideCorpus.folder().appending(path: "summary-lottie.md"), atomically: true, encoding: .utf8)
        #expect(whole + part >= 30, "\(whole) whole, \(part) in part")
    }

    @Test func importedRolesMoveAsPythonLottieReadsTheFile() throws {
        var problems: [String] = [], unjudged: [String] = [], compared = 0, judged = 0
        for url in try Self.files() {
            for (file, text) in try Self.documents(url) {
                let json = try JSONReader.read(text)
                guard LottieImport.isLottie(json), let (roles, _) = try? LottieImport.roles(json: json, file: file, skipUnsupported: true),
                    let definition = try? DefinitionDecoder.decodeAll(text: text, file: file, options: .init(skipUnsupported: true)).first
                else { continue }
                let (fr, ip, op) = (json["fr"]!.numberValue!, json["ip"]!.numberValue!, json["op"]!.numberValue!)
                let size = (json["w"]?.numberValue ?? 100, json["h"]?.numberValue ?? 100)
                let frames = (0..<16).map { ip + (op - ip) * (Double($0) + 0.37) / 16 }
                let effects = try LottieImportTests.animations(definition, layerNames: roles.map(\.role))
                let verdict: [String: (matrix: [[Double]], opacity: [Double], error: String?)]
                do {
                    verdict = try LottieJudge.parts(of: text, parts: roles.map { .init(role: $0.role, layers: $0.source, groups: $0.groups) }, times: frames)
                } catch let unreadable as LottieJudge.Unreadable {
                    unjudged.append("\(file): \(unreadable)")  // no judge for a file python-lottie cannot read
                    continue
                }
                judged += 1
                for role in roles {
                    guard let effect = effects[role.role], let player = verdict[role.role] else {
                        problems.append("\(file) \(role.role): no effect or verdict"); continue
                    }
                    if let error = player.error { problems.append("\(file) \(role.role): python-lottie: \(error)"); continue }
                    for (index, frame) in frames.enumerated() {
                        compared += 1
                        let t = (frame - ip) / fr
                        let sample = effect.sample(at: t)
                        let engine = Dictionary(zip(effect.properties.map(\.name), sample.values)) { _, last in last }
                        let (matrix, opacity, _) = LottieImportTests.shown(engine, size: size)
                        let expected = player.matrix[index]
                        // Translations within 0.01 px more: a curved motion path plays as chords that close (LottieMotionPath).
                        if let k = (0..<6).first(where: { abs(expected[$0] - matrix[$0]) > 1e-4 * max(1, abs(expected[$0])) + ($0 >= 4 ? 0.01 : 0) }) {
                            problems.append("\(file) \(role.role) matrix[\(k)] at frame \(frame): engine \(matrix[k]), python-lottie \(expected[k])")
                            break
                        }
                        if abs(player.opacity[index] - opacity) > 1e-5 {
                            problems.append("\(file) \(role.role) opacity at frame \(frame): engine \(opacity), python-lottie \(player.opacity[index])")
                            break
                        }
                    }
                }
            }
        }
        print("python-lottie cannot read \(unjudged.count) imported documents:\n" + unjudged.joined(separator: "\n"))
        #expect(judged >= 25 && compared > 1000, "\(judged) documents, \(compared) samples; unread: \(unjudged)")
        // One line per document: how many roles differ, and the first difference.
        var byDocument: [String: (count: Int, first: String)] = [:]
        for problem in problems { byDocument[String(problem.prefix { $0 != " " }), default: (0, problem)].count += 1 }
        let summary = byDocument.sorted { $0.key < $1.key }.map { "\($0.value.count)× \($0.value.first)" }
        #expect(problems.isEmpty, "\(problems.count) differences in \(byDocument.count) documents:\n\(summary.joined(separator: "\n"))")
    }
}

/// The shapes real exports take that earlier imports got wrong, each written small and held to
/// python-lottie: a group that animates behind one that does not (the blink that was dropped), a
/// precomposition started late and moved, a file name beyond ASCII, one trim-paths layer among
/// layers the catalog plays.
struct LottieShapeTests {
    static func shape(_ name: String, transform: String) -> String {
        #"{"ty": "gr", "nm": "\#(name)", "it": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}},"#
            + #" {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}, \#(transform)]}"#
    }
    static let identity =
        #"{"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}"#
    static let blink =
        #"{"ty": "tr", "p": {"a": 0, "k": [30, 0]}, "a": {"a": 0, "k": [0, 0]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100},"#
        + #" "s": {"a": 1, "k": [{"t": 0, "s": [100, 100], "o": {"x": [0.4], "y": [0]}, "i": {"x": [0.6], "y": [1]}}, {"t": 10, "s": [100, 10], "o": {"x": [0.4], "y": [0]}, "i": {"x": [0.6], "y": [1]}}, {"t": 20, "s": [100, 100]}]}}"#

    func judged(_ text: String, file: String) throws -> [String] {
        let json = try JSONReader.read(text)
        let (roles, _) = try LottieImport.roles(json: json, file: file, skipUnsupported: true)
        let definition = try #require(try DefinitionDecoder.decodeAll(text: text, file: file, options: .init(skipUnsupported: true)).first)
        let effects = try LottieImportTests.animations(definition, layerNames: roles.map(\.role))
        let frames = (0..<12).map { Double($0) * 2.5 + 0.3 }
        let verdict = try LottieJudge.parts(of: text, parts: roles.map { .init(role: $0.role, layers: $0.source, groups: $0.groups) }, times: frames)
        var problems: [String] = []
        for role in roles {
            let effect = try #require(effects[role.role]), player = try #require(verdict[role.role])
            for (index, frame) in frames.enumerated() {
                let sample = effect.sample(at: frame / 30)
                let (matrix, opacity, _) = LottieImportTests.shown(
                    Dictionary(zip(effect.properties.map(\.name), sample.values)) { _, b in b }, size: (100, 100))
                if zip(matrix, player.matrix[index]).contains(where: { abs($0 - $1) > 1e-6 * max(1, abs($1)) }) || abs(opacity - player.opacity[index]) > 1e-6 {
                    problems.append("\(role.role) at \(frame): engine \(matrix) \(opacity), python-lottie \(player.matrix[index]) \(player.opacity[index])")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(5).joined(separator: "\n"))")
        return roles.map(\.role)
    }

    @Test func aGroupThatAnimatesBehindOneThatDoesNotIsItsOwnRole() throws {
        // The first group holds its shapes where they are; the second blinks (its own scale).
        let text =
            #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100, "layers": [{"ty": 4, "nm": "eye", "ind": 1, "ip": 0, "op": 30, "st": 0,"#
            + #" "ks": {"p": {"a": 0, "k": [50, 50]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}},"#
            + #" "shapes": [\#(Self.shape("white", transform: Self.identity)), \#(Self.shape("lid", transform: Self.blink))]}]}"#
        // The white holds still (a still part is no role); the lid is one, named layer/group.
        #expect(try judged(text, file: "eye.json") == ["eye-lid"])
    }

    @Test func aPrecompositionsLayersArePlacedInTheDocument() throws {
        let inner =
            #"{"ty": 4, "nm": "dot", "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {"a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0},"#
            + #" "o": {"a": 1, "k": [{"t": 0, "s": [100], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}}, {"t": 12, "s": [40]}]},"#
            + #" "p": {"a": 1, "k": [{"t": 0, "s": [10, 10], "o": {"x": 0.2, "y": 0}, "i": {"x": 0.8, "y": 1}}, {"t": 15, "s": [60, 20]}]}},"#
            + #" "shapes": [\#(Self.shape("box", transform: Self.identity))]}"#
        let text =
            #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100, "assets": [{"id": "comp_0", "layers": [\#(inner)]}],"#
            + #" "layers": [{"ty": 0, "nm": "Précomp 1", "refId": "comp_0", "ind": 1, "ip": 0, "op": 30, "st": 5, "w": 100, "h": 100,"#
            + #" "ks": {"p": {"a": 0, "k": [20, 30]}, "a": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [50, 50]}, "r": {"a": 0, "k": 30}, "o": {"a": 0, "k": 80}}}]}"#
        #expect(try judged(text, file: "precomp.json") == ["precomp-1-dot"])
    }

    @Test func aFileNameBeyondASCIIStillNamesTheComponent() throws {
        let text =
            #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100, "layers": [{"ty": 4, "nm": "eye", "ind": 1, "ip": 0, "op": 30, "st": 0,"#
            + #" "ks": {"p": {"a": 0, "k": [50, 50]}}, "shapes": [\#(Self.shape("lid", transform: Self.blink))]}]}"#
        #expect(try DefinitionDecoder.decodeAll(text: text, file: "360º_degree.json").map(\.name) == ["360o-degree"])
        #expect(try DefinitionDecoder.decodeAll(text: text, file: "形状.json").map(\.name) == ["u5f62-u72b6"])
    }

    @Test func oneTrimPathsLayerIsRefusedByNameAndTheRestComesInWhenSkipped() throws {
        let trimmed =
            #"{"ty": 4, "nm": "ring", "ind": 2, "ip": 0, "op": 30, "st": 0, "ks": {}, "shapes": [{"ty": "el", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [10, 10]}},"#
            + #" {"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 20, "s": [100]}]}, "o": {"a": 0, "k": 0}}]}"#
        let text =
            #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100, "layers": [{"ty": 4, "nm": "eye", "ind": 1, "ip": 0, "op": 30, "st": 0,"#
            + #" "ks": {"p": {"a": 0, "k": [50, 50]}}, "shapes": [\#(Self.shape("lid", transform: Self.blink))]}, \#(trimmed)]}"#
        let error = try #require(throws: DefinitionError.self) { try DefinitionDecoder.decodeAll(text: text, file: "loader.json") }
        #expect(error.path == "layers[1]" && error.rule.contains("\"ring\": trim paths is not supported"), "\(error)")
        let skipped = try DefinitionDecoder.decodeAll(text: text, file: "loader.json", options: .init(skipUnsupported: true))
        #expect(skipped.map(\.name) == ["loader"] && skipped[0].ignoredDeclarations == [#"left out layers[1] "ring": trim paths"#])
        _ = try judged(text, file: "loader.json")
    }
}

/// Packed Lottie files: a `.tgs` is gzipped, a `.lottie` zipped with a manifest; broken or
/// oversized ones are refused by name, never crash the reader.
struct LottieContainerTests {
    static let document =
        #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100, "layers": [{"ty": 4, "nm": "eye", "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 20, "s": [50, 50]}]}}, "shapes": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [20, 20]}}]}]}"#

    /// Packs with Python's own gzip and zipfile (programs this project did not write).
    func packed(_ script: String) throws -> Data {
        let folder = TemporaryFolder()
        let output = folder.file("packed")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try LottieJudge.pythonPath())
        process.arguments = ["-c", script, output, Self.document]
        try process.run()
        process.waitUntilExit()
        return try Data(contentsOf: URL(fileURLWithPath: output))
    }

    @Test func aTelegramStickerAndADotLottieAreRead() throws {
        let tgs = try packed("import gzip, sys; open(sys.argv[1], 'wb').write(gzip.compress(sys.argv[2].encode()))")
        let fromTGS = try #require(try LottieContainers.documents(tgs, file: "sticker.tgs"))
        #expect(fromTGS.map(\.file) == ["sticker.tgs"] && fromTGS[0].text == Self.document)
        for (version, folder) in [(1, "animations"), (2, "a")] {
            let lottie = try packed(
                """
                import zipfile, sys, json
                with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:
                    z.writestr('manifest.json', json.dumps({'version': '\(version)', 'animations': [{'id': 'one'}, {'id': 'two'}]}))
                    z.writestr('\(folder)/one.json', sys.argv[2]); z.writestr('\(folder)/two.json', sys.argv[2])
                """)
            let documents = try #require(try LottieContainers.documents(lottie, file: "pack.lottie"))
            #expect(documents.map(\.file) == ["pack-one.lottie", "pack-two.lottie"] && documents.allSatisfy { $0.text == Self.document }, "v\(version)")
        }
    }

    @Test func brokenOrHugePackedFilesAreRefusedByName() throws {
        let tgs = try packed("import gzip, sys; open(sys.argv[1], 'wb').write(gzip.compress(sys.argv[2].encode()))")
        for broken in [tgs.prefix(tgs.count / 2), Data([0x1f, 0x8b, 8, 0] + Array(repeating: 0xff, count: 40)), Data([0x50, 0x4b, 3, 4, 1, 2, 3])] {
            #expect(throws: DefinitionError.self) { try LottieContainers.documents(Data(broken), file: "broken.tgs") }
        }
        // 64 MiB of zeros deflates to a few kilobytes: refused as it inflates past the limit.
        let bomb = try packed("import gzip, sys; open(sys.argv[1], 'wb').write(gzip.compress(b'\\0' * (64 << 20)))")
        let error = try #require(throws: DefinitionError.self) { try LottieContainers.documents(bomb, file: "bomb.tgs") }
        #expect(error.rule.contains("inflates beyond"), "\(error)")
    }
}
