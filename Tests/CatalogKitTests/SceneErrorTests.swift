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
        let cases: [(() throws -> Void, SceneError)] = [
            ({ _ = try catalog.apply("decorating-layout") }, .nothingBound(layout: "decorating-layout", slots: ["content", "decoration"])),
            ({ _ = try catalog.apply("fade-sequence", roles: ["image": "v1", "headline": "v1"]) },
             .unboundRole(chain: "fade-sequence", role: "content", roles: ["image", "headline", "content"])),
            ({ _ = try catalog.apply("fade-in") }, .noTargets(component: "fade-in", kind: .animation)),
            ({ _ = try catalog.state(of: "ghost") }, .store(.unknownObject("ghost"))),
            ({ _ = try catalog.apply("no-such-thing", to: ["v1"]) }, .store(.unknownComponent("no-such-thing"))),
        ]
        for (body, expected) in cases {
            #expect(throws: expected) { try body() }
            #expect(!expected.description.contains("--") && !expected.description.contains("catalog "), "\(expected)")
        }
    }
}
