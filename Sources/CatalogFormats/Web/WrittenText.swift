import CatalogModel
import Foundation

/// The texts a Web Animations definition was written with — each keyframe's CSS values and
/// easing, the times of its options in milliseconds — so that an exact export says them as the
/// author did: `rotate(-180deg)` stays `rotate(-180deg)` rather than the equal
/// `rotate3d(0, 0, 1, -3.14159…rad)`, `ease-out` stays `ease-out`, `1200` ms stays `1200`.
///
/// A stylesheet imported (`catalog add FILE.css`), exported (`export --to css`) and added again
/// is then the same component, not merely one that samples alike. Only texts CSS reads are kept:
/// a Core Animation easing name or a motion token (`easeIn`) is written as CSS's function.
///
/// ```swift
/// let written = WrittenText(members: ["keyframes": [["opacity": "0", "easing": "ease-out"], ["opacity": "1"]]])
/// written?.value(keyframe: 0, property: "opacity")   // "0"
/// written?.easing(keyframe: 0)                       // "ease-out"
/// ```
package struct WrittenText: Sendable, Hashable {
    private var keyframes: [[String: JSONValue]]
    private var options: [String: JSONValue]

    /// The texts of a definition's (resolved) members; nil unless its keyframes are a list of
    /// keyframe objects (the property-indexed form has no text per keyframe).
    package init?(members: [String: JSONValue]) {
        guard let list = members["keyframes"]?.arrayValue else { return nil }
        var keyframes: [[String: JSONValue]] = []
        for item in list {
            guard case .object(let frame) = item else { return nil }
            keyframes.append(frame)
        }
        self.keyframes = keyframes
        if case .object(let options)? = members["options"] { self.options = options } else { options = [:] }
    }

    /// The CSS text keyframe `index` gives `property`, when it was written as a string.
    package func value(keyframe index: Int, property: String) -> String? {
        guard keyframes.indices.contains(index) else { return nil }
        return keyframes[index][property]?.stringValue
    }

    /// Keyframe `index`'s easing as written, when CSS reads it (a keyword or an easing function).
    package func easing(keyframe index: Int) -> String? {
        guard keyframes.indices.contains(index), let text = keyframes[index]["easing"]?.stringValue else { return nil }
        return Self.isCSSEasing(text) ? text : nil
    }

    /// A time of the options (`duration`, `delay`, `endDelay`) in milliseconds, as written.
    package func milliseconds(_ option: String) -> Double? { options[option]?.numberValue }

    /// Whether CSS reads `text` as an easing: a CSS keyword or a `cubic-bezier()`, `steps()` or
    /// `linear()` (the functions the parser takes are CSS's).
    static func isCSSEasing(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        return TimingFunction.cssKeywords[trimmed] != nil || trimmed.hasSuffix(")")
    }
}
