import Foundation
import TestSupport
import Testing

/// `GET /api/components` is kept between requests while the components stand as they were, and
/// never outlives a change: a component another process adds is in the next answer, which is
/// byte for byte what `list --format json` prints.
struct ServeAnswerCacheTests {
    @Test func theListFollowsAChangeFromAnotherProcess() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        #expect(try CLI.run(["--db", db, "list"]).status == 0)
        let server = try ServeProcess(db: db)
        let first = try server.get("/api/components")
        #expect(first.status == 200 && !first.body.contains(#""name": "wobble""#))
        #expect(try server.get("/api/components").body == first.body)
        let file = folder.file("wobble.yaml")
        try "name: wobble\nkind: animation\nversion: 1.0.0\nanimation: {type: basic, keyPath: opacity, fromValue: 0, toValue: 1, duration: 0.2}\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try CLI.run(["--db", db, "add", file]).status == 0)
        let after = try server.get("/api/components")
        #expect(after.body.contains(#""name": "wobble""#))
        #expect(after.body == (try CLI.run(["--db", db, "list", "--format", "json"]).stdout))
        // Each query has its own answer.
        let animations = try server.get("/api/components?kind=animation&limit=2")
        #expect(animations.body == (try CLI.run(["--db", db, "list", "--kind", "animation", "--limit", "2", "--format", "json"]).stdout))
    }

    /// A component page is kept too, and a new version from another process — or a token set
    /// its preview resolves, a component as well — is on the next visit.
    @Test func aComponentPageFollowsANewVersion() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        let file = folder.file("wobble.yaml")
        func write(_ version: String, summary: String) throws {
            try
                "name: wobble\nkind: animation\nversion: \(version)\nsummary: \(summary)\nanimation: {type: basic, keyPath: opacity, fromValue: 0, toValue: 1, duration: 0.2}\n"
                .write(toFile: file, atomically: true, encoding: .utf8)
            #expect(try CLI.run(["--db", db, "add", file]).status == 0)
        }
        try write("1.0.0", summary: "First")
        let server = try ServeProcess(db: db)
        let first = try server.get("/components/wobble")
        #expect(first.status == 200 && first.body.contains("First"))
        #expect(try server.get("/components/wobble").body == first.body)
        try write("1.1.0", summary: "Second")
        let after = try server.get("/components/wobble")
        #expect(after.body.contains(#"<p id="summary" class="summary">Second</p>"#) && after.body.contains("1.1.0"))
        // Another query is another page: the older version, as it was.
        #expect(try server.get("/components/wobble?version=1.0.0").body.contains("First"))
        #expect(try server.get("/components/nothing").status == 404)
    }
}
