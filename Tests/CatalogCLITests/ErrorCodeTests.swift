import CatalogKit
import Foundation
import TestSupport
import Testing

/// With `--format json`, a failing command prints one error object on stderr — a stable code,
/// the message a person reads without the flag, and the fields the message is about — and exits
/// as it does without the flag. One test per family of codes (``ErrorCode/Family``).
@Suite(.serialized) struct ErrorCodeTests {
    let folder = TemporaryFolder()

    /// What a failing command said, as JSON and as text.
    struct Failure {
        var error: JSONValue
        var status: Int32
        var code: String? { error["code"]?.stringValue }
        subscript(field: String) -> JSONValue? { error[field] }
    }

    /// Runs `arguments` with `--format json` added, and again without it (`text`, when the
    /// flag is part of the arguments already the text run drops it): both fail alike.
    func failure(_ arguments: [String], text: [String]? = nil, stdin: String? = nil) throws -> Failure {
        let json = try CLI.run(arguments + ["--format", "json"], stdin: stdin)
        let plain = try CLI.run(text ?? arguments, stdin: stdin)
        #expect(json.status != 0 && json.status == plain.status, "\(json.status) vs \(plain.status)")
        #expect(json.stdout.isEmpty, "\(json.stdout)")
        let lines = json.stderr.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        #expect(lines.count == 1, "one object on one line: \(json.stderr)")
        let object = try JSONValue(jsonData: Data(json.stderr.utf8))
        #expect(object.objectValue?.keys.sorted() == ["error"])
        let error = try #require(object["error"])
        // The message is the one a person gets without the flag (a hint may quote the arguments).
        let message = try #require(error["message"]?.stringValue?.split(separator: "\n").first.map(String.init))
        #expect(!message.isEmpty && plain.stderr.contains(message), "\(message) not in \(plain.stderr)")
        #expect(ErrorCode(rawValue: error["code"]?.stringValue ?? "") != nil, "\(error)")
        return Failure(error: error, status: json.status)
    }

    @Test func usage() throws {
        let db = folder.file("c.sqlite")
        let limit = try failure(["--db", db, "list", "--limit", "-1"])
        #expect(limit.code == "usage" && limit.status == 64)
        let unknown = try failure(["--db", db, "lsit"])
        #expect(unknown.code == "usage" && unknown.status == 64)
        #expect(unknown["message"]?.stringValue?.contains("list") == true, "did you mean: \(unknown.error)")
        // `import --format` names the input's format: its usage errors stay text.
        let importing = try CLI.run(["--db", db, "import", "--format", "json"])
        #expect(importing.status == 64 && !importing.stderr.hasPrefix("{"), "\(importing.stderr)")
    }

    @Test func input() throws {
        let db = folder.file("c.sqlite")
        let bad = folder.file("bad.yaml")
        try "name: bad-one\nkind: animation\nversion: 1.0.0\nkeyframes: [{opacity: 1}, {opacity: 0}]\noptions: {duration: fast}\n"
            .write(toFile: bad, atomically: true, encoding: .utf8)
        let definition = try failure(["--db", db, "sample", bad, "--at", "0"])
        #expect(definition.code == "invalid-definition" && definition.status == 1)
        let first = try #require(definition["errors"]?.arrayValue?.first)
        #expect(first["file"]?.stringValue == bad && first["path"]?.stringValue == "options.duration", "\(definition.error)")
        #expect(first["rule"]?.stringValue?.isEmpty == false)

        let times = try failure(["--db", db, "sample", "fade-in", "--at", "0,soon"])
        #expect(times.code == "invalid-times" && times["field"] == "at")
        #expect(times["message"]?.stringValue?.contains("--at") == true)
        // replay names the frames' end --until, sample --to: the same error, each command's option.
        let replayed = try failure(["--db", db, "replay", "--fps", "10", "--from", "5", "--until", "2"])
        #expect(replayed.code == "invalid-times" && replayed["field"] == "to")
        #expect(replayed["message"]?.stringValue?.hasPrefix("--until (2.0) is before --from (5.0)") == true, "\(replayed.error)")
        let sampled = try failure(["--db", db, "sample", "fade-in", "--fps", "10", "--from", "5", "--to", "2"])
        #expect(sampled["message"]?.stringValue?.hasPrefix("--to (2.0) is before --from (5.0)") == true, "\(sampled.error)")

        let missing = try failure(["--db", db, "sample", "fade-in", "--at", "@" + folder.file("no-such-times")])
        #expect(missing.code == "cannot-read-file")
    }

    @Test func database() throws {
        let location = try failure(["--db", "ftp://example.com/c", "list"])
        #expect(location.code == "invalid-location")
        let server = try PostgresServer.shared()
        let url = server.url(database: "no_such_catalog")
        let unknown = try failure(["--db", url, "list"])
        #expect(unknown.code == "unknown-database" && unknown["database"] == "no_such_catalog", "\(unknown.error)")
        #expect(unknown["message"]?.stringValue?.hasSuffix("or name another in --db") == true, "\(unknown.error)")
        #expect(unknown["server"]?.stringValue?.contains("127.0.0.1") == true && !(unknown.error.canonicalText.contains(PostgresServer.password)))
    }

    @Test func catalog() throws {
        let db = folder.file("c.sqlite")
        let unknown = try failure(["--db", db, "show", "no-such-thing"])
        #expect(unknown.code == "unknown-component" && unknown["component"] == "no-such-thing")
        let version = try failure(["--db", db, "show", "fade-in@9.9.9"])
        #expect(version.code == "unknown-version" && version["component"] == "fade-in" && version["version"] == "9.9.9")
        let kind = try failure(["--db", db, "sample", "hyperlink", "--at", "0"])
        #expect(kind.code == "wrong-component" && kind["kind"] == "decorator", "\(kind.error)")
    }

    @Test func objects() throws {
        let db = folder.file("c.sqlite")
        let ghost = try failure(["--db", db, "state", "ghost"])
        #expect(ghost.code == "unknown-object" && ghost["id"] == "ghost")
        #expect(ghost["message"]?.stringValue?.contains("catalog object add ghost") == true, "the hint: \(ghost.error)")
        #expect(try CLI.run(["--db", db, "object", "add", "cell-1", "--type", "cell"]).status == 0)
        let property = try failure(["--db", db, "prop", "get", "cell-1", "nickname"])
        #expect(property.code == "unknown-property" && property["id"] == "cell-1" && property["key"] == "nickname")
    }

    @Test func scene() throws {
        let db = folder.file("c.sqlite")
        for id in ["image", "headline"] { #expect(try CLI.run(["--db", db, "object", "add", id, "--type", "view"]).status == 0) }
        let unbound = try failure(["--db", db, "apply", "fade-sequence", "--role", "image=image", "--role", "headline=headline"])
        #expect(unbound.code == "unbound-role" && unbound["component"] == "fade-sequence" && unbound["role"] == "content")
        #expect(unbound["roles"]?.arrayValue?.count == 3)
        let targets = try failure(["--db", db, "apply", "fade-in"])
        #expect(targets.code == "no-targets" && targets["kind"] == "animation")
        #expect(targets["message"]?.stringValue?.contains("--to ID") == true)
    }

    @Test func log() throws {
        let db = folder.file("c.sqlite")
        #expect(try CLI.run(["--db", db, "object", "add", "v", "--type", "view", "--at", "1"]).status == 0)
        #expect(try CLI.run(["--db", db, "object", "add", "w", "--type", "view", "--at", "2"]).status == 0)
        #expect(try CLI.run(["--db", db, "log", "compact", "--before-time", "2"]).status == 0)
        let compacted = try failure(["--db", db, "state", "v", "--at", "0.5"])
        #expect(compacted.code == "compacted" && compacted["baseTime"]?.numberValue == 1, "\(compacted.error)")
        #expect(abs((compacted["time"]?.numberValue ?? 0) - 0.5) < 1e-6, "\(compacted.error)")
    }

    /// A script finds every code in docs/Errors.md, under its family.
    @Test func theReadmeListsEveryCode() throws {
        let readme = try String(contentsOfFile: ReadmeTests.root + "/docs/Errors.md", encoding: .utf8).split(separator: "\n")
        for code in ErrorCode.allCases {
            let row = readme.first { $0.hasPrefix("| \(code.family.rawValue) |") }
            #expect(row?.contains("`\(code.rawValue)`") == true, "docs/Errors.md's \(code.family) row lists no `\(code.rawValue)`")
        }
    }
}
