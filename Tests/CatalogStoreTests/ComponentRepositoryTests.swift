import CatalogStore
import CatalogModel
import Foundation
import GRDB
import TestSupport
import Testing

struct ComponentRepositoryTests {
    let folder = TemporaryFolder()

    @Test(arguments: StoreBackend.allCases) func versionsAreKeptAndIdenticalContentIsANoOp(backend: StoreBackend) throws {
        let database = try backend.open(in: folder)
        let components = database.components
        #expect(try components.add([fade()]) == [.added(name: "fade", version: "1.0.0")])
        let events = try database.events.list().count
        #expect(try components.add([fade()]) == [.unchanged(name: "fade", version: "1.0.0")])
        #expect(try database.events.list().count == events, "a no-op writes no event")

        let same = #expect(throws: StoreError.self) { try components.add([fade(to: 0.5)]) }
        #expect(same == .versionNotHigher(name: "fade", version: "1.0.0", current: "1.0.0"))
        #expect(throws: StoreError.self) { try components.add([fade(version: "0.9.0", to: 0.5)]) }

        #expect(try components.add([fade(version: "1.1.0", to: 0.5)]) == [.updated(name: "fade", from: "1.0.0", to: "1.1.0")])
        #expect(try components.get("fade")?.version == "1.1.0")
        #expect(try components.get("fade", version: "1.0.0")?.definition.contains("\"toValue\":1") == true)
        #expect(try components.history("fade").map(\.version) == ["1.0.0", "1.1.0"])
    }

    /// Lookups read tags with a byte scanner unless a backslash forces the JSON decoder; both
    /// paths, and `list` (which goes through GRDB), must give back exactly what was stored.
    @Test(arguments: [
        [], ["fade"], ["a", "b", "c"], ["x", "y z"], ["quote\"inside"], ["back\\slash", "tab\tchar"],
        ["übergang", "日本語", "emoji 🎉"], ["comma,inside", "\",\"", "[", "]"]
    ])
    func tagsRoundTripThroughEveryReadPath(tags: [String]) throws {
        let database = try CatalogDatabase(path: folder.file("tags.sqlite"))
        let document = JSONValue.object([
            "name": "tagged", "kind": "animation", "version": "1.0.0", "tags": .array(tags.map(JSONValue.string)),
            "animation": ["type": "basic", "keyPath": "opacity", "toValue": 1, "duration": 0.25]
        ])
        try database.components.add([DefinitionDecoder.decode(text: document.canonicalText, file: "tagged.json")])
        #expect(try database.components.get("tagged")?.tags == tags)
        #expect(try database.components.get("tagged", version: "1.0.0")?.tags == tags)
        #expect(try database.components.list().first?.tags == tags)
    }

    @Test func lookupsSeeAnotherHandlesCommitsAndMissesReadNil() throws {
        let path = folder.file("handles.sqlite")
        let reader = try CatalogDatabase(path: path)
        #expect(try reader.components.get("fade") == nil)
        let writer = try CatalogDatabase(path: path)
        try writer.components.add([fade()])
        #expect(try reader.components.get("fade")?.version == "1.0.0")
        try writer.components.add([fade(version: "2.0.0", to: 0.5)])
        #expect(try reader.components.get("fade")?.version == "2.0.0")
        #expect(try reader.components.get("fade", version: "1.0.0")?.version == "1.0.0")
        #expect(try reader.components.get("fade", version: "3.0.0") == nil)
    }

    @Test func aBatchIsAllOrNothing() throws {
        let path = folder.file("batch.sqlite")
        let database = try CatalogDatabase(path: path)
        try database.components.add([fade()])
        let before = try snapshot(path)
        // The second definition is refused (same version, new content): the first must not land.
        #expect(throws: StoreError.self) { try database.components.add([fade(name: "other"), fade(to: 0.3)]) }
        #expect(try snapshot(path) == before)
    }

    @Test(arguments: StoreBackend.allCases) func removeRefusesWhileReferencedAndNamesTheDependents(backend: StoreBackend) throws {
        let database = try backend.open(in: folder)
        let chain = try definition(
            """
            name: intro
            kind: chain
            version: 1.0.0
            chain: {roles: [image], sequence: [{animate: image, component: fade}]}
            """)
        #expect(throws: StoreError.unknownReference(name: "intro", target: "fade")) { try database.components.add([chain]) }
        try database.components.add([chain, fade()])  // the target may come in the same batch
        #expect(throws: StoreError.componentInUse(name: "fade", dependents: ["intro"])) { try database.components.remove("fade") }
        try database.components.remove("intro")
        try database.components.remove("fade")
        #expect(try database.components.list().isEmpty)
        #expect(try database.components.search("fade").isEmpty)
    }

    @Test(arguments: StoreBackend.allCases) func removeKeepsTheVersionsAndTheNameComesBackOnlyConsistently(backend: StoreBackend) throws {
        let database = try backend.open(in: folder)
        let components = database.components
        try components.add([fade(), fade(version: "1.1.0", to: 0.5)])
        try components.remove("fade")
        #expect(try components.get("fade") == nil)
        #expect(try components.list().isEmpty && components.names().isEmpty && components.search("fade").isEmpty)
        #expect(try components.get("fade", version: "1.0.0")?.definition.contains("\"toValue\":1") == true, "kept for the log")
        #expect(try components.history("fade").map(\.version) == ["1.0.0", "1.1.0"])

        let events = try database.events.lastSeq()
        let other = #expect(throws: StoreError.self) { try components.add([fade(to: 0.3)]) }
        #expect(other == .versionKept(name: "fade", version: "1.0.0"))
        #expect(other?.description.contains("give it a higher `version`") == true)
        #expect(try database.events.lastSeq() == events, "a refused add logs nothing")
        #expect(try components.get("fade") == nil)

        // Exactly a kept version's content: that version is the current one again.
        #expect(try components.add([fade(version: "1.1.0", to: 0.5)]) == [.added(name: "fade", version: "1.1.0")])
        #expect(try components.get("fade")?.version == "1.1.0")
        #expect(try components.search("fade").map(\.name) == ["fade"])
        #expect(try components.history("fade").map(\.version) == ["1.0.0", "1.1.0"])
        try components.remove("fade")
        #expect(try components.add([fade(version: "2.0.0", to: 0.2)]) == [.added(name: "fade", version: "2.0.0")])
        #expect(try components.history("fade").map(\.version) == ["1.0.0", "1.1.0", "2.0.0"])
    }

    @Test(arguments: StoreBackend.allCases) func listFiltersByKindAndTag(backend: StoreBackend) throws {
        let database = try backend.open(in: folder)
        let layout = try definition(
            """
            name: stack
            kind: layout
            version: 1.0.0
            tags: [layout, stack]
            layout: {stack: {axis: vertical}}
            """)
        try database.components.add([fade(), layout])
        #expect(try database.components.list(kind: .layout).map(\.name) == ["stack"])
        #expect(try database.components.list(tag: "fade").map(\.name) == ["fade"])
        #expect(try database.components.list(kind: .chain).isEmpty)
    }

    @Test(arguments: StoreBackend.allCases) func searchRanksNameMatchesFirstAndMatchesPrefixes(backend: StoreBackend) throws {
        let database = try backend.open(in: folder)
        try database.components.add([
            fade(name: "bounce-select", summary: "Shrink then settle"),
            fade(name: "pop", summary: "A bounce-like pop for a selected bounce target"),
            fade(name: "slide", summary: "Übergang von links")
        ])
        #expect(try database.components.search("bounce").map(\.name) == ["bounce-select", "pop"])
        #expect(try database.components.search("bou sel").map(\.name).first == "bounce-select")
        #expect(try database.components.search("ubergang").map(\.name) == ["slide"], "diacritics fold")
        #expect(try database.components.search("slide nothing-such").isEmpty, "all words are required")
    }

    @Test(arguments: [
        "\"", "\"unbalanced", "*", "bounce*", "-", "-bounce", "OR", "bounce OR", "AND NOT", "NEAR(", "NEAR(a b",
        "(((", ")", "name:bounce", "^bounce", "'; DROP TABLE component; --", "🙂", "日本語", "", "   ", "\u{0}",
        "e\u{301}", String(repeating: "a ", count: 500)
    ])
    func hostileSearchTextNeverFails(_ text: String) throws {
        let database = try CatalogDatabase(path: folder.file("hostile.sqlite"))
        try database.components.add([fade(name: "bounce-select"), fade(name: "or-else", summary: "near and not")])
        let results = try database.components.search(text)
        // Whatever matched must really contain every word of the text as a prefix.
        // Compared as FTS compares: case- and diacritic-insensitively.
        func fold(_ s: String) -> String { s.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
        let words = SearchQuery(text).words.map(fold)
        for result in results {
            let haystack = fold("\(result.name) \(result.summary) \(result.tags.joined(separator: " "))")
            for word in words { #expect(haystack.contains(word), "\(result.name) matched '\(text)'") }
        }
        #expect(try database.components.list().count == 2)
    }

    @Test(arguments: StoreBackend.allCases) func searchTreatsOperatorsAsWords(backend: StoreBackend) throws {
        let database = try backend.open(in: folder)
        try database.components.add([fade(name: "bounce-select"), fade(name: "or-else", summary: "near and not")])
        #expect(try database.components.search("bounce OR else").isEmpty, "OR is a word, not an operator")
        #expect(try database.components.search("near AND not").map(\.name) == ["or-else"])
        #expect(try database.components.search("-bounce").map(\.name) == ["bounce-select"], "- does not negate")
    }

}

/// Reference cycles between components are refused with the loop named, and nothing is added.
struct ReferenceCycleTests {
    let folder = TemporaryFolder()

    private func decorator(_ name: String, runs target: String) throws -> ComponentDefinition {
        try DefinitionDecoder.decode(
            text: """
                name: \(name)
                kind: decorator
                version: 1.0.0
                decorator:
                  handlers:
                    tap: [{run: {component: \(target)}}]
                """, file: "\(name).yaml")
    }

    @Test func aLoopOfReferencesIsRefused() throws {
        let database = try CatalogDatabase(path: folder.file("cycles.sqlite"))
        let path = folder.file("cycles.sqlite")
        let before = try snapshot(path)
        #expect(throws: StoreError.referenceCycle(["loop-a", "loop-b", "loop-a"])) {
            try database.components.add([try decorator("loop-a", runs: "loop-b"), try decorator("loop-b", runs: "loop-a")])
        }
        #expect(try snapshot(path) == before)
        // Without the loop both go in.
        let fade = try DefinitionDecoder.decode(
            text: "name: fade\nkind: animation\nversion: 1.0.0\nanimation: {type: basic, keyPath: opacity, toValue: 0}\n", file: "fade.yaml")
        try database.components.add([try decorator("loop-a", runs: "fade"), fade])
        // A later version that closes a loop through an existing component is refused too.
        var looping = try decorator("fade-runner", runs: "loop-a")
        try database.components.add([looping])
        looping = try DefinitionDecoder.decode(
            text: """
                name: loop-a
                kind: decorator
                version: 1.1.0
                decorator:
                  handlers:
                    tap: [{run: {component: fade-runner}}]
                """, file: "loop-a.yaml")
        #expect(throws: StoreError.self) { try database.components.add([looping]) }
        #expect(try database.components.get("loop-a")?.version == "1.0.0")
    }
}
