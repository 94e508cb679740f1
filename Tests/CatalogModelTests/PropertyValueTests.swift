import CatalogModel
import Testing

struct PropertyValueTests {
    @Test func commandLineTextFollowsDesignRules() {
        #expect(PropertyValue.fromCommandLine("0.5") == .number(0.5))
        #expect(PropertyValue.fromCommandLine("true") == .bool(true))
        #expect(PropertyValue.fromCommandLine("\"42\"") == .string("42"))
        #expect(PropertyValue.fromCommandLine("hello world") == .string("hello world"))
        #expect(PropertyValue.fromCommandLine("@label-1") == .object("label-1"))
        #expect(PropertyValue.fromCommandLine("null") == nil)
        #expect(PropertyValue.fromCommandLine("[1,2]") == .json([1, 2]))
    }

    @Test func convertsToDeclaredTypes() throws {
        #expect(try PropertyValue(converting: "0, 5, 35, 30", to: .rect) == .rect(Rect(x: 0, y: 5, width: 35, height: 30)))
        #expect(
            try PropertyValue(converting: "#ff000080", to: .color)
                == .color(RGBAColor(red: 1, green: 0, blue: 0, alpha: 128.0 / 255)))
        #expect(try PropertyValue(converting: "#0f0", to: .color) == .color(RGBAColor(red: 0, green: 1, blue: 0)))
        #expect(try PropertyValue(converting: "https://swift.org", to: .url) == .url("https://swift.org"))
        #expect(throws: ValueConversionError.self) { try PropertyValue(converting: "not a url", to: .url) }
        #expect(throws: ValueConversionError.self) { try PropertyValue(converting: "1,2,3", to: .rect) }
        #expect(throws: ValueConversionError.self) { try PropertyValue(converting: "#12345", to: .color) }
    }

    /// Hex digits are ASCII: fullwidth `１２３` are hex digits to `Character`, and reading them
    /// as a colour crashed the process.
    @Test func colourHexTakesASCIIDigitsOnly() {
        #expect(RGBAColor(hex: "#\u{FF11}\u{FF12}\u{FF13}") == nil)
        #expect(throws: ValueConversionError.self) { try PropertyValue(converting: "#\u{FF11}\u{FF12}\u{FF13}", to: .color) }
        #expect(RGBAColor(hex: "#fFf") == RGBAColor(red: 1, green: 1, blue: 1))
    }

    @Test func jsonEncodingRoundTripsForEveryType() throws {
        let values: [PropertyValue] = [
            .number(-2.5), .string("x"), .bool(false), .url("mailto:a@b.c"), .color(RGBAColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)),
            .point(Point(x: 1, y: 2)), .size(Size(width: 3, height: 4)), .rect(Rect(x: 1, y: 2, width: 3, height: 4)),
            .transform(.scale(0.9)), .object("cell-1"), .json(["a": [1, "b"]])
        ]
        for value in values {
            #expect(try PropertyValue(json: value.jsonValue, as: value.type) == value)
        }
    }

    @Test func canonicalTextSortsKeysAndPrintsIntegersPlainly() {
        let value: JSONValue = ["b": 1.0, "a": [0.25, "q\"uote", true, nil], "c": ["z": 1e21]]
        #expect(value.canonicalText == #"{"a":[0.25,"q\"uote",true,null],"b":1,"c":{"z":1e+21}}"#)
    }
}
