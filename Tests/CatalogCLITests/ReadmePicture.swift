import Foundation
import TestSupport
import Testing

/// A picture of the web app a test took for the README: a PNG, written to `docs/images` when
/// `CATALOG_WRITE_SCREENSHOTS=1` (on the SQLite run only, so that one run writes it), and shown
/// by the README — the test fails if the README does not show it.
enum ReadmePicture {
    static let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "docs/images")

    /// The picture's bytes, checked: a PNG the README shows as `docs/images/NAME`.
    @discardableResult
    static func check(_ path: String, as name: String, backend: CLIBackend) throws -> Data {
        let picture = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(HeadlessChromium.pngSize(picture) != nil, "\(name) is no PNG")
        if backend == .sqlite, ProcessInfo.processInfo.environment["CATALOG_WRITE_SCREENSHOTS"] == "1" {
            try picture.write(to: images.appending(path: name))
        }
        let readme = try String(contentsOf: images.deletingLastPathComponent().deletingLastPathComponent().appending(path: "README.md"), encoding: .utf8)
        #expect(readme.contains("(docs/images/\(name))"), "the README does not show docs/images/\(name)")
        return picture
    }
}
