import CatalogModel
import Foundation
import TestSupport
import Testing

/// `catalog scenario run` through the binary: the table for people, JSON for programs, and a
/// refused scenario named by file, field and rule with nothing written.
struct ScenarioCommandTests {
    static let scenario = """
        scenario: select-twice
        objects: [{id: cell, type: cell}, {id: link, type: label, properties: {url: "javascript:alert(1)"}}]
        steps:
          - {at: 0, apply: bounce-select, to: cell}
          - {at: 0, send: select, to: cell}
          - {at: 0.05, send: deselect, to: cell}
          - {at: 0.1, send: tap, to: link}
          - {at: 0.2, set: {object: link, key: url, value: "https://swift.org"}}
          - {at: 0.3, send: tap, to: link}
        observe: {at: [0, 0.1, 1], paths: [cell, link], properties: [transform, opacity]}
        """

    /// `--fps`: the scenario as a film — every frame from 0 to its last observed or step time,
    /// every object and observed path, with what a drawing needs; the observed times are frames
    /// of it, with the same values. A rate that is not one is refused.
    @Test func fpsObservesEveryObjectAtEveryFrame() throws {
        let folder = TemporaryFolder()
        let env = ["CATALOG_DB": folder.file("c.sqlite")]
        let file = folder.file("select.scenario.yaml")
        try Self.scenario.write(toFile: file, atomically: true, encoding: .utf8)
        let observed = try JSONReader.read(try CLI.run(["scenario", "run", file, "--format", "json"], environment: env).stdout)
        let printed = try CLI.run(["scenario", "run", file, "--fps", "10", "--format", "json"], environment: env)
        #expect(printed.status == 0, "\(printed.stderr)")
        let samples = try JSONReader.read(printed.stdout)["samples"]?.arrayValue ?? []
        #expect(samples.compactMap { $0["t"]?.numberValue } == (0...10).map { Double($0) / 10 })
        for sample in samples {
            #expect(sample["values"]?.objectValue?.keys.sorted() == ["cell", "link"])
            #expect(sample["values"]?["cell"]?.objectValue?.keys.sorted() == ["frame", "hidden", "opacity", "transform"])
        }
        // The frames at the observed times hold the observed values.
        for sample in observed["samples"]?.arrayValue ?? [] {
            let t = sample["t"]?.numberValue ?? -1
            let frame = samples.first { $0["t"]?.numberValue == t }
            #expect(frame?["values"]?["cell"]?["transform"] == sample["values"]?["cell"]?["transform"], "at \(t)")
        }
        for bad in ["0", "-1", "nan", "1001"] {
            let refused = try CLI.run(["scenario", "run", file, "--fps", bad], environment: env)
            #expect(refused.status != 0 && refused.stderr.contains("--fps"), "\(bad): \(refused.stderr)")
        }
    }

    @Test func runPrintsATableAndJSON() throws {
        let folder = TemporaryFolder()
        let env = ["CATALOG_DB": folder.file("c.sqlite")]
        let file = folder.file("select.scenario.yaml")
        try Self.scenario.write(toFile: file, atomically: true, encoding: .utf8)
        let json = try CLI.run(["scenario", "run", file, "--format", "json"], environment: env)
        #expect(json.status == 0, "\(json.stderr)")
        let document = try JSONValue(jsonData: Data(json.stdout.utf8))
        #expect(document["scenario"] == "select-twice")
        let samples = document["samples"]?.arrayValue ?? []
        #expect(samples.compactMap { $0["t"]?.numberValue } == [0, 0.1, 1])
        // Deselected at 0.05: bounce-deselect grows back to 1 and stays.
        #expect(samples.last?["values"]?["cell"]?["transform"]?.arrayValue?.first == 1)
        #expect(samples.first?["values"]?["link"]?["opacity"] == 1)
        // The javascript: URL is not opened; the https one is, once.
        #expect(document["effects"] == [["t": 0.3, "object": "link", "effect": "openURL", "value": "https://swift.org"]])

        let table = try CLI.run(["scenario", "run", file], environment: env)
        #expect(table.status == 0)
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "scenario select-twice")
        #expect(lines.dropFirst().first?.split(separator: " ", omittingEmptySubsequences: true) == ["T", "PATH", "transform", "opacity"])
        #expect(lines.contains { $0.hasPrefix("0.3") && $0.contains("openURL") })
    }

    @Test func aRefusedScenarioNamesFileFieldAndRuleAndWritesNothing() throws {
        let folder = TemporaryFolder()
        let env = ["CATALOG_DB": folder.file("c.sqlite")]
        #expect(try CLI.run(["list"], environment: env).status == 0)
        let before = try CLI.run(["log", "--format", "jsonl"], environment: env).stdout
        let file = folder.file("bad.scenario.yaml")
        try Self.scenario.replacingOccurrences(of: "send: deselect, to: cell", with: "send: deselect, to: cel").write(
            toFile: file, atomically: true, encoding: .utf8)
        let result = try CLI.run(["scenario", "run", file], environment: env)
        #expect(result.status != 0)
        #expect(result.stderr.contains("bad.scenario.yaml") && result.stderr.contains("steps[2]") && result.stderr.contains("cel"))
        #expect(try CLI.run(["log", "--format", "jsonl"], environment: env).stdout == before)
    }
}
