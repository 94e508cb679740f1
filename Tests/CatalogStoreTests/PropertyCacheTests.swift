import CatalogStore
import CatalogModel
import Foundation
import TestSupport
import Testing

/// The cache rule: a read sees every commit — by any handle or process — that finished before it.
struct PropertyCacheTests {
    let folder = TemporaryFolder()

    @Test func aReadSeesAnotherHandlesCommit() throws {
        let path = folder.file("cache.sqlite")
        let reader = try CatalogDatabase(path: path)
        let writer = try CatalogDatabase(path: path)
        try writer.objects.add(id: "cell", type: "cell")
        #expect(try reader.properties.value(for: "scale", on: "cell") == nil)  // caches "absent"
        try writer.properties.set(.number(0.8), for: "scale", on: "cell")
        #expect(try reader.properties.value(for: "scale", on: "cell") == .number(0.8))
        #expect(try reader.properties.value(for: "scale", on: "cell") == .number(0.8))  // now from the cache
        try writer.properties.set(.number(0.9), for: "scale", on: "cell")
        #expect(try reader.properties.value(for: "scale", on: "cell") == .number(0.9))
        try writer.objects.remove("cell")
        #expect(throws: StoreError.unknownObject("cell")) { try reader.properties.value(for: "scale", on: "cell") }
    }

    @Test func cachedAndUncachedReadsAgreeForEveryType() throws {
        let database = try CatalogDatabase(path: folder.file("types.sqlite"))
        try database.objects.add(id: "o", type: "view")
        try database.objects.add(id: "p", type: "view")
        let values: [PropertyValue] = [
            .number(0.25), .string("text"), .bool(true), .url("https://swift.org/a?b=c"), .color(RGBAColor(red: 1, green: 0.5, blue: 0, alpha: 0.25)),
            .point(Point(x: 1, y: -2)), .size(Size(width: 3, height: 4)), .rect(Rect(x: 0, y: 5, width: 35, height: 30)),
            .transform(.scale(0.8)), .object("p"), .json(["nested": [1, 2, ["x": nil]]])
        ]
        for (index, value) in values.enumerated() {
            try database.properties.set(value, for: "k\(index)", on: "o")
        }
        for (index, value) in values.enumerated() {
            #expect(try database.properties.uncachedValue(for: "k\(index)", on: "o") == value)
            #expect(try database.properties.value(for: "k\(index)", on: "o") == value)
            #expect(try database.properties.value(for: "k\(index)", on: "o") == value)
        }
    }
}
