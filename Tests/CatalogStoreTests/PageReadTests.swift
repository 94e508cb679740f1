import CatalogModel
import CatalogStore
import Foundation
import TestSupport
import Testing

/// The reads a pass over a whole store makes a page at a time (hashing a store, comparing it
/// with a fold) answer what the one-object reads answer, object for object: absent ids left
/// out, an object without associations present with none, a weak reference to a removed
/// object read as absent, ids beyond ASCII found.
struct PageReadTests {
    let folder = TemporaryFolder()

    @Test(arguments: StoreBackend.allCases) func manyObjectsAssociationsAreEachObjectsOwn(backend: StoreBackend) throws {
        let database = try backend.open(in: folder)
        let ids = ["plain", "copier", "liste-é", "日本", "a/b:c_d.e", "empty", "target", "gone"]
        for id in ids { try database.objects.add(id: id, type: "view") }
        for (index, id) in ids.enumerated() where id != "empty" && id != "target" && id != "gone" {
            try database.properties.set(.number(Double(index)), for: "z-last", on: id)
            try database.properties.set(.string(id), for: "a-first", on: id)
        }
        try database.properties.set(.object("gone"), for: "weakly", on: "plain", policy: .weak)
        try database.properties.set(.object("target"), for: "kept", on: "plain", policy: .retain)
        try database.properties.set(.object("target"), for: "copied", on: "copier", policy: .copy)
        _ = try database.objects.remove("gone")

        let asked = ids + ["never-added", "gone"]
        let lists = try database.properties.list(on: asked)
        var expected: [String: [Association]] = [:]
        for id in asked where try database.objects.get(id) != nil { expected[id] = try database.properties.list(on: id) }
        #expect(lists == expected)
        #expect(lists["empty"] == [], "present, with none")
        #expect(lists["never-added"] == nil && lists["gone"] == nil, "absent objects are left out")
        #expect(lists["plain"]?.map(\.key) == ["a-first", "kept", "z-last"], "by key; the weak reference to a removed object reads as absent")
        #expect(try database.properties.list(on: []) == [:])
    }

    @Test(arguments: StoreBackend.allCases) func pagesOfObjectsAreTheObjectsInOrderWithTheirOwners(backend: StoreBackend) throws {
        let database = try backend.open(in: folder)
        try database.objects.add(id: "list", type: "view")
        try database.objects.add(id: "zeta", type: "view")
        // Owners given explicitly, by retaining or copying references, and both; a weak reference owns nothing.
        for index in 0..<1_300 {
            let id = "cell-\(index)"
            try database.objects.add(id: id, type: index % 2 == 0 ? "cell" : "view", owners: index % 3 == 0 ? ["list", "zeta"] : [])
            switch index % 5 {
            case 0: try database.properties.set(.object(id), for: "child-\(index)", on: "list", policy: .retain)
            case 1: try database.properties.set(.object(id), for: "watched-\(index)", on: "zeta", policy: .weak)
            case 2: try database.properties.set(.object(id), for: "held-\(index)", on: "zeta", policy: .retain)
            default: break
            }
        }
        try database.properties.set(.object("list"), for: "copy", on: "cell-7", policy: .copy)
        _ = try database.objects.remove("cell-10")

        var paged: [StoredObject] = []
        var after: String?
        var sizes: [Int] = []
        while true {
            let page = try database.objects.page(after: after, limit: 500)
            sizes.append(page.count)
            paged += page
            guard let last = page.last else { break }
            after = last.id
        }
        let whole = try database.objects.list()
        #expect(paged == whole)
        #expect(whole.count > 1_000 && sizes == stride(from: 0, to: whole.count, by: 500).map { min(500, whole.count - $0) } + [0])
        #expect(whole.first { $0.id == "cell-0" }?.owners == ["list", "zeta"], "owned explicitly and by a retaining reference, once each")
        #expect(whole.first { $0.id == "cell-2" }?.owners == ["zeta"])
        #expect(whole.first { $0.id == "cell-1" }?.owners == [], "a weak reference owns nothing")
        #expect(try database.objects.page(after: "zz", limit: 10).isEmpty)
    }

    @Test(arguments: StoreBackend.allCases) func theTypesOfManyObjectsAreEachObjectsOwn(backend: StoreBackend) throws {
        let database = try backend.open(in: folder)
        let ids = ["plain", "liste-é", "日本", "a/b:c_d.e", "with \"quote", "gone"] + (0..<300).map { "cell-\($0)" }
        for (index, id) in ids.enumerated() where id != "with \"quote" {
            try database.objects.add(id: id, type: ["view", "cell", "label"][index % 3])
        }
        _ = try database.objects.remove("gone")
        let asked = ids + ["never-added", "plain"]
        var expected: [String: String] = [:]
        for id in asked { if let object = try database.objects.get(id) { expected[id] = object.type } }
        #expect(try database.objects.types(of: asked) == expected)
        #expect(expected.count == ids.count - 2, "absent, removed and refused ids are left out")
        #expect(try database.objects.types(of: []) == [:])
    }
}
