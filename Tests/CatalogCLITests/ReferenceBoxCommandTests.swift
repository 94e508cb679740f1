import CatalogKit
import Foundation
import TestSupport
import Testing

/// `translate()` percentages from the command line: `sample`/`export` take `--box W,H` and say
/// when one is missing; `apply` resolves them against the object's bounds (else its frame),
/// records that box, and refuses an object with neither; replay reproduces what ran.
struct ReferenceBoxCommandTests {
    let folder = TemporaryFolder()
    static let slide = """
        @keyframes slideAcross {
          from { transform: translate3d(-100%, 50%, 0); }
          to { transform: translate3d(0, 0, 0); }
        }
        .slideAcross { animation: slideAcross 1s linear both; }
        """

    func translation(_ result: CLI.Result) throws -> [Double] {
        let sample = try JSONReader.read(result.stdout)["samples"]?.arrayValue?.first?["values"]?["transform"]?.arrayValue ?? []
        return [sample[12].numberValue ?? .nan, sample[13].numberValue ?? .nan]
    }

    @Test func sampleAndExportTakeABoxAndSayWhenOneIsMissing() throws {
        let css = folder.file("slide.css")
        try Self.slide.write(toFile: css, atomically: true, encoding: .utf8)
        let environment = ["CATALOG_DB": folder.file("c.sqlite")]
        let missing = try CLI.run(["sample", css, "--at", "0"], environment: environment)
        #expect(missing.status != 0 && missing.stderr.contains("none is given") && missing.stderr.contains("--box W,H"), "\(missing.stderr)")
        for (box, expected) in [("200,40", [-200.0, 20]), ("50,10", [-50, 5])] {
            let sampled = try CLI.run(["sample", css, "--at", "0", "--box", box, "--format", "json"], environment: environment)
            #expect(sampled.status == 0, "\(sampled.stderr)")
            #expect(try translation(sampled) == expected)
        }
        // An exact export keeps the percentages as written: the browser takes them against the
        // element's own box, whatever its size, so it needs no --box …
        for arguments in [[], ["--box", "200,40"]] {
            let exported = try CLI.run(["export", css, "--to", "css"] + arguments, environment: environment)
            #expect(exported.status == 0 && exported.stdout.contains("transform: translate3d(-100%, 50%, 0);"), "\(exported.stdout)\(exported.stderr)")
        }
        // … but values baked from the engine's samples (CSS has no iterationStart) are lengths of one box.
        let baked = folder.file("slide.json")
        try
            #"{"name": "slide-half", "kind": "animation", "version": "1.0.0", "keyframes": [{"transform": "translate3d(-100%, 50%, 0)"}, {"transform": "none"}], "options": {"duration": 1000, "iterationStart": 0.5}}"#
            .write(toFile: baked, atomically: true, encoding: .utf8)
        let unsized = try CLI.run(["export", baked, "--to", "css"], environment: environment)
        #expect(unsized.status != 0 && unsized.stderr.contains("none is given") && unsized.stderr.contains("--box W,H"), "\(unsized.stderr)")
        // It starts halfway (iterationStart 0.5): -100%, 50% of 200×40 halved.
        let sized = try CLI.run(["export", baked, "--to", "css", "--box", "200,40"], environment: environment)
        #expect(sized.status == 0 && sized.stdout.contains("0% { transform: translate(-100px, 10px); }"), "\(sized.stdout)\(sized.stderr)")
        let bad = try CLI.run(["sample", css, "--at", "0", "--box", "-3,4"], environment: environment)
        #expect(bad.status != 0 && bad.stderr.contains("--box"))
    }

    @Test func applyResolvesAgainstTheObjectsSizeAndReplayReproducesIt() throws {
        let css = folder.file("slide.css")
        try Self.slide.write(toFile: css, atomically: true, encoding: .utf8)
        let environment = ["CATALOG_DB": folder.file("c.sqlite")]
        func run(_ arguments: [String]) throws -> CLI.Result {
            let result = try CLI.run(arguments, environment: environment)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return result
        }
        _ = try run(["add", css])
        for id in ["card", "framed", "bare"] { _ = try run(["object", "add", id, "--type", "view"]) }
        _ = try run(["prop", "set", "card", "bounds", "0,0,200,40"])
        _ = try run(["prop", "set", "framed", "frame", "10,10,80,20"])
        _ = try run(["apply", "slide-across", "--to", "card", "--at", "0"])
        _ = try run(["apply", "slide-across", "--to", "framed", "--at", "0"])
        let refused = try CLI.run(["apply", "slide-across", "--to", "bare", "--at", "0"], environment: environment)
        #expect(refused.status != 0 && refused.stderr.contains("none is given"), "\(refused.stderr)")

        func presentation(_ id: String) throws -> [Double] {
            let state = try JSONReader.read(try run(["state", id, "--at", "0", "--format", "json"]).stdout)
            let matrix = state["presentation"]?["transform"]?.arrayValue ?? []
            return [matrix[12].numberValue ?? .nan, matrix[13].numberValue ?? .nan]
        }
        #expect(try presentation("card") == [-200, 20])
        #expect(try presentation("framed") == [-80, 10])
        // The apply keeps the box it resolved against: a later size does not move what runs.
        _ = try run(["prop", "set", "card", "bounds", "0,0,400,40", "--at", "0"])
        #expect(try presentation("card") == [-200, 20])
        let log = try run(["log", "--format", "json"]).stdout
        #expect(log.contains("\"box\""))
        let verified = try run(["replay", "--verify"])
        #expect(verified.stdout.hasPrefix("verified"))
    }
}
