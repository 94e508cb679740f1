import CatalogKit
import Foundation
import TestSupport
import Testing

/// `catalog add LIBRARY.css [--prefix P] [--base SELECTOR]`: one component per `@keyframes`, all
/// or nothing; a name the catalog holds with other content is refused with the way out.
struct StylesheetCommandTests {
    let folder = TemporaryFolder()
    static let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appending(path: "../TestSupport/Fixtures/stylesheets/motion-library.css").standardized.path

    @Test func aLibraryAddsOneComponentPerKeyframesAndACollisionSuggestsAPrefix() throws {
        let environment = ["CATALOG_DB": folder.file("c.sqlite")]
        let validated = try CLI.run(["validate", Self.library, "--prefix", "motion"], environment: environment)
        #expect(validated.status == 0, "\(validated.stderr)")
        #expect(validated.stdout == "ok motion-bounce-in 1.0.0 (animation)\nok motion-fade-out 1.0.0 (animation)\nok motion-pulse 1.0.0 (animation)\n")
        let added = try CLI.run(["add", Self.library, "--prefix", "motion"], environment: environment)
        #expect(added.status == 0 && added.stdout == "added motion-bounce-in 1.0.0\nadded motion-fade-out 1.0.0\nadded motion-pulse 1.0.0\n", "\(added.stderr)")
        let sampled = try CLI.run(["sample", "motion-bounce-in", "--at", "0.75", "--format", "json"], environment: environment)
        #expect(try JSONReader.read(sampled.stdout)["samples"]?.arrayValue?.first?["progress"] == 1, "\(sampled.stderr)")

        // Without the prefix, fade-out and pulse are built-in names with other content: nothing is
        // added, and the message says how to keep both.
        let before = try CLI.run(["list", "--format", "json"], environment: environment).stdout
        let collided = try CLI.run(["add", Self.library], environment: environment)
        #expect(collided.status == 1)
        #expect(collided.stderr.contains("--prefix P"), "\(collided.stderr)")
        #expect(try CLI.run(["list", "--format", "json"], environment: environment).stdout == before)
    }
}
