import CatalogModel
import Foundation
import TestSupport
import Testing

/// `catalog sample` beyond the oracle: built-in components, frames, parameters, the table form,
/// determinism and its errors.
struct SampleCommandTests {
    private func json(_ arguments: [String], db: String) throws -> JSONValue {
        let result = try CLI.run(arguments + ["--format", "json"], environment: ["CATALOG_DB": db])
        try #require(result.status == 0, "\(result.stderr)")
        return try JSONValue(jsonData: Data(result.stdout.utf8))
    }

    /// Times too many for a command line come from a file (`--at @FILE`) or standard input
    /// (`--at -`), separated by commas, spaces or newlines: the same samples as the list.
    @Test func timesFromAFileOrStandardInput() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite"), file = folder.file("times.txt")
        try "0\n0.05 0.1,\n0.15\n".write(toFile: file, atomically: true, encoding: .utf8)
        let listed = try json(["sample", "bounce-select", "--at", "0,0.05,0.1,0.15"], db: db)
        #expect(try json(["sample", "bounce-select", "--at", "@" + file], db: db) == listed)
        let piped = try CLI.run(["sample", "bounce-select", "--at", "-", "--format", "json"], environment: ["CATALOG_DB": db], stdin: "0 0.05\n0.1\n0.15")
        #expect(try JSONValue(jsonData: Data(piped.stdout.utf8)) == listed)
        let missing = try CLI.run(["sample", "bounce-select", "--at", "@" + folder.file("none.txt")], environment: ["CATALOG_DB": db])
        #expect(missing.status == 1 && missing.stderr.contains("cannot read"))
    }

    @Test func bounceSelectFramesAndADurationParameter() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        // 20 fps over the default span (the animation's 0.2 s): frames at 0, 0.05, …, 0.2.
        let frames = try json(["sample", "bounce-select", "--fps", "20"], db: db)["samples"]!.arrayValue!
        #expect(frames.map { $0["t"]!.numberValue! } == [0, 0.05, 0.1, 0.15, 0.2])
        // transform.scale 1 → 0.8 → 0.9: m11 is 0.8 at the middle, 0.9 at the end.
        #expect(frames[2]["values"]!["transform"]!.arrayValue![0].numberValue == 0.8)
        #expect(abs(frames[4]["values"]!["transform"]!.arrayValue![0].numberValue! - 0.9) < 1e-12)
        // duration=0.3 stretches the key times: the 0.8 now comes at 0.15 s.
        let slow = try json(["sample", "bounce-select", "--at", "0.15,0.3", "--param", "duration=0.3"], db: db)["samples"]!.arrayValue!
        #expect(abs(slow[0]["values"]!["transform"]!.arrayValue![0].numberValue! - 0.8) < 1e-12)
        #expect(slow[1]["progress"]?.numberValue == 1)
    }

    @Test func notInEffectIsNullAndTheInitialValueShows() throws {
        let folder = TemporaryFolder()
        let file = folder.file("late.json")
        try #"{"keyframes": [{"opacity": 0}, {"opacity": 0.5}], "options": {"duration": 100, "delay": 200}}"#.write(
            toFile: file, atomically: true, encoding: .utf8)
        let samples = try json(["sample", file, "--at", "0.1,0.25"], db: folder.file("c.sqlite"))["samples"]!.arrayValue!
        #expect(samples[0]["progress"] == .null && samples[0]["iteration"] == .null)
        #expect(samples[0]["values"]!["opacity"]?.numberValue == 1)
        #expect(abs(samples[1]["values"]!["opacity"]!.numberValue! - 0.25) < 1e-12)
    }

    @Test func sameInputGivesByteIdenticalOutput() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        for format in ["json", "table"] {
            let runs = try (0..<3).map { _ in try CLI.run(["sample", "shake", "--fps", "60", "--format", format], environment: ["CATALOG_DB": db]) }
            #expect(runs.allSatisfy { $0.status == 0 })
            #expect(Set(runs.map(\.stdout)).count == 1)
        }
    }

    @Test func tableShowsOneColumnPerProperty() throws {
        let folder = TemporaryFolder()
        let result = try CLI.run(["sample", "fade-in", "--at", "0,0.25"], environment: ["CATALOG_DB": folder.file("c.sqlite")])
        let lines = result.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(lines == [["t", "progress", "iteration", "opacity"], ["0", "0", "0", "0"], ["0.25", "1", "0", "1"]])
    }

    @Test(arguments: [
        (["sample", "fade-in"], "either --at"),
        (["sample", "fade-in", "--at", "0", "--fps", "10"], "either --at"),
        (["sample", "fade-in", "--at", "0", "--to", "1"], "go with --fps"),
        (["sample", "fade-in", "--at", "zero"], "not a number"),
        (["sample", "fade-in", "--at", "0", "--param", "speed=2"], "no parameter 'speed'"),
        (["sample", "fade-in", "--at", "0", "--param", "duration=-1"], "0 or more"),
        (["sample", "fade-in", "--at", "0", "--param", "duration=slow"], "parameters.duration"),
        (["sample", "no-such-thing", "--at", "0"], "no component or file"),
        (["sample", "fade-in", "--fps", "10", "--from", "1", "--to", "0"], "before --from")
    ])
    func mistakesAreExplained(arguments: [String], message: String) throws {
        let folder = TemporaryFolder()
        let result = try CLI.run(arguments, environment: ["CATALOG_DB": folder.file("c.sqlite")])
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func anEndlessAnimationNeedsAnEnd() throws {
        let folder = TemporaryFolder()
        let file = folder.file("spin.yaml")
        try """
        name: spin
        kind: animation
        version: 1.0.0
        animation: {type: basic, keyPath: transform.rotation.z, fromValue: 0, toValue: 6.283185307179586, duration: 1, repeatCount: .inf}
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try CLI.run(["sample", file, "--fps", "10"], environment: ["CATALOG_DB": folder.file("c.sqlite")])
        #expect(result.status != 0 && result.stderr.contains("give --to"))
        let bounded = try json(["sample", file, "--fps", "4", "--to", "0.5"], db: folder.file("c.sqlite"))["samples"]!.arrayValue!
        #expect(bounded.count == 3)
    }
}

/// A CSS `@keyframes` file samples like the same animation written as a Web Animations body.
struct SampleCSSTests {
    @Test func cssKeyframesSampleLikeTheirWebBody() throws {
        let folder = TemporaryFolder()
        let css = folder.file("dim.css"), json = folder.file("dim.json")
        try """
        @keyframes dim { 0%, 100% { opacity: 1 } 40% { opacity: 0.2; animation-timing-function: ease-in } }
        .dim { animation-duration: 500ms; animation-timing-function: ease-out; animation-fill-mode: forwards }
        """.write(toFile: css, atomically: true, encoding: .utf8)
        try """
        {"keyframes": [{"opacity": 1, "offset": 0, "easing": "ease-out"}, {"opacity": 0.2, "offset": 0.4, "easing": "ease-in"},
                       {"opacity": 1, "offset": 1, "easing": "ease-out"}],
         "options": {"duration": 500, "fill": "forwards"}}
        """.write(toFile: json, atomically: true, encoding: .utf8)
        let db = ["CATALOG_DB": folder.file("c.sqlite")]
        let fromCSS = try CLI.run(["sample", css, "--fps", "50", "--to", "0.6", "--format", "json"], environment: db)
        let fromJSON = try CLI.run(["sample", json, "--fps", "50", "--to", "0.6", "--format", "json"], environment: db)
        try #require(fromCSS.status == 0, "\(fromCSS.stderr)")
        let a = try JSONValue(jsonData: Data(fromCSS.stdout.utf8))["samples"], b = try JSONValue(jsonData: Data(fromJSON.stdout.utf8))["samples"]
        #expect(a != nil && a == b)
        // And it can be added to the catalog like any definition.
        let add = try CLI.run(["add", css], environment: db)
        #expect(add.status == 0, "\(add.stderr)")
        #expect(try CLI.run(["show", "dim"], environment: db).stdout.contains("dim 1.0.0"))
    }
}
