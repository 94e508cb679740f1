import CatalogModel
import Foundation
import TestSupport
import Testing

/// `catalog apply` and `catalog state` through the binary.
struct SceneCommandTests {
    @Test(arguments: CLIBackend.allCases) func applyThenStateAtSceneTimes(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let env = ["CATALOG_DB": try backend.database(in: folder)]
        for (id, type) in [("cell-1", "cell"), ("a", "view"), ("b", "view")] {
            #expect(try CLI.run(["object", "add", id, "--type", type], environment: env).status == 0)
        }
        #expect(try CLI.run(["apply", "bounce-select", "--to", "cell-1", "--at", "0"], environment: env).status == 0)
        #expect(try CLI.run(["send", "select", "--to", "cell-1"], environment: env).stdout == "no effects; set cell-1.transform; ran bounce-select on cell-1\n")
        let state = try CLI.run(["state", "cell-1", "--at", "0.1", "--format", "json"], environment: env)
        let document = try JSONValue(jsonData: Data(state.stdout.utf8))
        #expect(document["id"]?.stringValue == "cell-1" && document["type"]?.stringValue == "cell")
        #expect(document["presentation"]?["transform"]?.arrayValue?.first?.numberValue == 0.8)
        #expect(document["decorators"] == .array([]) && document["children"] == .object([:]))

        let layout = try CLI.run(
            [
                "apply", "decorating-layout", "--role", "content=a", "--role", "decoration=b",
                "--param", "rect=0,0,120,40", "--format", "json"
            ], environment: env)
        let frames = try JSONValue(jsonData: Data(layout.stdout.utf8))["frames"]
        #expect(frames?["a"] == [0, 5, 35, 30] && frames?["b"] == [35, 5, 70, 30])
    }

    @Test(arguments: CLIBackend.allCases) func mistakesAreExplained(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let env = ["CATALOG_DB": try backend.database(in: folder)]
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

/// `catalog replay`: frames from the log, the same bytes every time.
struct ReplayCommandTests {
    @Test(arguments: CLIBackend.allCases) func framesFromTheLogAreByteIdentical(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let env = ["CATALOG_DB": try backend.database(in: folder)]
        _ = try CLI.run(["object", "add", "cell-1", "--type", "cell"], environment: env)
        _ = try CLI.run(["apply", "bounce-select", "--to", "cell-1", "--at", "0.5"], environment: env)
        _ = try CLI.run(["send", "select", "--to", "cell-1", "--at", "0.5"], environment: env)
        for format in ["table", "json", "csv"] {
            let runs = try (0..<2).map { _ in try CLI.run(["replay", "--fps", "20", "--format", format], environment: env) }
            #expect(runs[0].status == 0 && runs[0].stdout == runs[1].stdout && !runs[0].stdout.isEmpty)
        }
        // The natural end is when the bounce ends (0.5 + 0.2); at 0.6 s the scale is 0.8.
        let json = try JSONValue(jsonData: Data(try CLI.run(["replay", "--fps", "10", "--format", "json"], environment: env).stdout.utf8))
        let frames = try #require(json["frames"]?.arrayValue)
        #expect(frames.last?["t"]?.numberValue == 0.7)
        let at06 = try #require(frames.first { $0["t"]?.numberValue == 0.6 })
        #expect(abs(at06["objects"]!["cell-1"]!["transform"]!.arrayValue![0].numberValue! - 0.8) < 1e-9)
        // Replayed only up to the event before the apply, no animation has run: no frames hold an object.
        let events = try JSONValue(jsonData: Data(try CLI.run(["log", "--format", "json"], environment: env).stdout.utf8)).arrayValue!
        let applySeq = events.last { $0["operation"]?.stringValue == "apply" }!["seq"]!.numberValue!
        let early = try CLI.run(["replay", "--seq", JSONValue.numberText(applySeq - 1), "--format", "json"], environment: env)
        let earlyFrames = try JSONValue(jsonData: Data(early.stdout.utf8))["frames"]!.arrayValue!
        #expect(!earlyFrames.isEmpty && earlyFrames.allSatisfy { $0["objects"] == .object([:]) })
    }

    @Test(arguments: CLIBackend.allCases) func verifyRebuildsTheLiveState(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let env = ["CATALOG_DB": try backend.database(in: folder)]
        _ = try CLI.run(["object", "add", "cell-1", "--type", "cell"], environment: env)
        _ = try CLI.run(["prop", "set", "cell-1", "bounce-select.duration", "0.3"], environment: env)
        _ = try CLI.run(["apply", "bounce-select", "--to", "cell-1", "--at", "1"], environment: env)
        let verify = try CLI.run(["replay", "--verify"], environment: env)
        #expect(verify.status == 0 && verify.stdout.hasPrefix("verified: "), "\(verify.stderr)")
    }

    @Test(arguments: CLIBackend.allCases) func csvQuotesFieldsWithCommas(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let env = ["CATALOG_DB": try backend.database(in: folder)]
        _ = try CLI.run(["object", "add", "v", "--type", "view"], environment: env)
        _ = try CLI.run(["apply", "shake", "--to", "v", "--at", "0"], environment: env)
        let csv = try CLI.run(["replay", "--fps", "10", "--format", "csv"], environment: env).stdout
        let lines = csv.split(separator: "\n")
        #expect(lines.first == "t,object,property,value")
        #expect(lines.dropFirst().allSatisfy { $0.contains(",\"[") && $0.hasSuffix("]\"") })
    }
}

/// `catalog demo`, the README's first command.
struct DemoCommandTests {
    @Test(arguments: CLIBackend.allCases) func theDemoRunsAndRunsAgainTheSame(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let env = ["CATALOG_DB": try backend.database(in: folder)]
        let first = try CLI.run(["demo"], environment: env)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("openURL \"https://swift.org\"") && first.stdout.contains("demo-image.frame = [0,5,35,30]"))
        #expect(first.stdout.contains("done at t=1.75"))
        // The timeline row at 0.1 s shows the bounce at 0.8.
        #expect(first.stdout.split(separator: "\n").contains { $0.hasPrefix("0.1 ") && $0.split(separator: " ")[1] == "0.8" })
        let second = try CLI.run(["demo"], environment: env)
        #expect(second.status == 0 && second.stdout == first.stdout)
        #expect(try CLI.run(["replay", "--verify"], environment: env).status == 0)
    }
}

/// Custom object types declared with their properties.
struct TypeCommandTests {
    @Test(arguments: CLIBackend.allCases) func declaredTypesMeetRequirements(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let env = ["CATALOG_DB": try backend.database(in: folder)]
        #expect(try CLI.run(["type", "declare", "gauge", "value:number", "transform:transform"], environment: env).status == 0)
        _ = try CLI.run(["object", "add", "g1", "--type", "gauge"], environment: env)
        _ = try CLI.run(["object", "add", "d1", "--type", "dial"], environment: env)
        #expect(try CLI.run(["apply", "bounce-select", "--to", "g1"], environment: env).status == 0)
        let undeclared = try CLI.run(["apply", "bounce-select", "--to", "d1"], environment: env)
        #expect(undeclared.status != 0 && undeclared.stderr.contains("requires transform, which d1 (a dial) does not have"))
        let builtIn = try CLI.run(["type", "declare", "cell", "x:number"], environment: env)
        #expect(builtIn.status != 0 && builtIn.stderr.contains("built-in type"))
        let badProperty = try CLI.run(["type", "declare", "knob", "angle:degrees"], environment: env)
        #expect(badProperty.status != 0 && badProperty.stderr.contains("NAME:TYPE"))
        let list = try JSONValue(jsonData: Data(try CLI.run(["type", "list", "--format", "json"], environment: env).stdout.utf8))
        #expect(list.arrayValue?.contains { $0["name"] == "gauge" && $0["builtIn"] == false && $0["properties"]?["value"] == "number" } == true)
        #expect(try CLI.run(["replay", "--verify"], environment: env).status == 0)
    }
}
