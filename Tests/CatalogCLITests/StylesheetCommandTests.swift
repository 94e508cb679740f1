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

    /// `export --to css` of an imported component, added again, changes nothing — the component
    /// and the stand-in its reduced-motion rule runs are reported unchanged, and the log gets no
    /// event — and the exported text keeps the stylesheet's own words.
    @Test func anExportOfAnImportedComponentAddsBackUnchanged() throws {
        let environment = ["CATALOG_DB": folder.file("c.sqlite")]
        let library = URL(fileURLWithPath: Self.library).deletingLastPathComponent().appending(path: "reduced-library.css").path
        let added = try CLI.run(["add", library, "--prefix", "r"], environment: environment)
        #expect(added.status == 0, "\(added.stderr)")
        let events = try CLI.run(["log", "--format", "json"], environment: environment).stdout
        for name in ["r-wobble", "r-drop-out", "r-slide-down", "r-spinner", "r-fade-in-up"] {
            let file = folder.file("\(name).css")
            let exported = try CLI.run(["export", name, "--to", "css", "-o", file], environment: environment)
            #expect(exported.status == 0, "\(exported.stderr)")
            let again = try CLI.run(["add", file], environment: environment)
            #expect(
                again.status == 0 && again.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("unchanged ") }
                    && again.stdout.contains("unchanged \(name) "),
                "\(name): \(again.stdout)\(again.stderr)")
        }
        #expect(try CLI.run(["log", "--format", "json"], environment: environment).stdout == events)
        let css = try String(contentsOfFile: folder.file("r-wobble.css"), encoding: .utf8)
        #expect(css.contains("translate3d(-12px, 0, 0) rotate(-5deg)") && css.contains("@keyframes r-wobble-reduced"), "\(css)")
    }

    /// `validate` lists under each component the keyframe declarations a browser ignores, and
    /// `add` says on stderr how many it left out; the components are what they are without them.
    @Test func ignoredKeyframeDeclarationsAreListedByValidateAndCountedByAdd() throws {
        let environment = ["CATALOG_DB": folder.file("c.sqlite")]
        let css = folder.file("fade.css")
        try "@keyframes soft-fade {\n  from { opacity: 1; display: block }\n  to { opacity: 0; opactiy: 1 }\n}\n"
            .write(toFile: css, atomically: true, encoding: .utf8)
        let validated = try CLI.run(["validate", css], environment: environment)
        #expect(validated.status == 0, "\(validated.stderr)")
        let lines = validated.stdout.split(separator: "\n")
        #expect(lines.first == "ok soft-fade 1.0.0 (animation)")
        #expect(
            lines.dropFirst().map { $0.split(separator: ":").prefix(2).joined(separator: ":") } == [
                "  ignored line 2: from.display", "  ignored line 3: to.opactiy"
            ])
        let added = try CLI.run(["add", css], environment: environment)
        #expect(added.status == 0 && added.stdout == "added soft-fade 1.0.0\n")
        #expect(added.stderr.contains("2 keyframe declaration(s) a browser ignores were left out"), "\(added.stderr)")
    }
}
