import CatalogFormats
import Foundation
import CatalogModel

/// The forms `catalog export` writes an animation or chain in — a stylesheet, Web Animations
/// JSON, an ES module, a Lottie document, a dotLottie archive, an animated SVG — and the options each takes, for every front door
/// (the command, `catalog serve`'s `/export` and its component pages) alike.
///
/// ```swift
/// let export = try ComponentExport(definition: fade, target: ExportFormat.css.target, catalog: catalog)
/// let css = try ExportFormat.css.text(of: export, selector: ".card")
/// ```
public enum ExportFormat: String, CaseIterable, Sendable {
    /// A stylesheet: `@keyframes` and the rule that runs them (`export --to css`).
    case css
    /// Web Animations as JSON: the `keyframes` and `options` `Element.animate()` takes.
    case waapi
    /// An ES module that plays the component on elements it is given.
    case js
    /// A Lottie document: a layer per role, a rectangle of the reference box.
    case lottie
    /// An SVG document animated with SMIL: a rectangle of the reference box per role.
    case svg
    /// A dotLottie archive (version 2) holding the Lottie document: bytes, not text.
    case dotlottie

    /// Whether the form is bytes (an archive) rather than text.
    public var isBinary: Bool { self == .dotlottie }

    /// What the export is built for: Web Animations for `waapi` and `js`, CSS otherwise (a
    /// Lottie document follows the CSS form's values).
    public var target: ExportTarget { self == .waapi || self == .js ? .waapi : .css }

    /// The reference box when none is given: a Lottie layer and an SVG rectangle are of the
    /// nominal 100 × 100 box; the web forms need none.
    package var defaultBox: ReferenceBox? { self == .lottie || self == .svg || self == .dotlottie ? .nominal : nil }

    /// The frame rate of a Lottie document when none is given.
    package static let defaultFrameRate = 60.0

    /// Whether `selector` can head the CSS rule (not blank, no braces to break out of it).
    package static func isSelector(_ selector: String) -> Bool {
        !selector.allSatisfy(\.isWhitespace) && !selector.contains("{") && !selector.contains("}")
    }

    /// Whether `fps` is a Lottie frame rate: more than 0, at most 240.
    package static func isFrameRate(_ fps: Double) -> Bool { fps.isFinite && fps >= 1 && fps <= 240 }

    /// The export in this form, as `catalog export` prints it.
    /// - Parameters:
    ///   - selector: the CSS rule's selector (`css` only; default `.NAME`).
    ///   - fps: the Lottie document's frame rate (`lottie` only).
    public func text(of export: ComponentExport, selector: String? = nil, fps: Double? = nil) throws -> String {
        switch self {
        case .css: export.stylesheet(selector: selector)
        case .waapi: export.waapi.prettyText + "\n"
        case .js: export.module
        case .lottie: try export.lottie(frameRate: fps ?? Self.defaultFrameRate).document.text
        case .svg: try export.svg().text
        case .dotlottie: throw ExportError("a dotLottie is an archive, not text: write it to a file (-o FILE.lottie)", code: .usage)
        }
    }

    /// The export's bytes: the archive for `dotlottie`, the text in UTF-8 for the others.
    public func data(of export: ComponentExport, selector: String? = nil, fps: Double? = nil) throws -> Data {
        guard self == .dotlottie else { return Data(try text(of: export, selector: selector, fps: fps).utf8) }
        return try export.dotLottie(frameRate: fps ?? Self.defaultFrameRate)
    }
}
