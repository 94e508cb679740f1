import CatalogModel
import Foundation

/// A real browser driven through WebDriver — Chromium (Debian's `chromium` and `chromium-driver`),
/// Firefox ESR or WebKitGTK, with PyPI's `selenium` in the package's `.venv`, all installed by
/// `.ci/run`: `WebDriver.py` takes the steps, one browser for the whole list, and answers what
/// the steps read and what Chromium logged to its console. Missing, it is an error saying how
/// to install them.
///
/// ```swift
/// let session = try BrowserSession.run(base: "http://127.0.0.1:8080", steps: [
///     .open("/"), .type("#search", "fade"), .wait("document.querySelectorAll('tbody tr').length == 3"),
///     .read("rows", "return [...document.querySelectorAll('tbody tr')].length"),
/// ])
/// session.results["rows"]   // 3
/// ```
public enum BrowserSession {
    public enum Step {
        case open(String)
        case type(String, String)
        case click(String)
        /// A control's value and the event a person's change fires (`input` for a slider dragged).
        case set(String, String, event: String = "change")
        /// Until the script returns something truthy (at most `seconds`).
        case wait(String, seconds: Double = 20)
        /// What a script returns, under a name.
        case read(String, String)
        /// What a promise gives: the script calls `arguments[0]` with it.
        case readAsync(String, String)
        case grantClipboard
        /// What a person pastes (Ctrl+V) into a new text area, under a name.
        case paste(String)
        /// A process run meanwhile (the command line writing), waited for.
        case run([String])
        case screenshot(String)
        /// axe-core's violations on the page as it stands, under a name (``AxeCore``).
        case axe(String)
        /// Keys pressed on what has the focus, by selenium's `Keys` names (`TAB`, `ENTER`, `ARROW_RIGHT`) or as text.
        case keys([String])
        /// `prefers-color-scheme` as pages then see it, `light` or `dark` (Chromium only).
        case colorScheme(String)
        /// `prefers-reduced-motion: reduce` as pages then see it, or not (Chromium only).
        case reducedMotion(Bool)
        /// A drag: pressed on the element's centre, moved by (dx, dy) CSS pixels, released.
        case drag(String, dx: Int, dy: Int)

        var json: JSONValue {
            switch self {
            case .open(let path): ["open": .string(path)]
            case .type(let selector, let text): ["type": ["selector": .string(selector), "text": .string(text)]]
            case .click(let selector): ["click": .string(selector)]
            case .set(let selector, let value, let event): ["set": ["selector": .string(selector), "value": .string(value), "event": .string(event)]]
            case .wait(let script, let seconds): ["wait": ["js": .string("return " + script), "seconds": .number(seconds)]]
            case .read(let name, let script): ["read": ["name": .string(name), "js": .string(script)]]
            case .readAsync(let name, let script): ["readAsync": ["name": .string(name), "js": .string(script)]]
            case .grantClipboard: ["grantClipboard": true]
            case .paste(let name): ["paste": .string(name)]
            case .run(let arguments): ["run": .array(arguments.map(JSONValue.string))]
            case .screenshot(let path): ["screenshot": .string(path)]
            case .axe(let name): ["axe": ["name": .string(name), "sitePackages": .string(AxeCore.sitePackages)]]
            case .keys(let keys): ["keys": .array(keys.map(JSONValue.string))]
            case .colorScheme(let scheme): ["colorScheme": .string(scheme)]
            case .reducedMotion(let reduce): ["reducedMotion": .bool(reduce)]
            case .drag(let selector, let dx, let dy): ["drag": ["selector": .string(selector), "dx": .number(Double(dx)), "dy": .number(Double(dy))]]
            }
        }
    }

    public struct Outcome {
        /// What the `read` steps read, by name.
        public var results: [String: JSONValue]
        /// The browser's console: `{"level", "message", "source"}` each.
        public var console: [JSONValue]
        /// The console's errors and warnings (a failed request, a policy violation, an exception).
        public var problems: [String] {
            console.filter { ["SEVERE", "WARNING"].contains($0["level"]?.stringValue ?? "") }.map { $0["message"]?.stringValue ?? $0.canonicalText }
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// - Parameter engine: Chromium, Firefox ESR or WebKitGTK (started as ``BrowserEngine``'s
    ///   sessions are); only Chromium's driver gives the console log.
    public static func run(base: String, steps: [Step], engine: BrowserEngine = .chromium) throws -> Outcome {
        let folder = FileManager.default.temporaryDirectory.appending(path: "webdriver-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var body: [String: JSONValue] = [
            "base": .string(base), "steps": .array(steps.map(\.json)), "chromium": .string(try HeadlessChromium.executable()),
            "engine": .string(engine.rawValue)
        ]
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") + ["/usr/bin", "/usr/lib/chromium"] {
            let candidate = "\(directory)/chromedriver"
            if FileManager.default.isExecutableFile(atPath: candidate) { body["chromedriver"] = .string(candidate); break }
        }
        guard body["chromedriver"] != nil else { throw Failure(description: "no chromedriver: install Debian's chromium-driver (what .ci/run does)") }
        let outcome = try PythonScript.run("WebDriver.py", request: .object(body), in: folder)
        if outcome.moduleMissing { throw Failure(description: "selenium is not installed: .venv/bin/pip install selenium (what .ci/run does)") }
        guard outcome.status == 0 else { throw Failure(description: "WebDriver.py exited \(outcome.status): \(outcome.errors.suffix(3000))") }
        let answer = try JSONReader.read(outcome.output)
        if let failed = answer["failed"] {
            throw Failure(description: "the browser step failed: \(failed.prettyText)\nconsole: \(answer["console"]?.canonicalText ?? "")")
        }
        return Outcome(results: answer["results"]?.objectValue ?? [:], console: answer["console"]?.arrayValue ?? [])
    }
}
