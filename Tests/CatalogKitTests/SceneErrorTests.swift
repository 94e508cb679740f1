import CatalogStorePostgres
import CatalogKit
import CatalogKitPostgres
import Foundation
import Testing

/// The scene's refusals are typed: a caller matches the case, and the library's wording names
/// no command-line option (the `catalog` command adds those).
struct SceneErrorTests {
    private func catalog(_ backend: TestBackend) throws -> Catalog {
        let folder = NSTemporaryDirectory() + "scene-error-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try backend.catalog(path: folder + "/c.sqlite")
    }

    @Test(arguments: TestBackend.allCases) func refusalsAreTypedCasesWithLibraryWording(backend: TestBackend) throws {
        let catalog = try catalog(backend)
        try catalog.database.objects.add(id: "v1", type: "view")
        let cases: [(() throws -> Void, any CatalogError & Equatable)] = [
            ({ _ = try catalog.apply("decorating-layout") }, SceneError.nothingBound(layout: "decorating-layout", slots: ["content", "decoration"])),
            (
                { _ = try catalog.apply("fade-sequence", roles: ["image": "v1", "headline": "v1"]) },
                SceneError.unboundRole(chain: "fade-sequence", role: "content", roles: ["image", "headline", "content"])
            ),
            ({ _ = try catalog.apply("fade-in") }, SceneError.noTargets(component: "fade-in", kind: .animation)),
            // What the store refuses is the store's error, wherever the scene meets it: one condition, one error.
            ({ _ = try catalog.state(of: "ghost") }, StoreError.unknownObject("ghost")),
            ({ _ = try catalog.apply("no-such-thing", to: ["v1"]) }, StoreError.unknownComponent("no-such-thing"))
        ]
        for (body, expected) in cases {
            func matches(_ error: any Error) -> Bool {
                guard let error = error as? any CatalogError else { return false }
                return error.code == expected.code && error.description == expected.description && error.fields == expected.fields
            }
            #expect(performing: body, throws: matches)
            #expect(!expected.description.contains("--") && !expected.description.contains("catalog "), "\(expected)")
        }
    }
}

/// The library words its errors in its own terms: no command-line option, no `catalog`
/// command (the command line adds those as hints). Every case of the errors that once named
/// them, with each code's family.
struct LibraryWordingTests {
    static let errors: [any CatalogError] = [
        StoreError.migration("0002_x.sql changed"), StoreError.unknownObject("v"), StoreError.objectExists("v"), StoreError.invalidObjectID("a b"),
        StoreError.invalidType("1x"),
        StoreError.unknownComponent("x"), StoreError.versionNotHigher(name: "x", version: "1.0.0", current: "1.1.0"),
        StoreError.componentInUse(name: "x", dependents: ["y"]),
        StoreError.versionKept(name: "x", version: "1.0.0"), StoreError.unknownReference(name: "x", target: "y"),
        StoreError.referenceKind(name: "x", target: "y", kind: "chain"),
        StoreError.referenceCycle(["x", "y", "x"]), StoreError.builtInType("view"), StoreError.sceneTimeBackwards(requested: 1, last: 2),
        StoreError.sceneTimeOutOfRange(Double.infinity),
        StoreError.ownsItself("v"), StoreError.notADatabase("f"), StoreError.cannotOpen("f"), StoreError.readOnly("f", needsMigration: true),
        StoreError.readOnly("f", needsMigration: false),
        StoreError.invalidKey("a b"), StoreError.invalidPolicy("no policy"), StoreError.unreadableEvent(seq: 3, reason: "?"), StoreError.noSnapshot(seq: 3),
        StoreError.compactsEverything(newest: 9),
        StoreError.compacted(requested: 1, base: LogBase(seq: 4, sceneTime: 2)), StoreError.damagedSnapshot(seq: 4),
        SampleTimes.Error(.at, .notANumber("soon")), SampleTimes.Error(.from, .outOfRange("2e9", rule: "too late")), SampleTimes.Error(.fps, .rate),
        SampleTimes.Error(.to, .endless), SampleTimes.Error(.to, .endBeforeStart(start: 2, end: 1)), SampleTimes.Error(.fps, .tooManyFrames(1e9)),
        SnapshotRowError(object: "v", problem: "no type"), StoreArchive.RefusalError.notEmpty(path: "f", events: 3),
        StoreArchive.RefusalError.compacted(base: 4),
        PostgresStoreError.unknownDatabase(server: "127.0.0.1:5432", database: "x"),
        ExportError("a speed of 0 or less cannot be exported")
    ]

    @Test func noErrorNamesAnOptionOrACommand() {
        for error in Self.errors {
            let text = error.description
            #expect(text.range(of: #"(^|[\s(])--[a-z]"#, options: .regularExpression) == nil && !text.contains("`catalog "), "\(text)")
            #expect(error.fields["code"] == nil && error.fields["message"] == nil)
            let json = error.jsonValue()
            #expect(json["error"]?["code"]?.stringValue == error.code.rawValue && json["error"]?["message"]?.stringValue == text)
        }
    }
}
