import CatalogModel
import Testing

/// Colour, number and dimension tokens as keyframe values: a DTCG 2025.10 colour in `srgb` or
/// `hsl`, another space by its `hex` fallback, a CSS colour text as older files write it; a
/// token of another type, or a space with no fallback, refused naming the path and the rule.
struct ValueTokenTests {
    static let set = #"""
        {"color": {"$type": "color",
           "surface": {"$value": {"colorSpace": "srgb", "components": [1, 0.5, 0], "alpha": 0.5}},
           "hue": {"$value": {"colorSpace": "hsl", "components": [120, 100, 25]}},
           "wide": {"$value": {"colorSpace": "display-p3", "components": [0.2, 0.4, 0.6], "hex": "#336699"}},
           "unplayable": {"$value": {"colorSpace": "oklch", "components": [0.5, 0.1, 200]}},
           "legacy": {"$value": "#0b57d0"}},
         "opacity": {"$type": "number", "scrim": {"$value": 0.4}},
         "radius": {"$type": "dimension", "card": {"$value": {"value": 0.5, "unit": "rem"}}}}
        """#

    func definition(_ keyframes: String) -> String {
        #"{"name": "t", "kind": "animation", "version": "1.0.0", "summary": "t", "keyframes": "# + keyframes + #", "options": {"duration": 100}}"#
    }

    func first(_ keyframes: String, binding: TokenBinding) throws -> JSONValue {
        let document = try JSONReader.read(definition(keyframes))
        let members = try TokenSubstitution.apply(to: document.objectValue ?? [:], file: "t.json", binding: binding)
        return members["keyframes"]?.arrayValue?.first ?? members["keyframes"] ?? .null
    }

    @Test func colourNumberAndDimensionTokensAreKeyframeValues() throws {
        let binding = TokenBinding(sets: [("brand", "1.0.0", try TokenSet(json: try JSONReader.read(Self.set), file: "brand.tokens.json"))])
        let frame = try first(
            #"[{"backgroundColor": "{color.surface}", "color": "{color.hue}", "borderColor": "{color.wide}", "opacity": "{opacity.scrim}", "borderRadius": "{radius.card}"}, {"opacity": 1}]"#,
            binding: binding)
        #expect(frame["backgroundColor"] == "rgb(255 127.5 0 / 0.5)" && frame["color"] == "hsl(120 100% 25% / 1)")
        #expect(frame["borderColor"] == "#336699" && frame["opacity"] == "0.4" && frame["borderRadius"] == "8px")
        // Every text is one the engine reads as the colour the token says.
        #expect(try RGBAColor(css: "rgb(255 127.5 0 / 0.5)") == RGBAColor(red: 1, green: 128.0 / 255, blue: 0, alpha: 128.0 / 255))
        // The object form: each value of a property's list.
        let listed = try first(#"{"backgroundColor": ["{color.legacy}", "{color.surface}"]}"#, binding: binding)
        #expect(listed["backgroundColor"] == ["#0b57d0", "rgb(255 127.5 0 / 0.5)"])
        // Refusals name the keyframe's field and the rule.
        #expect {
            _ = try first(#"[{"opacity": "{color.surface}"}, {"opacity": 1}]"#, binding: binding)
        } throws: { error in
            let error = error as? DefinitionError
            return error?.path == "keyframes[0].opacity" && error?.rule.contains("is a color token, which has no number") == true
        }
        #expect {
            _ = try first(#"[{"backgroundColor": "{color.unplayable}"}, {"opacity": 1}]"#, binding: binding)
        } throws: { error in
            (error as? DefinitionError)?.rule.contains("the colour space oklch has no form the catalog plays") == true
        }
    }
}
