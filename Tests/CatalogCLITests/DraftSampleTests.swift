import CatalogModel
import Foundation
import TestSupport
import Testing

/// `POST /api/sample`, the editor's door to the engine: a draft definition, not stored, sampled
/// with the bytes `catalog sample FILE --format json` prints, and refused with the error
/// `catalog validate` gives (its field path and rule); nothing is written either way. And
/// `POST /api/diff`, the editor's review: a draft against a kept version answers what `catalog
/// diff` prints once the draft is added.
struct DraftSampleTests {
    @Test func aDraftSamplesAsTheCommandLineAndIsRefusedAsValidateRefusesIt() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        let draft = """
            name: draft-pop
            kind: animation
            version: 1.0.0
            keyframes: [{transform: scale(0.5), easing: "cubic-bezier(0.3, 1.4, 0.6, 1)"}, {transform: scale(1)}]
            options: {duration: 300, fill: forwards}
            """
        try draft.write(toFile: folder.file("draft.yaml"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["--db", db, "list"]).status == 0)
        let before = try CLI.run(["--db", db, "log", "--format", "jsonl"]).stdout
        let server = try ServeProcess(db: db)
        let answer = try server.post("/api/sample?fps=60", body: draft)
        let printed = try CLI.run(["--db", db, "sample", folder.file("draft.yaml"), "--fps", "60", "--format", "json"])
        #expect(answer.status == 200 && answer.body == printed.stdout)

        let broken = draft.replacingOccurrences(of: "duration: 300", with: "duration: -300")
        try broken.write(toFile: folder.file("broken.yaml"), atomically: true, encoding: .utf8)
        let refused = try server.post("/api/sample?at=0", body: broken)
        let validated = try CLI.run(["--db", db, "validate", folder.file("broken.yaml")])
        #expect(refused.status == 400 && validated.status != 0)
        let error = try JSONReader.read(refused.body)["error"]
        #expect(error?["code"]?.stringValue == "invalid-definition" && error?["path"]?.stringValue == "options.duration")
        #expect(validated.stderr.contains("options.duration: \(error?["rule"]?.stringValue ?? "?")"), "\(validated.stderr)")
        // Something that is not one animation definition is refused too.
        #expect(try server.post("/api/sample?at=0", body: "[\(draft.debugDescription), 1]").status == 400)
        #expect(try CLI.run(["--db", db, "log", "--format", "jsonl"]).stdout == before)
    }

    @Test func aDraftDiffsAsTheCommandLineDiffsItOnceAdded() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        #expect(try CLI.run(["--db", db, "list"]).status == 0)
        let stored = try JSONReader.read(try CLI.run(["--db", db, "show", "fade-in", "--format", "json"]).stdout)
        guard case .object(var definition)? = stored["definition"], case .object(var body)? = definition["animation"] else {
            Issue.record("fade-in has no animation body")
            return
        }
        let from = "fade-in@\(stored["version"]?.stringValue ?? "?")"
        body["timingFunction"] = .array([0.3, 0.2, 0.1, 1].map(JSONValue.number))
        body["toValue"] = .number(0.75)
        definition["animation"] = .object(body)
        definition["version"] = "9.0.0"
        let draft = JSONValue.object(definition).canonicalText
        let log = try CLI.run(["--db", db, "log", "--format", "jsonl"]).stdout
        let server = try ServeProcess(db: db)
        let answer = try server.post("/api/diff?from=\(from)", body: draft)
        #expect(try CLI.run(["--db", db, "log", "--format", "jsonl"]).stdout == log)  // reading only

        #expect(try CLI.run(["--db", db, "add", "-"], stdin: draft).status == 0)
        let printed = try CLI.run(["--db", db, "diff", from, "fade-in@9.0.0", "--format", "json"])
        #expect(answer.status == 200 && printed.status == 0 && answer.body == printed.stdout, "\(answer.body)\n\(printed.stdout)")
        let motion = try JSONReader.read(answer.body)["motion"]?["properties"]?.arrayValue ?? []
        #expect(motion.first?["property"]?.stringValue == "opacity" && (motion.first?["largest"]?.numberValue ?? 0) > 0.2)

        // Refused as `validate` refuses the draft; an unknown version as `diff` refuses it.
        let refused = try server.post("/api/diff?from=\(from)", body: draft.replacingOccurrences(of: "\"toValue\":0.75", with: "\"toValue\":\"x\""))
        let refusal = try JSONReader.read(refused.body)["error"]
        #expect(refused.status == 400 && refusal?["path"]?.stringValue == "animation.toValue", "\(refused.body)")
        #expect(try server.post("/api/diff?from=fade-in@0.0.1", body: draft).status == 404)
        #expect(try server.post("/api/diff", body: draft).status == 400)
    }
}
