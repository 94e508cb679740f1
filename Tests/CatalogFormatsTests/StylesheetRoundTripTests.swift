import CatalogKit
import Foundation
import Testing
import TestSupport

/// A component imported from a stylesheet, exported with `export --to css` and added again is the
/// same component — the same content, so `add` reports it unchanged — together with the stand-in
/// its reduced-motion rule runs: for every fixture library and seeded random ones in the shapes
/// published libraries take.
struct StylesheetRoundTripTests {
    static let fixtures = ["motion-library.css", "shorthand-library.css", "slide-library.css", "reduced-library.css"]

    /// Each library's components added to a fresh catalog, then each exported and read back.
    /// - Returns: per library file, the components whose copy differs, with the first difference.
    static func differences(_ libraries: [(file: String, css: String)]) throws -> (problems: [String], checked: Int, reduced: Int) {
        let folder = TemporaryFolder()
        let catalog = try Catalog(path: folder.file("c.sqlite"))
        var problems: [String] = [], checked = 0, reduced = 0
        for (index, library) in libraries.enumerated() {
            // A prefix per library keeps their names apart in one catalog.
            let imported = try DefinitionDecoder.decodeAll(text: library.css, file: library.file, options: .init(prefix: "l\(index)"))
            try catalog.components.add(imported)
            for definition in imported {
                checked += 1
                if definition.reducedMotion != nil { reduced += 1 }
                let export = try ComponentExport(definition: definition, target: .css, catalog: catalog)
                let copies = try DefinitionDecoder.decodeAll(text: export.stylesheet(), file: "\(definition.name).css")
                #expect(copies.first?.name == definition.name, "\(library.file): \(definition.name)")
                var same = true
                for copy in copies {
                    let stored = try #require(try catalog.components.get(copy.name), "\(library.file): \(copy.name) is not in the catalog")
                    if copy.contentHash != stored.contentHash {
                        same = false
                        problems.append(
                            "\(library.file) \(definition.name) → \(copy.name):\n  stored \(try stored.decode().canonicalJSON)\n  copy   \(copy.canonicalJSON)")
                    }
                }
                // And `add` agrees: nothing changes.
                if same {
                    let outcomes = try catalog.components.add(copies)
                    #expect(outcomes.allSatisfy { if case .unchanged = $0 { true } else { false } }, "\(library.file): \(definition.name): \(outcomes)")
                }
            }
        }
        return (problems, checked, reduced)
    }

    @Test func theFixtureLibrariesComeBackTheSame() throws {
        let libraries = try Self.fixtures.map { file in
            (file, try String(contentsOf: StylesheetLibraryBrowserTests.fixtures.appending(path: file), encoding: .utf8))
        }
        let (problems, checked, _) = try Self.differences(libraries)
        #expect(checked == 20)
        #expect(problems.isEmpty, "\(problems.count) differ:\n\(problems.prefix(10).joined(separator: "\n"))")
    }

    @Test func seededLibrariesComeBackTheSame() throws {
        let libraries = (0..<40).map { seed in ("generated-\(seed).css", GeneratedStylesheets.library(seed: UInt64(seed)).css) }
        let (problems, checked, reduced) = try Self.differences(libraries)
        print("stylesheet round trip: \(checked) components of 40 seeded libraries, \(reduced) with a reducedMotion")
        #expect(checked > 100 && reduced > 10)
        #expect(problems.isEmpty, "\(problems.count) differ:\n\(problems.prefix(10).joined(separator: "\n"))")
    }
}
