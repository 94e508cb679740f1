import CatalogKit
import Foundation
import TestSupport
import Testing

/// A log written under the rules before DESIGN §9's — a layout applied to a container with only a
/// frame laid out in the default rect, a decorator's children made at their first use — imports,
/// replays and verifies to the state it had: the fold never lays out or attaches again, it
/// carries out the changes each event recorded.
struct OlderLogTests {
    static let archive = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appending(path: "../TestSupport/Fixtures/archives/before-scenarios.jsonl").standardized.path

    @Test func aLogOfThePreviousReleaseReplaysToTheStateItHad() throws {
        let catalog = try Catalog(path: TemporaryFolder().file("imported.sqlite"), loadBuiltIns: false)
        let summary = try catalog.importHistory(from: Self.archive)
        #expect(summary.events == 52)
        let check = try SceneVerification.verify(catalog)
        #expect(check.matches && check.events == 52, "\(check.firstDivergence ?? "")")
        // The content hash the previous release's `replay --verify` printed for it.
        #expect(check.live == "858458cdbe6f317558b4c1064e26a12debab2809aeb9ab8c27158eea8fff8887")
        // Laid out in the default rect (0, 0, 120, 40), as that release did, not in the card.
        #expect(try catalog.state(of: "content", at: 1).model["frame"] == .rect(Rect(x: 0, y: 5, width: 35, height: 30)))
        // The children appeared with the first event, not when the decorator attached.
        #expect(try catalog.state(of: "email", at: 0.25).children.isEmpty)
        #expect(try catalog.state(of: "email/placeholderLabel", at: 1).model["text"] == .string("Email address"))
    }
}
