import CatalogModel
import Foundation

/// Debian's `chromium`, run headless on a page the test writes: the page computes what it is
/// asked to in a `<script>` and leaves its answer, as JSON, in `<pre id="out">`, which
/// `--dump-dom` prints once the page (and its promises, given virtual time) has settled.
///
/// There is no fallback: a machine without Chromium fails these tests (`.ci/run` installs it).
public enum HeadlessChromium {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The browser binary on PATH.
    public static func executable() throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            for name in ["chromium", "chromium-browser", "google-chrome"] {
                let candidate = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        throw Failure(description: "no chromium on PATH: install Debian's chromium (apt-get install -y chromium; .ci/run does)")
    }

    /// Loads `html` from a temporary file and returns the JSON the page wrote into `#out`.
    public static func evaluate(html: String, extraArguments: [String] = []) throws -> JSONValue {
        let folder = FileManager.default.temporaryDirectory.appending(path: "chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appending(path: "page.html")
        try html.write(to: page, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: try executable())
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                "--user-data-dir=\(folder.appending(path: "profile").path)", "--virtual-time-budget=10000"
            ]
            + extraArguments + ["--dump-dom", page.absoluteString]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let dom = String(decoding: data, as: UTF8.self)
        guard let start = dom.range(of: "<pre id=\"out\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else {
            throw Failure(description: "chromium exited \(process.terminationStatus) without the page's answer")
        }
        let text = String(dom[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        guard let json = try? JSONValue(jsonData: Data(text.utf8)) else {
            throw Failure(description: "the page did not finish: \(text.prefix(300))")
        }
        return json
    }
}

extension HeadlessChromium {
    /// A PNG screenshot of a local file at a window size.
    public static func screenshot(of file: String, fragment: String? = nil, width: Int, height: Int) throws -> Data {
        let folder = FileManager.default.temporaryDirectory.appending(path: "chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appending(path: "shot.png")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try executable())
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars", "--virtual-time-budget=5000",
            "--user-data-dir=\(folder.appending(path: "profile").path)", "--window-size=\(width),\(height)",
            "--screenshot=\(png.path)", URL(fileURLWithPath: file).absoluteString + (fragment.map { "#" + $0 } ?? "")
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard let data = FileManager.default.contents(atPath: png.path) else {
            throw Failure(description: "chromium exited \(process.terminationStatus) without a screenshot")
        }
        return data
    }

    /// Width and height from a PNG's header, nil when it is not a PNG.
    public static func pngSize(_ data: Data) -> (Int, Int)? {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, bytes[0...7] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
        func be(_ i: Int) -> Int { bytes[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (be(16), be(20))
    }
}
