import Foundation

/// Python's `http.server` serving a folder on a free port — a static host such as a CDN, for
/// a registry that `catalog registry build` wrote — stopped when the test ends.
final class StaticHTTPServer {
    let process = Process()
    let port: Int

    /// `TestSupport/RegistryFaults.py`: a registry that answers 500, redirects to `otherPort`,
    /// breaks a body off or sends 100 MB (its first line is its port).
    init(faultsRedirectingTo otherPort: Int) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../TestSupport/RegistryFaults.py").standardized.path
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", script, String(otherPort)]
        guard let port = Int(try Self.start(process)) else {
            kill(process.processIdentifier, SIGKILL)
            throw CancellationError()
        }
        self.port = port
    }

    /// `TestSupport/HTTPSFolder.py`: `folder` over HTTPS with `certificate` and its `key`.
    init(folder: String, certificate: String, key: String) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../TestSupport/HTTPSFolder.py").standardized.path
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", script, folder, certificate, key]
        guard let port = Int(try Self.start(process)) else {
            kill(process.processIdentifier, SIGKILL)
            throw CancellationError()
        }
        self.port = port
        scheme = "https"
    }

    init(folder: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", folder]
        // `Serving HTTP on 127.0.0.1 port PORT (http://127.0.0.1:PORT/) ...`
        let words = try Self.start(process).split(separator: " ")
        guard let index = words.firstIndex(of: "port"), words.indices.contains(index + 1), let port = Int(words[index + 1]) else {
            kill(process.processIdentifier, SIGKILL)
            throw CancellationError()
        }
        self.port = port
    }

    private(set) var scheme = "http"
    var url: String { "\(scheme)://127.0.0.1:\(port)" }

    /// Runs `process` and returns the first line it prints (where each server names its port).
    private static func start(_ process: Process) throws -> String {
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while let byte = try out.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
        return String(decoding: line, as: UTF8.self)
    }

    // SIGKILL: the process inherits SIGTERM ignored from the test runner, and Python keeps it so.
    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
