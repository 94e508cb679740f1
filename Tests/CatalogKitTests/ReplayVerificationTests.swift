import CatalogStore
import CatalogKit
import Foundation
import GRDB
import TestSupport
import Testing

/// The log reproduces the state exactly (docs/Store.md): rebuilt into a fresh database, every
/// kind of change gives the same content hash; a change made behind the log's back does not.
struct ReplayVerificationTests {
    let folder = TemporaryFolder()

    @Test func everyKindOfChangeReplaysToTheSameHash() throws {
        let catalog = try Catalog(path: folder.file("live.sqlite"))
        let database = catalog.database
        try database.objects.add(id: "cell", type: "cell", at: 0)
        try database.objects.add(id: "label", type: "label", owners: ["cell"], at: 0.5)
        try database.objects.add(id: "target", type: "view", at: 1)
        try database.objects.add(id: "other", type: "view", at: 1)
        try database.properties.set(.number(0.3), for: "bounce-select.duration", on: "cell", at: 1)
        try database.properties.set(.object("target"), for: "link", on: "label", policy: .copy, at: 2)
        try database.properties.set(.object("other"), for: "peer", on: "cell", policy: .weak, at: 2)
        try database.properties.set(.string("hello"), for: "text", on: "label", at: 2)
        _ = try database.properties.unset("text", on: "label", at: 3)
        _ = try database.objects.remove("other", at: 3)  // the weak reference now reads as absent
        try catalog.apply("bounce-select", to: ["cell"], at: 3)
        try catalog.apply("decorating-layout", roles: ["content": "label", "decoration": "target"], parameters: ["rect": "0,0,120,40"], at: 4)
        let extra = try DefinitionDecoder.decode(
            text: "name: blink\nkind: animation\nversion: 1.0.0\nanimation: {type: basic, keyPath: opacity, toValue: 0}\n", file: "blink.yaml")
        try database.components.add([extra], at: 5)
        try database.components.remove("blink", at: 6)
        _ = try database.properties.clear(on: "target", at: 6)

        let check = try SceneVerification.verify(catalog, scratch: folder.file("rebuilt.sqlite"))
        #expect(check.matches, "live \(check.live) vs rebuilt \(check.rebuilt)")
        #expect(check.events == (try database.events.list().count))
    }

    @Test func aChangeOutsideTheLogIsCaught() throws {
        let catalog = try Catalog(path: folder.file("tampered.sqlite"))
        try catalog.database.objects.add(id: "cell", type: "cell")
        try catalog.database.properties.set(.number(1), for: "opacity", on: "cell")
        #expect(try SceneVerification.verify(catalog, scratch: folder.file("a.sqlite")).matches)
        // Rewrite the stored value without an event row.
        try catalog.sqlite!.pool.write { db in
            try db.execute(sql: "UPDATE association SET value = 0.5 WHERE key = 'opacity'")
        }
        #expect(!(try SceneVerification.verify(catalog, scratch: folder.file("b.sqlite")).matches))
    }
}
