import CatalogModel
import Foundation

/// A Python script beside these files (a judge, the WebDriver driver) run once on a request:
/// the request written as JSON, the script run by `.venv`'s interpreter, its standard output and
/// error kept as files in the folder rather than piped (an answer may be megabytes).
enum PythonScript {
    struct Outcome {
        var status: Int32
        /// Standard output and standard error, as written.
        var output: String, errors: String
        /// Whether the script stopped because a module it imports is not installed.
        var moduleMissing: Bool { status != 0 && errors.contains("ModuleNotFoundError") }
    }

    static func run(_ script: String, request: JSONValue, in folder: URL) throws -> Outcome {
        let requestFile = folder.appending(path: "request.json")
        try request.canonicalText.write(to: requestFile, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try LottieJudge.pythonPath())
        process.arguments = [URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: script).path, requestFile.path]
        let output = folder.appending(path: "answer.json"), errors = folder.appending(path: "errors.txt")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, output: (try? String(contentsOf: output, encoding: .utf8)) ?? "",
            errors: (try? String(contentsOf: errors, encoding: .utf8)) ?? "")
    }
}
