import Foundation
import TestSupport
import Testing

/// `replay --at` takes its frame times as `sample --at` does — a list, `@FILE` or `-` — and
/// prints what `--fps` prints at the same times; times that go back are refused.
struct ReplayTimesTests {
    @Test(arguments: CLIBackend.allCases) func timesFromAListAFileOrStandardInput(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let env = ["CATALOG_DB": try backend.database(in: folder)]
        for id in ["cell-1", "cell-2"] { #expect(try CLI.run(["object", "add", id, "--type", "cell"], environment: env).status == 0) }
        #expect(try CLI.run(["apply", "fade-in", "--to", "cell-1", "--at", "0"], environment: env).status == 0)
        #expect(try CLI.run(["apply", "pop", "--to", "cell-2", "--at", "0.1"], environment: env).status == 0)
        for format in ["csv", "json", "table"] {
            let byRate = try CLI.run(["replay", "--fps", "20", "--from", "0", "--until", "0.5", "--format", format], environment: env)
            #expect(byRate.status == 0 && byRate.stdout.count > 100)
            let times = (0...10).map { String(Double($0) / 20) }
            try times.joined(separator: "\n").write(toFile: folder.file("times.txt"), atomically: true, encoding: .utf8)
            #expect(try CLI.run(["replay", "--at", times.joined(separator: ","), "--format", format], environment: env).stdout == byRate.stdout)
            #expect(try CLI.run(["replay", "--at", "@" + folder.file("times.txt"), "--format", format], environment: env).stdout == byRate.stdout)
            #expect(try CLI.run(["replay", "--at", "-", "--format", format], environment: env, stdin: times.joined(separator: " ")).stdout == byRate.stdout)
        }
        let backwards = try CLI.run(["replay", "--at", "0.3,0.1"], environment: env)
        #expect(backwards.status == 1 && backwards.stderr.contains("frame times must not decrease: 0.1 follows 0.3"))
        #expect(try CLI.run(["replay", "--at", "0.1", "--until", "1"], environment: env).status == 64)
    }
}
