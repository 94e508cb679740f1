import Foundation
import Testing
import TestSupport

/// Inputs are bounded, and so are the errors about them: a huge id, key, name or option value
/// is refused in a message of a line or two that quotes an excerpt; a definition past its size
/// or count limits is refused naming the limit, before it is built.
struct InputBoundsTests {
    private func run(_ arguments: [String], db: String, stdin: String? = nil) throws -> CLI.Result {
        try CLI.run(arguments, environment: ["CATALOG_DB": db], stdin: stdin)
    }

    static let huge = String(repeating: "a", count: 100_000)

    @Test func aHugeInputIsRefusedWithAShortMessage() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        #expect(try run(["object", "add", "v", "--type", "view"], db: db).status == 0)
        let before = try run(["log", "--format", "jsonl"], db: db).stdout
        let h = Self.huge
        for arguments in [
            ["object", "add", h, "--type", "view"], ["object", "add", "x", "--type", h], ["object", "add", "y", "--type", "view", "--owner", h],
            ["object", "show", h], ["object", "remove", h], ["state", h],
            ["prop", "set", "v", h, "1"], ["prop", "set", h, "k", "1"], ["prop", "get", "v", h], ["prop", "set", "v", "k", "@" + h],
            ["prop", "set", "v", "k", "1", "--policy", h], ["prop", "unset", "v", h],
            ["apply", h, "--to", "v"], ["apply", "fade-in", "--to", h], ["apply", "fade-in", "--to", "v", "--param", h + "=1"],
            ["apply", "fade-sequence", "--role", h + "=v"], ["send", h, "--to", "v"], ["send", "tap", "--to", h],
            ["show", h], ["history", h], ["remove", h], ["sample", h, "--at", "0"], ["export", h, "--to", "css"],
            ["type", "declare", h], ["list", "--" + h], [h]
        ] {
            let result = try run(arguments, db: db)
            let shown = arguments.map { $0.count > 20 ? "HUGE" : $0 }
            #expect(result.status != 0, "\(shown) is refused")
            #expect(result.stderr.utf8.count < 2_000, "\(shown): \(result.stderr.utf8.count) bytes of error")
            #expect(
                result.stderr.contains("more characters)") || !result.stderr.contains(String(repeating: "a", count: 301)),
                "\(shown) quotes an excerpt: \(result.stderr.prefix(400))")
            #expect(result.stdout.utf8.count < 2_000, "\(shown): \(result.stdout.utf8.count) bytes of output")
        }
        #expect(try run(["log", "--format", "jsonl"], db: db).stdout == before, "nothing was written")
        let event = try run(["send", h, "--to", "v"], db: db)
        #expect(event.stderr.contains("event name 'aaaa") && event.stderr.contains("must be 1–200 characters"), "\(event.stderr.prefix(300))")
    }

    @Test func aDefinitionPastItsSizeIsRefusedBeforeItIsRead() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        // Keyframes past the size limit (2.7 MB; the report had 50 MB).
        let keyframes = String(repeating: #"{"opacity": 0.5}, "#, count: 150_000)
        let text = #"{"name": "huge", "kind": "animation", "version": "1.0.0", "keyframes": [\#(keyframes){"opacity": 1}], "options": {"duration": 1000}}"#
        let file = folder.file("huge.json")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        for (arguments, stdin, name) in [
            (["validate", file], nil, "huge.json"), (["add", file], nil, "huge.json"),
            (["add", "-"], text, "-"), (["sample", file, "--at", "0"], nil, "huge.json")
        ] {
            let result = try run(arguments, db: db, stdin: stdin)
            #expect(
                result.status == 1 && result.stderr.contains("\(name): the file is ")
                    && result.stderr.contains("a definition is at most 1048576 bytes"), "\(arguments.first!): \(result.stderr.prefix(300))")
        }
        #expect(try run(["show", "huge"], db: db).status == 1)
    }

    @Test(arguments: [
        ("keyframes", "keyframes", "a list holds at most 10000"),
        ("values", "animation.values", "a list holds at most 10000"),
        ("group", "animation.animations", "a list of animations holds at most 1000"),
        ("chain", "chain.sequence", "a list of sequence holds at most 1000"),
        ("roles", "chain.roles", "a list of roles holds at most 1000"),
        ("layout", "layout.stack.children", "a list of children holds at most 1000")
    ])
    func aDefinitionPastItsCountsIsRefusedNamingTheLimit(shape: String, path: String, rule: String) throws {
        let folder = TemporaryFolder()
        func many(_ count: Int, _ item: String) -> String { Array(repeating: item, count: count).joined(separator: ", ") }
        let body =
            switch shape {
            case "keyframes": #""kind": "animation", "keyframes": [\#(many(10_001, #"{"opacity": 0}"#))]"#
            case "values": #""kind": "animation", "animation": {"type": "keyframe", "keyPath": "opacity", "values": [\#(many(10_001, "0"))]}"#
            case "group": #""kind": "animation", "animation": {"type": "group", "animations": [\#(many(1_001, #"{"type": "basic", "keyPath": "opacity"}"#))]}"#
            case "chain": #""kind": "chain", "chain": {"roles": ["a"], "sequence": [\#(many(1_001, #"{"wait": 0.1}"#))]}"#
            case "roles": #""kind": "chain", "chain": {"roles": [\#((0...1_000).map { "\"r\($0)\"" }.joined(separator: ", "))], "sequence": []}"#
            default: #""kind": "layout", "layout": {"stack": {"children": [\#(many(1_001, #"{"slot": "s"}"#))]}}"#
            }
        let file = folder.file("\(shape).json")
        try #"{"name": "big", "version": "1.0.0", \#(body)}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try run(["validate", file], db: folder.file("c.sqlite"))
        #expect(
            result.status == 1 && result.stderr.contains("\(shape).json: \(path): has ") && result.stderr.contains(rule),
            "\(shape): \(result.stderr.prefix(300))")
    }
}
