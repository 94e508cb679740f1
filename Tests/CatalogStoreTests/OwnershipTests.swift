import CatalogStore
import CatalogModel
import Foundation
import TestSupport
import Testing

struct OwnershipTests {
    let folder = TemporaryFolder()

    @Test(arguments: StoreBackend.allCases) func ownershipChainsAreDeletedRecursively(backend: StoreBackend) throws {
        let database = try backend.open(in: folder)
        try database.objects.add(id: "a", type: "view")
        try database.objects.add(id: "b", type: "view", owners: ["a"])
        try database.objects.add(id: "c", type: "view", owners: ["b"])
        try database.objects.add(id: "bystander", type: "view")
        try database.properties.set(.number(1), for: "k", on: "bystander")
        #expect(try database.objects.remove("a") == ["a", "b", "c"])
        #expect(try database.objects.ids() == ["bystander"])
        #expect(try database.properties.value(for: "k", on: "bystander") == .number(1))
    }

    @Test(arguments: StoreBackend.allCases) func aDiamondSurvivesOneOwner(backend: StoreBackend) throws {
        let database = try backend.open(in: folder)
        try database.objects.add(id: "left", type: "view")
        try database.objects.add(id: "right", type: "view")
        try database.objects.add(id: "shared", type: "view", owners: ["left", "right"])
        try database.objects.add(id: "leaf", type: "view", owners: ["shared"])
        try database.objects.remove("left")
        #expect(try database.objects.ids() == ["leaf", "right", "shared"])
        #expect(try database.objects.get("shared")?.owners == ["right"])
        try database.objects.remove("right")
        #expect(try database.objects.ids().isEmpty)
    }

    @Test(arguments: StoreBackend.allCases) func ownershipCyclesAreCollected(backend: StoreBackend) throws {
        let database = try backend.open(in: folder)
        try database.objects.add(id: "root", type: "view")
        try database.objects.add(id: "a", type: "view", owners: ["root"])
        try database.objects.add(id: "b", type: "view", owners: ["a"])
        try database.properties.set(.object("a"), for: "parent", on: "b")  // b retains a: a cycle
        try database.objects.remove("root")
        #expect(try database.objects.ids().isEmpty)

        try database.objects.add(id: "x", type: "view")
        try database.objects.add(id: "y", type: "view", owners: ["x"])
        try database.properties.set(.object("x"), for: "back", on: "y")
        #expect(try database.objects.remove("x") == ["x", "y"])
    }

    @Test(arguments: StoreBackend.allCases) func retainedReferencesOwnAndAreReleasedOnReplace(backend: StoreBackend) throws {
        let database = try backend.open(in: folder)
        try database.objects.add(id: "field", type: "textField")
        try database.objects.add(id: "label-1", type: "label")
        try database.objects.add(id: "label-2", type: "label")
        try database.properties.set(.object("label-1"), for: "placeholderLabel", on: "field")
        #expect(try database.objects.get("label-1")?.owners == ["field"])
        let change = try database.properties.set(.object("label-2"), for: "placeholderLabel", on: "field")
        #expect(change.removed == ["label-1"], "label-1 lost its last owner")
        #expect(try database.objects.ids() == ["field", "label-2"])
        try database.objects.remove("field")
        #expect(try database.objects.ids().isEmpty)
    }

    @Test(arguments: StoreBackend.allCases) func weakReferencesReadAbsentAfterTheTargetGoesEvenIfTheIdReturns(backend: StoreBackend) throws {
        let database = try backend.open(in: folder)
        try database.objects.add(id: "cell", type: "cell")
        try database.objects.add(id: "delegate", type: "view")
        try database.properties.set(.object("delegate"), for: "delegate", on: "cell", policy: .weak)
        #expect(try database.properties.value(for: "delegate", on: "cell") == .object("delegate"))
        try database.objects.remove("delegate")
        #expect(try database.objects.get("cell") != nil, "weak does not own, and its holder is untouched")
        #expect(try database.properties.value(for: "delegate", on: "cell") == nil)
        #expect(try database.properties.list(on: "cell").isEmpty)
        try database.objects.add(id: "delegate", type: "view")  // a new object with the old id
        #expect(try database.properties.value(for: "delegate", on: "cell") == nil)
        #expect(throws: StoreError.self) { try database.properties.set(.number(1), for: "w", on: "cell", policy: .weak) }
    }

    @Test(arguments: StoreBackend.allCases) func copyOfAnObjectIsIndependentOfTheOriginal(backend: StoreBackend) throws {
        let database = try backend.open(in: folder)
        try database.objects.add(id: "original", type: "label")
        try database.objects.add(id: "inner", type: "label", owners: ["original"])
        try database.properties.set(.string("Hello"), for: "text", on: "original")
        try database.properties.set(.object("inner"), for: "child", on: "original")
        try database.objects.add(id: "holder", type: "view")
        let change = try database.properties.set(.object("original"), for: "snapshot", on: "holder", policy: .copy)
        let copy = try #require(change.copyID)
        #expect(copy != "original")
        #expect(try database.properties.value(for: "snapshot", on: "holder") == .object(copy))
        try database.properties.set(.string("Changed"), for: "text", on: "original")
        #expect(try database.properties.value(for: "text", on: copy) == .string("Hello"))
        guard case .object(let copiedInner) = try database.properties.value(for: "child", on: copy) else {
            Issue.record("the copy's child is not an object reference")
            return
        }
        #expect(copiedInner != "inner", "owned children are deep-copied")
        try database.objects.remove("original")
        #expect(try database.properties.value(for: "text", on: copy) == .string("Hello"))
        try database.objects.remove("holder")
        #expect(try database.objects.ids().isEmpty, "the copy and its children die with the holder")
    }

    /// Copying what the old value alone keeps alive (its own copy, or an object only it owns)
    /// copies it before releasing it, and the event names what the release removed.
    @Test(arguments: StoreBackend.allCases) func aCopyOfTheCopyItReplacesIsMadeBeforeTheOldOneGoes(backend: StoreBackend) throws {
        let database = try backend.open(in: folder)
        try database.objects.add(id: "original", type: "label")
        try database.properties.set(.string("Hello"), for: "text", on: "original")
        try database.objects.add(id: "holder", type: "view")
        let first = try #require(try database.properties.set(.object("original"), for: "snapshot", on: "holder", policy: .copy).copyID)
        let again = try database.properties.set(.object(first), for: "snapshot", on: "holder", policy: .copy)
        let second = try #require(again.copyID)
        #expect(second != first)
        #expect(again.removed == [first])
        #expect(try database.properties.value(for: "text", on: second) == .string("Hello"))
        #expect(try database.objects.get(first) == nil)
        let logged = try #require(try database.events.list().last)
        #expect(logged.payload["removed"] == [.string(first)])
        // A copy of something else still reuses the freed id.
        let third = try database.properties.set(.object("original"), for: "snapshot", on: "holder", policy: .copy)
        #expect(third.removed == [second])
        #expect(third.copyID == first)
    }

    @Test(arguments: StoreBackend.allCases) func clearRemovesAllAssociationsAndReleasesOwnedObjects(backend: StoreBackend) throws {
        let database = try backend.open(in: folder)
        try database.objects.add(id: "v", type: "view")
        try database.objects.add(id: "child", type: "view")
        try database.properties.set(.number(1), for: "a", on: "v")
        try database.properties.set(.object("child"), for: "b", on: "v")
        #expect(try database.properties.clear(on: "v") == ["child"])
        #expect(try database.properties.list(on: "v").isEmpty)
    }

    @Test(arguments: StoreBackend.allCases) func everyChangeLogsOneEventAndARefusedChangeLogsNothing(backend: StoreBackend) throws {
        let database = try backend.open(in: folder)
        let start = try database.events.list().count
        try database.objects.add(id: "v", type: "view", at: 1.5)
        try database.properties.set(.rect(Rect(x: 0, y: 5, width: 35, height: 30)), for: "frame", on: "v")
        try database.properties.unset("frame", on: "v")
        let events = try database.events.list().dropFirst(start)
        #expect(events.map(\.operation) == [.objectAdd, .propertySet, .propertyUnset])
        #expect(events.map(\.sceneTime) == [1.5, 1.5, 1.5], "without --at the clock stays at the last event")
        let count = try database.events.list().count
        #expect(throws: StoreError.self) { try database.properties.set(.number(1), for: "k", on: "ghost") }
        #expect(throws: StoreError.self) { try database.objects.add(id: "v", type: "view") }
        #expect(throws: StoreError.self) { try database.objects.add(id: "w", type: "view", owners: ["ghost"]) }
        #expect(throws: StoreError.sceneTimeBackwards(requested: 1, last: 1.5)) { try database.objects.add(id: "w", type: "view", at: 1) }
        #expect(try database.events.list().count == count)
        #expect(try database.objects.get("w") == nil)
        #expect(try database.events.list(object: "v").count == 3)
    }
}
