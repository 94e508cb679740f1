import CatalogModel
import Foundation
import Testing
import TestSupport

/// Every number is checked where it enters: the reproductions that crashed, hung or poisoned
/// the log now get a one-line error, exit status 1, and leave the database as it was.
struct NumericLimitTests {
    private func run(_ arguments: [String], db: String, stdin: String? = nil) throws -> CLI.Result {
        try CLI.run(arguments, environment: ["CATALOG_DB": db], stdin: stdin)
    }

    @Test(arguments: CLIBackend.allCases) func hugeRatesAndSpansAreRefusedNotCrashed(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let db = try backend.database(in: folder)
        for (arguments, message) in [
            (["sample", "fade-in", "--fps", "1e308"], "more than 1000000"),
            (["sample", "fade-in", "--fps", "20", "--to", "1e19"], "--to 1e+19: must be a time"),
            (["sample", "fade-in", "--at", "1e300"], "--at 1e300: must be a time"),
            (["replay", "--until", "1e19"], "--until 1e+19: must be a time"),
            (["demo", "--fps", "1e308"], "more than 1000000"),
            (["sample", "fade-in", "--fps=-5"], "--fps must be a positive number")
        ] {
            let result = try run(arguments, db: db)
            // Status 1 (a failed command) or 64 (a usage error) is an error reported; a crash would be a signal.
            #expect([1, 64].contains(result.status) && result.stderr.contains(message), "\(arguments): \(result.status) \(result.stderr)")
        }
    }

    /// The limit is inclusive: exactly 10⁹ s samples, applies and sets; the next time after it does not.
    @Test func theTimeLimitItselfIsAccepted() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        #expect(try run(["object", "add", "v", "--type", "view"], db: db).status == 0)
        for arguments in [
            ["sample", "fade-in", "--at", "1000000000"], ["prop", "set", "v", "k", "1", "--at", "1000000000"],
            ["apply", "fade-in", "--to", "v", "--at", "1000000000"], ["state", "v", "--at", "1000000000"]
        ] {
            let result = try run(arguments, db: db)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        for arguments in [["sample", "fade-in", "--at", "1000000000.5"], ["prop", "set", "v", "k", "2", "--at", "1000000000.5"]] {
            #expect(try run(arguments, db: db).status == 1, "\(arguments)")
        }
    }

    @Test func anInfiniteSpanIsNamedForWhatItIs() throws {
        let folder = TemporaryFolder()
        let given = try run(["sample", "fade-in", "--fps", "10", "--to", "inf"], db: folder.file("c.sqlite"))
        #expect(given.status == 64 && given.stderr.contains("--to must be a finite number, not inf"), "\(given.stderr)")
        let file = folder.file("still.json")
        try
            #"{"name": "still", "kind": "animation", "version": "1.0.0", "animation": {"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "speed": 0}}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        let frozen = try run(["sample", file, "--fps", "10"], db: folder.file("c.sqlite"))
        #expect(frozen.status == 1 && frozen.stderr.contains("or its speed is 0"), "\(frozen.stderr)")
    }

    @Test(arguments: CLIBackend.allCases) func sceneTimesBeyondTheRangeAreRefusedAndTheLogStillReplays(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let db = try backend.database(in: folder)
        #expect(try run(["object", "add", "v", "--type", "view"], db: db).status == 0)
        #expect(try run(["object", "add", "cell", "--type", "cell"], db: db).status == 0)
        for arguments in [
            ["prop", "set", "v", "k", "1", "--at", "1e18"], ["apply", "fade-in", "--to", "v", "--at", "1e18"],
            ["send", "tap", "--to", "v", "--at", "1e308"]
        ] {
            let result = try run(arguments, db: db)
            #expect(
                result.status == 1 && result.stderr.contains("out of range: scene times are finite seconds up to 1000000000"), "\(arguments): \(result.stderr)")
        }
        let state = try run(["state", "v", "--at", "nan"], db: db)
        #expect(state.status == 1 && state.stderr.contains("scene time nan must be a time"), "not \"no object\": \(state.stderr)")
        // Nothing of it was logged, and the log replays.
        #expect(!(try run(["log"], db: db).stdout.contains("1e+18")))
        #expect(try run(["replay"], db: db).status == 0)
        #expect(try run(["replay", "--verify"], db: db).stdout.hasPrefix("verified"))
    }

    @Test(arguments: CLIBackend.allCases) func parameterOverridesThatCouldNotReplayAreRefusedAtPropSet(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let db = try backend.database(in: folder)
        #expect(try run(["object", "add", "cell", "--type", "cell"], db: db).status == 0)
        for value in ["-1", "slow"] {
            let result = try run(["prop", "set", "cell", "bounce-select.duration", "--", value], db: db)
            #expect(result.status == 1 && result.stderr.contains("overrides bounce-select's parameter duration"), "\(value): \(result.stderr)")
        }
        #expect(try run(["apply", "bounce-select", "--to", "cell", "--at", "0"], db: db).status == 0)
        #expect(try run(["send", "select", "--to", "cell", "--at", "1"], db: db).status == 0)
        #expect(try run(["state", "cell"], db: db).status == 0)
        #expect(try run(["replay"], db: db).status == 0)
    }

    /// Definitions that hung `sample` or evaluated to NaN/Infinity are refused by `validate`,
    /// naming the field.
    @Test(arguments: [
        (#""type": "spring", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "mass": 1e-320"#, "animation.mass"),
        (#""type": "spring", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "perceptualDuration": 1e-300"#, "animation.perceptualDuration"),
        (#""type": "spring", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "perceptualDuration": 1e300"#, "animation.perceptualDuration"),
        (#""type": "spring", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "damping": 1e15, "allowsOverdamping": true"#, "animation.damping"),
        (
            #""type": "spring", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "stiffness": 1, "damping": 1000, "allowsOverdamping": true"#,
            "animation.damping"
        ),
        (#""type": "spring", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "damping": 0"#, "animation.damping"),
        (#""type": "spring", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "initialVelocity": 1e308"#, "animation.initialVelocity"),
        (#""type": "basic", "keyPath": "opacity", "fromValue": 1e308, "toValue": -1e308"#, "animation.fromValue"),
        (
            #""type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "timingFunction": "cubic-bezier(0, 1e308, 1, -1e308)""#,
            "animation.timingFunction"
        ),
        (#""type": "keyframe", "keyPath": "transform", "values": ["scale(1e308)", "rotate(1e308deg)"]"#, "animation.values[0]")
    ])
    func definitionsThatCouldNotEvaluateAreRefused(body: String, path: String) throws {
        let folder = TemporaryFolder()
        let file = folder.file("bad.json")
        try #"{"name": "bad", "kind": "animation", "version": "1.0.0", "animation": {\#(body)}}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try run(["validate", file], db: folder.file("c.sqlite"))
        #expect(result.status == 1 && result.stderr.contains("\(file): \(path): "), "\(result.stderr)")
    }
}
