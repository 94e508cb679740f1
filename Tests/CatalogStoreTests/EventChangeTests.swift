import CatalogStore
import CatalogModel
import TestSupport
import Testing

/// Every operation the store logs reads back as its typed change, with the values given.
struct EventChangeTests {
    @Test func everyLoggedOperationDecodesToItsTypedChange() throws {
        let folder = TemporaryFolder()
        let database = try CatalogDatabase(path: folder.file("c.sqlite"))
        let fade = try definition(
            "name: fade\nkind: animation\nversion: 1.0.0\nanimation: {type: basic, keyPath: opacity, fromValue: 0, toValue: 1, duration: 1}")
        try database.components.add([fade], at: 0)
        try database.types.declare("card", properties: ["title": .string], at: 0)
        try database.objects.add(id: "list", type: "view", at: 1)
        try database.objects.add(id: "cell", type: "card", owners: ["list"], at: 1)
        try database.properties.set(.number(0.5), for: "opacity", on: "cell", policy: .retain, at: 2)
        try database.applications.recordApply(
            [
                (
                    object: "cell",
                    payload: [
                        "component": "fade", "version": "1.0.0", "kind": "animation",
                        "animations": [["component": "fade", "version": "1.0.0", "parameters": [:], "offset": 0.25]]
                    ]
                )
            ],
            at: 3)
        try database.applications.change(records: [(.send, "cell", ["event": "tap", "value": .null, "effects": []])], at: 3)
        _ = try database.properties.unset("opacity", on: "cell", at: 4)
        _ = try database.properties.clear(on: "cell", at: 4)
        _ = try database.objects.remove("list", at: 5)
        try database.components.remove("fade", at: 6)

        let changes = try database.events.list().map { try $0.change() }
        #expect(
            changes == [
                .componentAdd(name: "fade", version: "1.0.0", definition: try JSONReader.read(fade.canonicalJSON)),
                .typeDeclare(name: "card", properties: ["title": .string]),
                .objectAdd(id: "list", type: "view", owners: []),
                .objectAdd(id: "cell", type: "card", owners: ["list"]),
                .propertySet(id: "cell", key: "opacity", value: .number(0.5), policy: .retain),
                changes[5],  // the application, checked field by field below
                .send(object: "cell", event: "tap"),
                .propertyUnset(id: "cell", key: "opacity", removed: []),
                .propertyClear(id: "cell", removed: []),
                .objectRemove(id: "list", removed: ["cell"]),
                .componentRemove(name: "fade")
            ])
        guard case .apply(let object, let application) = changes[5] else { Issue.record("not an application: \(changes[5])"); return }
        #expect(object == "cell" && application.component == "fade" && application.start == 3 && !application.playsReduced)
        #expect(application.animations == [.component(name: "fade", version: "1.0.0", parameters: [:], offset: 0.25)])
    }

    @Test func aPayloadWithoutItsFieldsIsMalformedByName() {
        let event = Event(seq: 7, sceneTime: 1.5, operation: .objectAdd, objectID: "x", payload: ["id": "x"])
        #expect { try event.change() } throws: { "\($0)" == "event 7 (object.add at t=1.5) is malformed: no type" }
        let apply = Event(seq: 8, sceneTime: 2, operation: .apply, objectID: "x", payload: ["animations": [["offset": 0]]])
        #expect { try apply.change() } throws: {
            "\($0)" == "event 8 (apply at t=2) is malformed: animations[0]: neither a component and version nor an inline body"
        }
    }
}
