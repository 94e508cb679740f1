import Foundation

/// `check-jsonschema` (PyPI), the outside judge of the definition schema: `$CHECK_JSONSCHEMA`,
/// else the package's `.venv` (which `.ci/run` makes), else the `PATH`. Missing, it is an error
/// saying how to install it — never a skipped test.
///
/// ```swift
/// let (status, output) = try CheckJSONSchema.run(["--schemafile", schema, "a.json"])
/// ```
public enum CheckJSONSchema {
    public struct Missing: Error, CustomStringConvertible {
        public var description: String {
            "check-jsonschema is not installed: python3 -m venv .venv && .venv/bin/pip install check-jsonschema (what .ci/run does), or set CHECK_JSONSCHEMA"
        }
    }

    /// The program's path.
    public static func executable() throws -> String {
        let environment = ProcessInfo.processInfo.environment
        if let given = environment["CHECK_JSONSCHEMA"], !given.isEmpty { return given }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../..").standardized
        let local = packageRoot.appending(path: ".venv/bin/check-jsonschema").path
        if FileManager.default.isExecutableFile(atPath: local) { return local }
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(folder)/check-jsonschema"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw Missing()
    }

    /// Runs it with `arguments`; its exit status and what it printed (both streams).
    public static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try executable())
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
