import CatalogModel
import Testing

/// The one encoder of stored payloads: canonical text, nil left out, JSON kept as it is, and
/// errors that name the field.
struct JSONValueCodingTests {
    private struct Move: Codable, Equatable {
        var id: String
        var by: Double?
        var steps: [Int]
        var extra: JSONValue?
        var flags: [String: Bool]
    }

    @Test func encodingIsCanonicalAndLeavesNilOut() throws {
        let move = Move(id: "cell-1", by: nil, steps: [1, 2], extra: ["z": [1.5, nil], "a": "x"], flags: ["b": true, "a": false])
        let json = try JSONValueEncoder().encode(move)
        #expect(json.canonicalText == #"{"extra":{"a":"x","z":[1.5,null]},"flags":{"a":false,"b":true},"id":"cell-1","steps":[1,2]}"#)
        #expect(try JSONValueDecoder().decode(Move.self, from: json) == move)
        // Read back from the text, as the log is read.
        #expect(try JSONValueDecoder().decode(Move.self, from: try JSONReader.read(json.canonicalText)) == move)
    }

    @Test func aWrongShapeIsAnErrorNamingTheField() {
        let errors: [(JSONValue, String)] = [
            (["id": "a", "steps": [1, 2.5], "flags": [:]], "steps[1] is not Int"),
            (["id": "a", "steps": [], "flags": ["x": 1]], "flags.x is not Bool"),
            (["steps": [], "flags": [:]], "no id"),
            (["id": 3, "steps": [], "flags": [:]], "id is not String")
        ]
        for (json, expected) in errors {
            #expect {
                try JSONValueDecoder().decode(Move.self, from: json)
            } throws: { error in
                (error as? DecodingError)?.pathDescription == expected
            }
        }
    }

    @Test func anApplyPayloadWritesTheShapeTheLogHolds() throws {
        let payload = ApplyPayload(
            component: "fade-in", version: "1.0.0", kind: .animation, start: 2, reducedMotion: true,
            animations: [
                .init(component: "fade-in", version: "1.0.0", parameters: ["duration": 0.5], offset: 0),
                .init(inline: ["keyframes": [["opacity": 0]]], offset: 0.25)
            ],
            sets: [.init(property: "opacity", value: 1, offset: 1)])
        #expect(
            try payload.jsonValue().canonicalText == #"{"animations":[{"component":"fade-in","offset":0,"parameters":{"duration":0.5},"version":"1.0.0"},"#
                + #"{"inline":{"keyframes":[{"opacity":0}]},"offset":0.25}],"component":"fade-in","kind":"animation","reducedMotion":true,"#
                + #""sets":[{"offset":1,"property":"opacity","value":1}],"start":2,"version":"1.0.0"}"#)
        #expect(
            try ApplyPayload(component: "hyperlink", version: "1.0.0", kind: .behaviour).jsonValue().canonicalText
                == #"{"component":"hyperlink","kind":"behaviour","version":"1.0.0"}"#)
        #expect(try JSONValueDecoder().decode(ApplyPayload.self, from: try payload.jsonValue()) == payload)
    }
}
