import CatalogModel
import Foundation
import Testing

/// `catalog apply` and `catalog state` through the binary.
struct SceneCommandTests {
    @Test func applyThenStateAtSceneTimes() throws {
        let folder = TemporaryFolder()
        let env = ["CATALOG_DB": folder.file("c.sqlite")]
        for (id, type) in [("cell-1", "cell"), ("a", "view"), ("b", "view")] {
            #expect(try CLI.run(["object", "add", id, "--type", type], environment: env).status == 0)
        }
        #expect(try CLI.run(["apply", "bounce-select", "--to", "cell-1", "--at", "0"], environment: env).status == 0)
        let state = try CLI.run(["state", "cell-1", "--at", "0.1", "--format", "json"], environment: env)
        let document = try JSONValue(jsonData: Data(state.stdout.utf8))
        #expect(document["id"]?.stringValue == "cell-1" && document["type"]?.stringValue == "cell")
        #expect(document["presentation"]?["transform"]?.arrayValue?.first?.numberValue == 0.8)
        #expect(document["decorators"] == .array([]) && document["children"] == .object([:]))

        let layout = try CLI.run(["apply", "decorating-layout", "--role", "content=a", "--role", "decoration=b",
                                  "--param", "rect=0,0,120,40", "--format", "json"], environment: env)
        let frames = try JSONValue(jsonData: Data(layout.stdout.utf8))["frames"]
        #expect(frames?["a"] == [0, 5, 35, 30] && frames?["b"] == [35, 5, 70, 30])
    }

    @Test func mistakesAreExplained() throws {
        let folder = TemporaryFolder()
        let env = ["CATALOG_DB": folder.file("c.sqlite")]
        _ = try CLI.run(["object", "add", "dial", "--type", "dial"], environment: env)
        let missing = try CLI.run(["apply", "bounce-select", "--to", "dial"], environment: env)
        #expect(missing.status != 0 && missing.stderr.contains("requires transform"))
        let unknown = try CLI.run(["apply", "bounce-select", "--to", "nobody"], environment: env)
        #expect(unknown.status != 0 && unknown.stderr.contains("no object 'nobody'"))
        let unbound = try CLI.run(["apply", "fade-sequence", "--role", "image=dial"], environment: env)
        #expect(unbound.status != 0 && unbound.stderr.contains("bind every role"))
        let noState = try CLI.run(["state", "nobody"], environment: env)
        #expect(noState.status != 0 && noState.stderr.contains("no object 'nobody'"))
    }
}
