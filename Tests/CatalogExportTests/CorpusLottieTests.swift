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
        #expect(refusal.path.hasPrefix("layers") && (refusal.rule.contains("is not supported") || refusal.rule.contains("no layer draws")), "\(file): \(refusal)")
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
        #expect(whole + part >= 35, "\(whole) whole, \(part) in part")
    }

    @Test func importedRolesMoveAsPythonLottieReadsTheFile() throws {
        var problems: [String] = [], unjudged: [String] = [], compared = 0, judged = 0
        for url in try Self.files() {
            for (file, text) in try Self.documents(url) {
                let json = try JSONReader.read(text)
                guard LottieImport.isLottie(json), let (roles, _) = try? LottieImport.roles(json: json, file: file, skipUnsupported: true),
                      let definition = try? DefinitionDecoder.decodeAll(text: text, file: file, stylesheet: .init(skipUnsupported: true)).first else { continue }
                let (fr, ip, op) = (json["fr"]!.numberValue!, json["ip"]!.numberValue!, json["op"]!.numberValue!)
                let size = (json["w"]?.numberValue ?? 100, json["h"]?.numberValue ?? 100)
                let frames = (0..<16).map { ip + (op - ip) * (Double($0) + 0.37) / 16 }
                let effects = try LottieImportTests.animations(definition, layerNames: roles.map(\.role))
                let verdict: [String: (matrix: [[Double]], opacity: [Double], error: String?)]
                do {
                    verdict = try LottieJudge.parts(of: text, parts: roles.map { .init(role: $0.role, layers: $0.source, groups: $0.groups) }, times: frames)
                } catch let unreadable as LottieJudge.Unreadable {
                    unjudged.append("\(file): \(unreadable)")   // no judge for a file python-lottie cannot read
                    continue
                }
                judged += 1
                for role in roles {
                    guard let effect = effects[role.role], let player = verdict[role.role] else { problems.append("\(file) \(role.role): no effect or verdict"); continue }
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
