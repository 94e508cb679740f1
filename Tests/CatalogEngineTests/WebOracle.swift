import CatalogModel
import Foundation

/// The browser-computed Web Animations cases in `Fixtures/waapi-public.json`, copied unchanged from
/// `../shared/oracle/` (Chromium; see `Fixtures/waapi-oracle-README.md` for the tolerances).
struct WebOracleCase: Sendable, CustomStringConvertible {
    struct Sample: Sendable {
        var t: Double
        var progress: Double?
        var iteration: Double?
        var opacity: String
        var transform: String
        var backgroundColor: String
    }

    var id: String
    var keyframes: JSONValue
    var options: JSONValue
    var samples: [Sample]
    var description: String { id }

    static let all: [WebOracleCase] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Fixtures/waapi-public.json")
        let document = try! JSONValue(jsonData: Data(contentsOf: url))
        return document["cases"]!.arrayValue!.map { entry in
            let samples = entry["chromium"]!["samples"]!.arrayValue!.map { sample in
                Sample(t: sample["t"]!.numberValue!, progress: sample["progress"]?.numberValue,
                       iteration: sample["iteration"]?.numberValue, opacity: sample["opacity"]?.stringValue ?? "1",
                       transform: sample["transform"]?.stringValue ?? "none",
                       backgroundColor: sample["backgroundColor"]?.stringValue ?? "rgba(0, 0, 0, 0)")
            }
            return WebOracleCase(id: entry["id"]!.stringValue!, keyframes: entry["keyframes"]!, options: entry["options"]!, samples: samples)
        }
    }()
}
