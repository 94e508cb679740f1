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
}
