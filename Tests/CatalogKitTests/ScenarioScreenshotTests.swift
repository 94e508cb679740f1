@testable import CatalogKit
import CatalogModel
import Foundation
import TestSupport
import Testing

/// The README's strip: the bouncy placeholder typed into, as Chromium shows the scenario page
/// at four scene times (`#t=SECONDS` opens the page at a moment). The pictures differ where the
/// engine's timeline says the labels move. `CATALOG_WRITE_SCREENSHOTS=1` writes them to
/// `docs/images/`, where the README shows them.
struct ScenarioScreenshotTests {
    static let times = ["0", "0.15", "0.25", "0.5"]

    @Test func theTypingScenarioIsPicturedAtFourMoments() throws {
        let folder = TemporaryFolder()
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "TestSupport/Fixtures/readme-typing.scenario.yaml").path
        // The scenario pictured is the README's own.
        let readme = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appending(
                path: "README.md"), encoding: .utf8)
        #expect(readme.contains("$ cat typing.scenario.yaml\n" + (try String(contentsOfFile: file, encoding: .utf8))))
        let source = try Catalog(path: folder.file("c.sqlite"))
        let page = folder.file("typing.html")
        try ScenarioFile(path: file).page(components: source).write(toFile: page, atomically: true, encoding: .utf8)
        var pictures: [Data] = []
        for time in Self.times {
            let png = try HeadlessChromium.screenshot(of: page, fragment: "t=\(time)", width: 400, height: 150)
            #expect(HeadlessChromium.pngSize(png).map { $0 == 400 && $1 == 150 } == true)
            pictures.append(png)
        }
        // Typed at 0.1: nothing moves before, the labels cross between 0.15 and 0.5, and stop.
        #expect(pictures[1] != pictures[2] && pictures[2] != pictures[3])
        if ProcessInfo.processInfo.environment["CATALOG_WRITE_SCREENSHOTS"] == "1" {
            let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appending(path: "docs/images")
            for (time, png) in zip(Self.times, pictures) { try png.write(to: images.appending(path: "typing-t\(time).png")) }
        }
    }
}
