import CatalogKit
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
            ({ _ = try catalog.apply("fade-sequence", roles: ["image": "v1", "headline": "v1"]) },
             SceneError.unboundRole(chain: "fade-sequence", role: "content", roles: ["image", "headline", "content"])),
            ({ _ = try catalog.apply("fade-in") }, SceneError.noTargets(component: "fade-in", kind: .animation)),
            // What the store refuses is the store's error, wherever the scene meets it: one condition, one error.
            ({ _ = try catalog.state(of: "ghost") }, StoreError.unknownObject("ghost")),
            ({ _ = try catalog.apply("no-such-thing", to: ["v1"]) }, StoreError.unknownComponent("no-such-thing")),
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
