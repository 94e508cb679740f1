import CatalogKit
import Foundation

/// The export forms as the web app offers them: a title for the component page and the
/// `Content-Type` of `/export`'s answer; the text is `catalog export`'s (``ExportFormat/text(of:selector:fps:catalog:)``).
///
/// ```swift
/// let css = try ExportFormat.css.text(of: "fade-in", catalog: catalog)
/// ```
extension ExportFormat {
    var title: String {
        switch self {
        case .css: "CSS"
        case .waapi: "Web Animations (JSON)"
        case .js: "JavaScript module"
        case .lottie: "Lottie"
        case .svg: "SVG (SMIL)"
        case .dotlottie: "dotLottie"
        }
    }

    var contentType: String {
        switch self {
        case .css: "text/css; charset=utf-8"
        case .js: "text/javascript; charset=utf-8"
        case .waapi, .lottie: "application/json; charset=utf-8"
        case .svg: "image/svg+xml; charset=utf-8"
        case .dotlottie: "application/zip"
        }
    }
}
