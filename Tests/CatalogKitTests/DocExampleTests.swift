import Foundation
import Testing

/// Every ```swift example of the documentation — doc comments, DocC articles, docs/, the
/// README — compiles: a public one from outside the package as a user's program would, one on a
/// package declaration as the package sees itself (`scripts/doc-examples`, against the modules
/// this test run built).
@Suite struct DocExampleTests {
    @Test func everyExampleCompiles() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../..").standardized
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", root.appending(path: "scripts/doc-examples").path, "--build-dir", try buildFolder().path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        // The count is the examples found: a broken extraction finding none would pass otherwise.
        let compiled = text.firstMatch(of: /doc examples compiled: (\d+) of (\d+)/)
        #expect(compiled.map { Int($0.1)! } ?? 0 >= 300, "\(text)")
    }

    /// The build folder this test runs from: the one holding `debug.yaml` above the test binary.
    private func buildFolder() throws -> URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appending(path: "debug.yaml").path) { return folder }
            folder = folder.deletingLastPathComponent()
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "debug.yaml above \(CommandLine.arguments[0])"])
    }
}
