import Foundation

/// Runs the built `catalog` binary.
enum CLI {
    /// The `catalog` executable next to the test bundle (same build folder).
    static let executable: String = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("catalog").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("catalog").path
    }()

    private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    @discardableResult
    static func run(
        _ arguments: [String], executable: String = executable, environment: [String: String] = [:],
        directory: String? = nil, stdin: String? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["CATALOG_DB"] = nil
        env.merge(environment) { _, new in new }
        process.environment = env
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        // A command may stop reading early (a definition refused at its size limit): the rest
        // of the input is dropped, not a SIGPIPE that ends the test process.
        _ = ignoreBrokenPipes
        if let stdin { try? input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Starts several shell commands at once and waits for all; returns their results.
    static func concurrently(_ scripts: [String]) throws -> [Result] {
        let processes = try scripts.map { script -> (Process, Pipe) in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script]
            var env = ProcessInfo.processInfo.environment
            env["CATALOG"] = executable
            env["CATALOG_DB"] = nil
            process.environment = env
            let err = Pipe()
            process.standardError = err
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            return (process, err)
        }
        return processes.map { process, err in
            let errData = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return Result(status: process.terminationStatus, stdout: "", stderr: String(decoding: errData, as: UTF8.self))
        }
    }
}
