import Foundation
import Testing
import TestSupport

/// Whatever the store accepts replays: a value that reaches a compiled animation — an override,
/// a `--param`, an imported row, a handler's parameter read from a property — is compiled where
/// it enters and refused with the rule it breaks; a definition whose end lies beyond the time
/// limit is refused at `add`; and `replay` with no arguments never asks for a time of its own
/// that the limits refuse.
struct ReplayableInputTests {
    private func run(_ arguments: [String], db: String, stdin: String? = nil) throws -> CLI.Result {
        try CLI.run(arguments, environment: ["CATALOG_DB": db], stdin: stdin)
    }

    /// `state`, a bare `replay` and `replay --verify` all succeed.
    private func expectReplays(_ db: String, object: String, context: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let state = try run(["state", object], db: db)
        #expect(state.status == 0, "state after \(context): \(state.stderr)", sourceLocation: sourceLocation)
        let replay = try run(["replay"], db: db)
        #expect(replay.status == 0, "replay after \(context): \(replay.stderr)", sourceLocation: sourceLocation)
        let verify = try run(["replay", "--verify"], db: db)
        #expect(verify.status == 0 && verify.stdout.hasPrefix("verified"), "replay --verify after \(context): \(verify.stderr)", sourceLocation: sourceLocation)
    }

    /// Values within the parameter's declared bounds (`minimum: 0`) that the compiled body refuses:
    /// beyond the duration limit, between 0 and the shortest duration.
    static let uncompilableDurations = ["1e300", "1e-9", "2e9"]

    @Test(arguments: CLIBackend.allCases)
    func anOverrideTheBodyRefusesIsRefusedAtPropSetAndImport(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let db = try backend.database(in: folder)
        #expect(try run(["object", "add", "cell", "--type", "cell"], db: db).status == 0)
        #expect(try run(["apply", "bounce-select", "--to", "cell"], db: db).status == 0)
        let before = try run(["log", "--format", "jsonl"], db: db).stdout
        for value in Self.uncompilableDurations {
            let set = try run(["prop", "set", "cell", "bounce-select.duration", value], db: db)
            #expect(
                set.status == 1 && set.stderr.contains("overrides bounce-select's parameter duration")
                    && set.stderr.contains("animation.duration"), "prop set \(value): \(set.stderr)")
            let file = folder.file("rows-\(value).jsonl")
            try "{\"object\": \"cell\", \"key\": \"bounce-select.duration\", \"value\": \(value)}\n".write(toFile: file, atomically: true, encoding: .utf8)
            let imported = try run(["import", file], db: db)
            #expect(
                imported.status == 1 && imported.stderr.contains(":1:") && imported.stderr.contains("animation.duration"),
                "import \(value): \(imported.stderr)")
        }
        #expect(try run(["log", "--format", "jsonl"], db: db).stdout == before, "a refused value wrote nothing")
        // A value that does compile is still taken, and selecting runs it.
        #expect(try run(["prop", "set", "cell", "bounce-select.duration", "0.3"], db: db).status == 0)
        #expect(try run(["send", "select", "--to", "cell"], db: db).status == 0)
        try expectReplays(db, object: "cell", context: "overrides")
    }

    @Test func anApplyParameterTheBodyRefusesIsRefused() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        #expect(try run(["object", "add", "v", "--type", "view"], db: db).status == 0)
        let before = try run(["log", "--format", "jsonl"], db: db).stdout
        for value in Self.uncompilableDurations {
            let result = try run(["apply", "fade-in", "--to", "v", "--param", "duration=\(value)"], db: db)
            #expect(
                result.status == 1 && result.stderr.contains("fade-in on v could not be replayed") && result.stderr.contains(".duration: must be"),
                "--param duration=\(value): \(result.stderr)")
        }
        #expect(try run(["log", "--format", "jsonl"], db: db).stdout == before, "a refused apply wrote nothing")
        // Each within the limits, together beyond them: the end is what is checked.
        let file = folder.file("repeating.yaml")
        try """
        name: repeating
        kind: animation
        version: 1.0.0
        parameters:
          duration: {type: number, default: 1, minimum: 0}
          count: {type: number, default: 1, minimum: 0}
        animation: {type: basic, keyPath: opacity, fromValue: 0, toValue: 1, duration: $duration, repeatCount: $count}
        """.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try run(["add", file], db: db).status == 0)
        let both = try run(["apply", "repeating", "--to", "v", "--param", "duration=1e6", "--param", "count=1e6"], db: db)
        #expect(both.status == 1 && both.stderr.contains("beyond the limit of 1000000000 s"), "\(both.stderr)")
        #expect(try run(["object", "add", "w", "--type", "view"], db: db).status == 0)
        #expect(try run(["prop", "set", "w", "repeating.duration", "1e6"], db: db).status == 0)
        let second = try run(["prop", "set", "w", "repeating.count", "1e6"], db: db)
        #expect(second.status == 1 && second.stderr.contains("beyond the limit"), "the override with the object's other one: \(second.stderr)")
        let rows = folder.file("both.jsonl")
        try """
        {"object": "x", "type": "view"}
        {"object": "x", "key": "repeating.duration", "value": 1e6}
        {"object": "x", "key": "repeating.count", "value": 1e6}

        """.write(toFile: rows, atomically: true, encoding: .utf8)
        let imported = try run(["import", rows], db: db)
        #expect(imported.status == 1 && imported.stderr.contains(":3:"), "an import row with an earlier row's override: \(imported.stderr)")
        #expect(try run(["apply", "repeating", "--to", "v,w"], db: db).status == 0)
        try expectReplays(db, object: "v", context: "parameters")
    }

    /// A handler's parameter read from a plain property (`{property: KEY}`) is only known when the
    /// event comes: the event is refused then, and nothing of it is logged.
    @Test(arguments: CLIBackend.allCases)
    func aHandlerParameterFromAPropertyIsCheckedWhenTheEventComes(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let db = try backend.database(in: folder)
        let file = folder.file("tap-fade.yaml")
        try """
        name: tap-fade
        kind: decorator
        version: 1.0.0
        decorator:
          properties:
            fadeTime: {type: number, default: 0.2}
          handlers:
            tap:
              - run: {component: fade-in, parameters: {duration: {property: fadeTime}}}
        """.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try run(["add", file], db: db).status == 0)
        #expect(try run(["object", "add", "v", "--type", "view"], db: db).status == 0)
        #expect(try run(["apply", "tap-fade", "--to", "v"], db: db).status == 0)
        for value in Self.uncompilableDurations + ["\"slow\""] {
            #expect(try run(["prop", "set", "v", "fadeTime", value], db: db).status == 0, "a plain property takes \(value)")
            let before = try run(["log", "--format", "jsonl"], db: db).stdout
            let tap = try run(["send", "tap", "--to", "v"], db: db)
            #expect(tap.status == 1 && tap.stderr.contains("fade-in on v could not be replayed"), "fadeTime \(value): \(tap.stderr)")
            #expect(try run(["log", "--format", "jsonl"], db: db).stdout == before, "the refused event wrote nothing")
        }
        #expect(try run(["prop", "set", "v", "fadeTime", "0.5"], db: db).status == 0)
        #expect(try run(["send", "tap", "--to", "v"], db: db).status == 0)
        try expectReplays(db, object: "v", context: "handlers")
    }

    /// A value an animation starts from or adds to (`transform`, `opacity`, a layout's frames)
    /// is held to the limit for animated values wherever it enters — `prop set`, `import`, a
    /// layout's rect, a handler's `set` of the event's value — so no presentation value is NaN.
    @Test func aValueAnimationsStartFromIsBoundedWhereverItEnters() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        let file = folder.file("tap-dim.yaml")
        try """
        name: tap-dim
        kind: decorator
        version: 1.0.0
        decorator:
          handlers:
            tap:
              - set: {property: opacity, value: {event: value}}
        """.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try run(["add", file], db: db).status == 0)
        for id in ["v", "a", "b"] { #expect(try run(["object", "add", id, "--type", "view"], db: db).status == 0) }
        #expect(try run(["apply", "tap-dim", "--to", "v"], db: db).status == 0)
        let before = try run(["log", "--format", "jsonl"], db: db).stdout
        let rows = folder.file("rows.jsonl")
        try #"{"object": "v", "key": "opacity", "value": 1e300}"#.write(toFile: rows, atomically: true, encoding: .utf8)
        for (arguments, message) in [
            (["prop", "set", "v", "transform", "[1e200,0,0,0,0,1e200,0,0,0,0,1,0,0,0,1e200,1]"], "v.transform: the value is beyond ±10000000"),
            (["prop", "set", "v", "opacity", "--", "-1e300"], "v.opacity: the value is beyond ±10000000"),
            (["import", rows], "rows.jsonl:1: v.opacity: the value is beyond"),
            (
                ["apply", "decorating-layout", "--param", "rect=0,0,1e300,1e300", "--role", "content=a", "--role", "decoration=b"],
                "a.frame: the value is beyond"
            ),
            (["send", "tap", "--to", "v", "--value", "1e300"], "v.opacity: the value is beyond")
        ] {
            let result = try run(arguments, db: db)
            #expect(result.status == 1 && result.stderr.contains(message), "\(arguments.prefix(3)): \(result.stderr)")
        }
        #expect(try run(["log", "--format", "jsonl"], db: db).stdout == before, "nothing was written")
        // Any key animations do not animate holds any finite number.
        #expect(try run(["prop", "set", "v", "count", "1e300"], db: db).status == 0)
        #expect(try run(["prop", "set", "v", "transform", "[1e7,0,0,0,0,1e7,0,0,0,0,1,0,0,0,1e7,1]"], db: db).status == 0)
        #expect(try run(["apply", "shake", "--to", "v"], db: db).status == 0)
        let state = try run(["state", "v", "--at", "0.1", "--format", "json"], db: db)
        #expect(state.status == 0 && !state.stdout.contains("NaN") && !state.stdout.contains("inf"), "\(state.stdout)")
        try expectReplays(db, object: "v", context: "bounded model values")
    }

    @Test func aDefinitionThatEndsBeyondTheLimitIsRefusedAtAdd() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        for (name, body) in [
            ("crawl", #""animation": {"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "speed": 1e-300}"#),
            ("eons", #""animation": {"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1e9, "repeatCount": 3}"#),
            ("late", #""keyframes": [{"opacity": 0}, {"opacity": 1}], "options": {"duration": 1e12, "delay": 1e12}"#)
        ] {
            let file = folder.file("\(name).json")
            try #"{"name": "\#(name)", "kind": "animation", "version": "1.0.0", \#(body)}"#.write(toFile: file, atomically: true, encoding: .utf8)
            let result = try run(["add", file], db: db)
            #expect(result.status == 1 && result.stderr.contains("\(name).json: ") && result.stderr.contains("beyond the limit"), "\(name): \(result.stderr)")
            #expect(try run(["show", name], db: db).status == 1, "\(name) was not added")
        }
    }

    /// The limit holds for what plays under reduced motion too: a step that ends within it as
    /// written but whose reduced form (a 10 s fade for a 1 ms blip) ends beyond it is refused
    /// where it enters, and what was accepted replays.
    @Test func anApplicationThatEndsBeyondTheLimitOnlyUnderReducedMotionIsRefused() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        let blip = folder.file("blip.json"), late = folder.file("late.yaml")
        try
            #"{"name": "blip", "kind": "animation", "version": "1.0.0", "reducedMotion": {"fade": 10}, "animation": {"type": "basic", "keyPath": "opacity", "fromValue": 1, "toValue": 0.5, "duration": 0.001}}"#
            .write(toFile: blip, atomically: true, encoding: .utf8)
        try
            "name: late\nkind: chain\nversion: 1.0.0\nchain:\n  roles: [target]\n  sequence:\n    - {wait: 999999995}\n    - {animate: target, component: blip}\n"
            .write(toFile: late, atomically: true, encoding: .utf8)
        #expect(try run(["add", blip, late], db: db).status == 0)
        #expect(try run(["object", "add", "v", "--type", "view"], db: db).status == 0)
        let refused = try run(["apply", "late", "--role", "target=v"], db: db)
        #expect(refused.status == 1 && refused.stderr.contains("(under reduced motion), beyond the limit"), "\(refused.stderr)")
        #expect(!(try run(["log"], db: db).stdout.contains("late")), "nothing of it was logged")
        try expectReplays(db, object: "v", context: "a refused late chain")
    }

    /// An animation applied late in the scene may end past the limit; a long one needs more
    /// frames than a replay takes by itself. A bare `replay` stops with a note, not an error.
    @Test func aBareReplayNeverAsksForATimeBeyondTheLimits() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        let file = folder.file("long.json")
        try
            #"{"name": "long", "kind": "animation", "version": "1.0.0", "animation": {"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 5e8}}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try run(["add", file], db: db).status == 0)
        #expect(try run(["object", "add", "v", "--type", "view"], db: db).status == 0)
        #expect(try run(["apply", "long", "--to", "v", "--at", "9e8"], db: db).status == 0)
        let replay = try run(["replay", "--from", "9e8"], db: db)
        #expect(replay.status == 0 && replay.stderr.contains("note: frames stop at t=900009999.9 after 100000 frames"), "\(replay.stderr)")
        let lines = replay.stdout.split(separator: "\n")
        #expect(lines.count == 100_001 && lines.last?.hasPrefix("900009999.9 ") == true, "100,000 frames and a header: \(lines.count), \(lines.last ?? "")")
        try expectReplays(db, object: "v", context: "a late, long animation")
    }

    /// Random definitions with extreme timing: whatever `add` accepts is applied (also late in
    /// the scene and under reduced motion) and then a bare `replay`, `state` and
    /// `replay --verify` succeed.
    @Test(arguments: [3, 17, 101])
    func acceptedExtremeTimingAlwaysReplays(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        #expect(try run(["object", "add", "v", "--type", "view"], db: db).status == 0)
        let durations = [0, 1e-6, 1e-3, 0.2, 1e3, 1e6, 1e9]
        let speeds = [1e-300, 1e-9, 1e-3, 1, 1000]
        let counts: [String] = ["0", "1.5", "1000", "1e9", "\".inf\""]
        let begins = [-1e9, -1, 0, 1e6, 1e9]
        var accepted: [String] = []
        for index in 0..<8 {
            let name = "extreme-\(index)"
            let body: String
            if random.next() % 2 == 0 {
                let repeatField =
                    random.next() % 3 == 0
                    ? "\"repeatDuration\": \(random.pick(durations))" : "\"repeatCount\": \(random.pick(counts))"
                body = """
                    "animation": {"type": "keyframe", "keyPath": "opacity", "values": [0, 1, 0.5], "calculationMode": "\(random.pick(["linear", "cubic", "paced"]))",
                      "duration": \(random.pick(durations)), "speed": \(random.pick(speeds)), "beginTime": \(random.pick(begins)),
                      "timeOffset": \(random.pick(begins)), \(repeatField), "autoreverses": \(random.next() % 2 == 0),
                      "fillMode": "\(random.pick(["removed", "forwards", "backwards", "both"]))"}
                    """
            } else {
                body = """
                    "keyframes": [{"opacity": 0}, {"opacity": 1}], "options": {"duration": \(random.pick(durations) * 1000), "delay": \(random.pick(begins) * 1000),
                      "endDelay": \(random.pick(begins) * 1000), "iterations": \(random.pick(["0", "1.5", "1e9", "\"Infinity\""])), "iterationStart": \(random.pick([0, 0.5, 1e9])),
                      "direction": "\(random.pick(["normal", "alternate", "reverse"]))", "fill": "both"}
                    """
            }
            let file = folder.file("\(name).json")
            try #"{"name": "\#(name)", "kind": "animation", "version": "1.0.0", "reducedMotion": {"shorten": 0.5}, \#(body)}"#
                .write(toFile: file, atomically: true, encoding: .utf8)
            let added = try run(["add", file], db: db)
            #expect([0, 1].contains(added.status), "\(name): \(added.stderr)")
            if added.status == 0 { accepted.append(name) }
        }
        // The seeds mix both outcomes: some timings are refused, the rest must replay.
        #expect(!accepted.isEmpty && accepted.count < 8, "seed \(seed) accepted \(accepted.count) of 8")
        for (index, name) in accepted.enumerated() {
            let time = [0, 1, 1e6, 9.99e8, 1e9][index % 5]
            var arguments = ["apply", name, "--to", "v", "--at", JSONValueText.number(time)]
            if index % 2 == 1 { arguments.append("--reduced-motion") }
            let applied = try run(arguments, db: db)
            #expect(applied.status == 0, "\(name) at \(time): \(applied.stderr)")
        }
        try expectReplays(db, object: "v", context: "seed \(seed): \(accepted)")
    }
}

/// Numbers as the command line takes them.
enum JSONValueText {
    static func number(_ value: Double) -> String { value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)" }
}
