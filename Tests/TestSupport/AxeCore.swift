import CatalogModel
import Foundation

/// axe-core 4, the accessibility judge, as PyPI's `axe-selenium-python` 3.0 ships it. That
/// package needs Python 3.12 (3.11 resolves to a 2018 axe-core), so `scripts/test` installs it
/// into `.venv-axe`; the WebDriver session imports its plain-Python module from there.
public enum AxeCore {
    /// The `site-packages` folder holding `axe_selenium_python` (`.venv-axe`'s).
    public static var sitePackages: String {
        let lib = LottieJudge.packageRoot.appending(path: ".venv-axe/lib")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? []
        let python = versions.filter { $0.hasPrefix("python3") }.sorted().last ?? "python3.12"
        return lib.appending(path: "\(python)/site-packages").path
    }

    /// The violations an `.axe` step read, one line each: the rule, its impact and the elements.
    public static func describe(_ violations: JSONValue?) -> [String] {
        (violations?.arrayValue ?? []).map { violation in
            let nodes = (violation["nodes"]?.arrayValue ?? []).map { node in
                "\(node["target"]?.canonicalText ?? "?"): \(node["summary"]?.stringValue ?? "")"
            }
            return "\(violation["id"]?.stringValue ?? "?") (\(violation["impact"]?.stringValue ?? "?")): \(violation["help"]?.stringValue ?? "")\n    "
                + nodes.prefix(5).joined(separator: "\n    ")
        }
    }
}
