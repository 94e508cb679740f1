import CatalogFormats
import CatalogModel
import Testing

/// The one writer of an importer's definition: each body becomes the document DESIGN.md §2
/// describes, and that document reads back as a definition of the kind it says.
struct ImportedDefinitionTests {
    @Test func aWebBodyWritesItsKeyframesAndOnlyTheOptionsGiven() throws {
        let spin = ImportedDefinition(
            name: "spin",
            body: .web(
                keyframes: [
                    .init(offset: 0, easing: "linear", values: ["transform": "rotate(0deg)"]),
                    .init(offset: 1, easing: "linear", values: ["transform": "rotate(360deg)"])
                ],
                timing: .init(duration: 1000, iterations: .infinity)))
        let document = spin.document
        #expect(document["kind"] == "animation")
        #expect(document["version"] == "1.0.0")
        #expect(document["keyframes"]?.arrayValue?.first == ["offset": 0, "easing": "linear", "transform": "rotate(0deg)"])
        // JSON has no infinity; what is not given is left to the body's defaults.
        #expect(document["options"] == ["duration": 1000, "iterations": "Infinity"])
        let definition = try ComponentDefinition(json: document, file: "spin.css")
        #expect(definition.kind == .animation)
        #expect(definition.name == "spin")
    }

    @Test func reducedMotionIsWrittenOnlyWhenGiven() throws {
        var fade = ImportedDefinition(
            name: "fade", body: .web(keyframes: [.init(offset: 0, easing: "ease", values: ["opacity": "0"])], timing: .init(duration: 200)))
        #expect(fade.document["reducedMotion"] == nil)
        fade.reducedMotion = "removed"
        #expect(fade.document["reducedMotion"] == "removed")
        #expect(try ComponentDefinition(json: fade.document, file: "fade.css").reducedMotion != nil)
    }

    @Test func layersThatStartTogetherAreAConcurrentChain() throws {
        let body: JSONValue = ["type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 0.5]
        let loader = ImportedDefinition(
            name: "loader", body: .concurrentChain([.init(role: "dot", animation: body), .init(role: "ring", animation: body)]))
        let document = loader.document
        #expect(document["kind"] == "chain")
        #expect(document["chain"]?["roles"] == ["dot", "ring"])
        #expect(document["chain"]?["concurrent"]?.arrayValue?.last == ["animate": "ring", "animation": body])
        #expect(try ComponentDefinition(json: document, file: "loader.json").kind == .chain)
        let one = ImportedDefinition(name: "dot", body: .coreAnimation(body))
        #expect(one.document["animation"] == body)
        #expect(try ComponentDefinition(json: one.document, file: "dot.json").kind == .animation)
    }
}
