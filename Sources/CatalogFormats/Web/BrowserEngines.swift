/// The browser engines a web export must play as the catalog's engine computes
/// (`export --target chromium|firefox|webkit|all`, `all` by default).
///
/// Where the engines interpolate a keyframe pair differently (docs/Engines.md), an export for
/// all of them writes a form they play alike — baked within the export bound — and an export
/// for one keeps the exact form where that one agrees with the engine.
///
/// ```swift
/// let engines = BrowserEngines(target: "chromium")!
/// engines.names   // ["Chromium"]
/// ```
public struct BrowserEngines: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Blink (Chrome, Edge).
    public static let chromium = BrowserEngines(rawValue: 1)
    /// Gecko (Firefox).
    public static let firefox = BrowserEngines(rawValue: 2)
    /// WebKit (Safari).
    public static let webkit = BrowserEngines(rawValue: 4)
    /// Every engine users ship to: the default.
    public static let all: BrowserEngines = [.chromium, .firefox, .webkit]

    /// The targets `--target` takes.
    public static let targets = ["all", "chromium", "firefox", "webkit"]

    /// `all`, `chromium`, `firefox` or `webkit`; nil for another word.
    public init?(target: String) {
        switch target {
        case "all": self = .all
        case "chromium": self = .chromium
        case "firefox": self = .firefox
        case "webkit": self = .webkit
        default: return nil
        }
    }

    /// The engines' names, in a fixed order.
    public var names: [String] {
        [(BrowserEngines.chromium, "Chromium"), (.firefox, "Firefox"), (.webkit, "WebKit")].filter { contains($0.0) }.map(\.1)
    }

    /// "Firefox and WebKit".
    var phrase: String {
        let list = names
        return list.count < 2 ? list.joined() : list.dropLast().joined(separator: ", ") + " and " + list.last!
    }
}

/// Why some engines would show a keyframe pair other than the engine computes it: which
/// engines, and a phrase saying what they do.
struct EngineDeparture: Sendable {
    var engines: BrowserEngines
    var reason: String

    /// The reason an export for `target` cannot keep the exact form, or nil when none of
    /// `target`'s engines departs.
    func reason(for target: BrowserEngines) -> String? {
        guard !engines.isDisjoint(with: target) else { return nil }
        let keeps = BrowserEngines.all.subtracting(engines)
        let exact = keeps.isEmpty ? "" : " (exact with --target \(keeps.names.map { $0.lowercased() }.joined(separator: " or ")))"
        return reason + " — " + engines.intersection(target).phrase + " would show otherwise" + exact
    }
}
