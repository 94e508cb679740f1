import CatalogModel
import Foundation
import Testing
import TestSupport

/// `catalog export NAME --to lottie [--fps N] [--box W,H] [--explain]` and `catalog add FILE.json`
/// of a Lottie document from the command line: the
/// document's frame rate, canvas and frames follow the options, every keyframe's easing handles
/// are one-entry lists and every shape names its type first (what players need); `--explain` says
/// per channel exact or baked; options that go with other targets are refused.
struct LottieCommandTests {
    let folder = TemporaryFolder()

    private func run(_ arguments: [String]) throws -> CLI.Result {
        try CLI.run(arguments, environment: ["CATALOG_DB": folder.file("c.sqlite")])
    }

    @Test func theDocumentFollowsTheOptions() throws {
        let plain = try run(["export", "pop", "--to", "lottie"])
        #expect(plain.status == 0, "\(plain.stderr)")
        let document = try JSONReader.read(plain.stdout)
        // pop lasts 0.3 s: 18 frames at the default 60 fps, on a 100 × 100 canvas.
        #expect(document["fr"] == 60 && document["op"] == 18 && document["w"] == 100 && document["h"] == 100)
        #expect(plain.stdout.contains(#"{"ty":"rc""#) && plain.stdout.contains(#"{"ty":4"#), "ty first: \(plain.stdout.prefix(300))")
        let layer = document["layers"]?.arrayValue?.first
        let keyframes = layer?["ks"]?["s"]?["k"]?.arrayValue ?? []
        let oneEntry = keyframes.dropLast().allSatisfy { (keyframe: JSONValue) -> Bool in
            let out = keyframe["o"]?["x"]?.arrayValue?.count, into = keyframe["i"]?["y"]?.arrayValue?.count
            return out == 1 && into == 1
        }
        #expect(keyframes.count >= 2 && oneEntry, "\(keyframes)")

        let options = try run(["export", "pop", "--to", "lottie", "--fps", "24", "--box", "200,50", "-o", folder.file("pop.json")])
        #expect(options.status == 0 && options.stdout.isEmpty, "\(options.stderr)")
        let written = try JSONReader.read(String(contentsOfFile: folder.file("pop.json"), encoding: .utf8))
        // 0.3 s at 24 fps is 7.2 frames: the last frame shown is the eighth.
        #expect(written["fr"] == 24 && written["op"] == 8 && written["w"] == 200 && written["h"] == 50)
    }

    /// `--to dotlottie`: an archive Python's zipfile and rlottie read — manifest first, then
    /// the Lottie document `--to lottie` prints — the same bytes every time, and `add` takes it back.
    @Test func aDotLottieHoldsTheDocumentAfterItsManifest() throws {
        let archive = folder.file("pop.lottie")
        let written = try run(["export", "pop", "--to", "dotlottie", "--fps", "30", "-o", archive])
        #expect(written.status == 0 && written.stdout.isEmpty, "\(written.stderr)")
        #expect(try run(["export", "pop", "--to", "dotlottie", "--fps", "30", "-o", folder.file("again.lottie")]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: archive)) == Data(contentsOf: URL(fileURLWithPath: folder.file("again.lottie"))))
        let document = try run(["export", "pop", "--to", "lottie", "--fps", "30"]).stdout
        let judged = try DotLottieJudge.judge(path: archive, frames: [0, 3, 6, 9], probes: [[50, 50], [20, 20], [5, 95]])
        #expect(judged["members"] == ["manifest.json", "a/pop.json"])
        #expect(judged["manifest"]?["version"] == "2" && judged["manifest"]?["animations"] == [["id": "pop"]])
        #expect(judged["animations"]?["pop"]?.stringValue == document)
        // rlottie opens the archive and draws what it draws from the document itself, and it moves.
        #expect(judged["archive"] == judged["plain"] && judged["archive"]?.arrayValue.map { Set($0.map(\.canonicalText)).count > 1 } == true)
        // Read back: one component, named by the document.
        let added = try CLI.run(["add", archive, "--prefix", "back-"], environment: ["CATALOG_DB": folder.file("other.sqlite")])
        #expect(added.status == 0, "\(added.stderr)")
    }

    @Test func explainSaysPerChannelExactOrBaked() throws {
        let exact = try run(["export", "slide-in-left", "--to", "lottie", "--explain"])
        #expect(exact.status == 0 && exact.stdout.contains("slide-in-left  p ") && exact.stdout.contains("exact"), "\(exact.stdout)\(exact.stderr)")
        // A spring has no cubic bézier: baked, with the measured error.
        let spring = try run(["export", "spring-pop", "--to", "lottie", "--explain"])
        #expect(spring.status == 0 && spring.stdout.contains("baked") && spring.stdout.contains("% of bound"), "\(spring.stdout)\(spring.stderr)")
    }

    /// `add` of a Lottie document: a layer the catalog cannot play refuses the file (nothing is
    /// added) unless --skip-unsupported leaves it out, which validate lists and add counts.
    @Test func aLottieDocumentIsAddedWithItsUnsupportedLayersRefusedOrLeftOut() throws {
        let file = folder.file("two-layers.json")
        try #"""
        {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100, "layers": [
         {"ty": 4, "nm": "Masked Dot", "hasMask": true, "masksProperties": [{"mode": "a"}], "ks": {}, "shapes": []},
         {"ty": 4, "nm": "Fader", "ks": {"a": {"a": 0, "k": [50, 50]}, "p": {"a": 0, "k": [50, 50]},
          "o": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.42], "y": [0]}, "i": {"x": [0.58], "y": [1]}}, {"t": 30, "s": [100]}]}},
          "shapes": [{"ty": "fl", "c": {"a": 0, "k": [1, 0.5, 0, 1]}, "o": {"a": 0, "k": 100}}]}]}
        """#.write(toFile: file, atomically: true, encoding: .utf8)
        let refused = try run(["add", file])
        #expect(
            refused.status != 0 && refused.stderr.contains("layers[0]") && refused.stderr.contains("a mask") && refused.stderr.contains("--skip-unsupported"),
            "\(refused.stderr)")
        #expect(try run(["list", "--format", "json"]).stdout.contains("two-layers") == false)
        let validated = try run(["validate", file, "--skip-unsupported"])
        #expect(validated.status == 0 && validated.stdout.contains(#"left out layers[0] "Masked Dot": a mask"#), "\(validated.stdout)\(validated.stderr)")
        let added = try run(["add", file, "--skip-unsupported"])
        #expect(added.status == 0 && added.stdout == "added two-layers 1.0.0\n" && added.stderr.contains("1 Lottie layer(s)"), "\(added.stdout)\(added.stderr)")
        // The fade: ease-in-out from 0 to 1 over a second (30 frames at 30 fps), halfway at 0.5 s.
        let sampled = try JSONReader.read(try run(["sample", "two-layers", "--at", "0,0.5,1", "--format", "json"]).stdout)
        let opacities = sampled["samples"]?.arrayValue?.compactMap { $0["values"]?["opacity"]?.numberValue } ?? []
        #expect(opacities.count == 3 && abs(opacities[0]) < 1e-9 && abs(opacities[1] - 0.5) < 1e-9 && abs(opacities[2] - 1) < 1e-9, "\(opacities)")
    }

    @Test func optionsOfOtherTargetsAreRefused() throws {
        for arguments in [
            ["--to", "css", "--fps", "30"], ["--to", "lottie", "--fps", "0"], ["--to", "lottie", "--fps", "1000"],
            // Below one frame a second: 1/fps made the last frame infinite and crashed.
            ["--to", "lottie", "--fps", "5e-324"], ["--to", "lottie", "--fps", "0.5"],
            ["--to", "lottie", "--selector", ".x"]
        ] {
            let refused = try run(["export", "pop"] + arguments)
            #expect(refused.status != 0 && !refused.stderr.isEmpty && refused.stdout.isEmpty, "\(arguments): \(refused.stderr)")
        }
    }
}
