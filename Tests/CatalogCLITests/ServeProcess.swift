import Foundation
import TestSupport

/// A `catalog serve` process on a free port (the real binary), stopped when the test ends.
final class ServeProcess {
    let process = Process()
    let port: Int
    /// The line `serve` printed when it listened.
    let banner: String

    /// - Parameter arguments: more options for `serve` (`--host`, `--allowed-host`).
    init(db: String, token: String? = nil, arguments: [String] = []) throws {
        process.executableURL = URL(fileURLWithPath: CLI.executable)
        process.arguments = ["--db", db, "serve", "--port", "0"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["CATALOG_DB"] = nil
        environment["CATALOG_WRITE_TOKEN"] = token
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        // The first line names the port: `serving http://127.0.0.1:PORT/ (…)`.
        var line = Data()
        while let byte = try out.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
        let text = String(decoding: line, as: UTF8.self)
        banner = text
        guard let digits = text.split(separator: ":").last?.prefix(while: \.isNumber), let port = Int(digits) else {
            process.terminate()
            throw CancellationError()
        }
        self.port = port
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }

    func get(_ path: String, host: String? = nil) throws -> RawHTTP.Response {
        try RawHTTP.send(port: port, "GET \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")")
    }

    func post(_ path: String, body: String, authorization: String? = nil) throws -> RawHTTP.Response {
        try send("POST", path, body: body, authorization: authorization)
    }

    func send(_ method: String, _ path: String, body: String, authorization: String? = nil) throws -> RawHTTP.Response {
        try RawHTTP.send(
            port: port, "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)" + (authorization.map { "\r\nAuthorization: \($0)" } ?? ""), body: body)
    }

    /// The `id:` lines of a server-sent event stream, in order. Split by bytes: to Swift, a chunked
    /// body's "\r\n" is one Character, not an end of line.
    static func eventIDs(_ text: String) -> [Int] {
        text.utf8.split(separator: UInt8(ascii: "\n")).compactMap { line in
            let line = String(decoding: line, as: UTF8.self)
            return line.hasPrefix("id: ") ? Int(line.dropFirst(4)) : nil
        }
    }

    /// The address a browser opens.
    var url: String { "http://127.0.0.1:\(port)" }
}
