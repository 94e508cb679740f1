import CatalogModel
import Foundation
import TestSupport
import Testing

/// `--reduced-motion` on the scene commands: `state` and `replay` show what a viewer who prefers
/// reduced motion sees; `apply` and `send` record that an animation ran reduced, so it plays
/// reduced for everyone, in every replay, and `replay --verify` still rebuilds the state.
struct ReducedMotionSceneTests {
    private struct Scene {
        let folder = TemporaryFolder()
        let db: String

        init(_ backend: CLIBackend) throws { db = try backend.database(in: folder) }

        @discardableResult
        func run(_ arguments: [String]) throws -> String {
            let result = try CLI.run(arguments, environment: ["CATALOG_DB": db])
            try #require(result.status == 0, "\(arguments.joined(separator: " ")): \(result.stderr)")
            return result.stdout
        }

        func presentation(_ id: String, at time: Double, reduced: Bool = false) throws -> JSONValue {
            let text = try run(["state", id, "--at", "\(time)", "--format", "json"] + (reduced ? ["--reduced-motion"] : []))
            return try JSONValue(jsonData: Data(text.utf8))["presentation"]!
        }
    }

    private func translationX(_ value: JSONValue?) -> Double? { value?.arrayValue?[12].numberValue }

    @Test(arguments: CLIBackend.allCases) func stateAndReplayShowWhatAReducedMotionViewerSees(backend: CLIBackend) throws {
        let scene = try Scene(backend)
        try scene.run(["object", "add", "v1", "--type", "view"])
        try scene.run(["apply", "shake", "--to", "v1", "--at", "0"])
        // shake: 0 → −10 px over its first 80 ms; under reduced motion (none) it does not move.
        #expect(abs(translationX(try scene.presentation("v1", at: 0.04)["transform"])! + 5) < 1e-9)
        #expect(translationX(try scene.presentation("v1", at: 0.04, reduced: true)["transform"]) == 0)
        let frames = try JSONValue(
            jsonData: Data(try scene.run(["replay", "--object", "v1", "--fps", "25", "--until", "0.4", "--reduced-motion", "--format", "json"]).utf8))
        let xs = frames["frames"]!.arrayValue!.compactMap { translationX($0["objects"]?["v1"]?["transform"]) }
        #expect(!xs.isEmpty && xs.allSatisfy { $0 == 0 })
    }

    @Test(arguments: CLIBackend.allCases) func applyAndSendUnderReducedMotionAreRecordedSo(backend: CLIBackend) throws {
        let scene = try Scene(backend)
        try scene.run(["object", "add", "v1", "--type", "view"])
        try scene.run(["object", "add", "cell", "--type", "cell"])
        try scene.run(["apply", "slide-in-left", "--to", "v1", "--at", "0", "--reduced-motion"])
        // Recorded as reduced: a fade in place (0.5 half-way through its 0.2 s), whoever looks.
        let shown = try scene.presentation("v1", at: 0.1)
        #expect(shown["opacity"]?.numberValue == 0.5 && translationX(shown["transform"]) == 0)

        try scene.run(["apply", "bounce-select", "--to", "cell", "--at", "0"])
        try scene.run(["send", "select", "--to", "cell", "--at", "1", "--reduced-motion"])
        // bounce-select under reduced motion: its end state (0.9) at once, not 1 → 0.8 → 0.9.
        #expect(try scene.presentation("cell", at: 1.05)["transform"]?.arrayValue?[0].numberValue == 0.9)
        #expect(try scene.run(["replay", "--verify"]).hasPrefix("verified"))
    }

    @Test(arguments: CLIBackend.allCases) func aChainUnderReducedMotionFollowsItsStepsShorterDurations(backend: CLIBackend) throws {
        let scene = try Scene(backend)
        let chain = scene.folder.file("twice.yaml")
        try """
        name: slide-twice
        kind: chain
        version: 1.0.0
        chain:
          roles: [a]
          sequence:
            - {animate: a, component: slide-in-left}
            - {animate: a, component: slide-in-left}
        """.write(toFile: chain, atomically: true, encoding: .utf8)
        try scene.run(["add", chain])
        try scene.run(["object", "add", "v1", "--type", "view"])
        // Two 0.4 s slides; under reduced motion each is a 0.2 s fade.
        #expect(try scene.run(["apply", "slide-twice", "--role", "a=v1", "--at", "0"]).contains("done at t=0.8"))
        #expect(try scene.run(["apply", "slide-twice", "--role", "a=v1", "--at", "1", "--reduced-motion"]).contains("done at t=1.4"))
    }
}
