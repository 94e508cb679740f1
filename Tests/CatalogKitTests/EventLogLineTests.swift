import CatalogKit
import CatalogStore
import Foundation
import TestSupport
import Testing

/// `log --format jsonl` copies each stored payload into its line instead of parsing and writing
/// it again: every line must be exactly the canonical text of the event as read.
struct EventLogLineTests {
    @Test(arguments: TestBackend.allCases) func everyLineIsTheEventsCanonicalText(backend: TestBackend) throws {
        let folder = TemporaryFolder()
        let catalog = try backend.catalog(in: folder)
        try catalog.objects.add(id: "café-1", type: "label", at: 0.125)
        try catalog.setProperty(.string("quote \" backslash \\ tab \t line\nend ☃"), for: "text", on: "café-1", at: 0.1250001)
        try catalog.setProperty(.number(-0.000123456789), for: "alpha", on: "café-1", at: 3)
        try catalog.setProperty(.number(1e300), for: "big", on: "café-1", at: 1e6 + 0.5)
        try catalog.setProperty(.string("https://swift.org/?q=1&r=\"2\""), for: "url", on: "café-1", at: 1e6 + 0.5)
        _ = try catalog.send("tap", to: "café-1", at: 1e6 + 1)
        try catalog.apply("fade-in", to: ["café-1"], at: 1e6 + 2)
        _ = try catalog.objects.remove("café-1", at: 1e6 + 3)
        for reverse in [false, true] {
            for (since, object, limit) in [(Int64(0), nil as String?, nil as Int?), (3, "café-1", 4), (0, nil, 0)] {
                var expected: [String] = [], lines: [String] = []
                try catalog.events.forEach(since: since, object: object, limit: limit, reverse: reverse) { expected.append($0.jsonValue.canonicalText) }
                try catalog.events.forEachJSONLine(since: since, object: object, limit: limit, reverse: reverse) { lines.append($0) }
                #expect(lines == expected, "since \(since), object \(object ?? "-"), limit \(limit.map(String.init) ?? "-"), reverse \(reverse)")
                if limit != 0 { #expect(!lines.isEmpty) }
            }
        }
    }

    /// `object list --format jsonl` writes each object's line directly: exactly its canonical text.
    @Test(arguments: TestBackend.allCases) func everyObjectLineIsItsCanonicalText(backend: TestBackend) throws {
        let folder = TemporaryFolder()
        let catalog = try backend.catalog(in: folder)
        try catalog.objects.add(id: "liste-é", type: "view")
        try catalog.objects.add(id: "cell:1", type: "cell", owners: ["liste-é"])
        try catalog.objects.add(id: "b", type: "view")
        try catalog.setProperty(.object("cell:1"), for: "keeps", on: "b")
        try catalog.setProperty(.object("b"), for: "copy", on: "liste-é", policy: .copy)
        var lines: [String] = [], expected: [String] = []
        try catalog.objects.forEach {
            lines.append($0.jsonLine); expected.append($0.jsonValue.canonicalText)
        }
        #expect(lines == expected)
        #expect(lines.count == 5 && lines.contains { $0.contains(#""owners":["b","liste-é"]"#) })
    }
}
