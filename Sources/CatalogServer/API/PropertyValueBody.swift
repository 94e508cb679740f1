import CatalogKit

/// A property value as `PUT /api/objects/ID/properties/KEY` takes it with a `type`: the JSON
/// encoding `state --format json` prints (numbers, `[x, y]`, `[r, g, b, a]`, sixteen numbers, a
/// string), and for a colour also `#rgb[a]` / `#rrggbb[aa]`. Exactly what the OpenAPI document
/// describes, so every value it allows is taken; the command line's text forms (`0,0,10,10`,
/// colour names) are `prop set`'s.
///
/// ```swift
/// try PropertyValueBody.value("#ff0000", as: .color)   // .color(red 1, alpha 1)
/// ```
enum PropertyValueBody {
    static func value(_ json: JSONValue, as type: ValueType) throws -> PropertyValue {
        switch (type, json) {
        case (.color, .string(let text)):
            guard let color = RGBAColor(hex: text) else {
                throw ValueConversionError(type: type, reason: "in a request body, a colour is #rgb, #rgba, #rrggbb, #rrggbbaa or [r, g, b(, a)]")
            }
            return .color(color)
        case (.object, .string(let text)):
            // An id no object can have names no object: not there, as an unknown one is.
            let id = text.hasPrefix("@") ? String(text.dropFirst()) : text
            guard ObjectID.isValid(id) else { throw StoreError.unknownObject(id) }
            return .object(id)
        default:
            return try PropertyValue(json: json, as: type)
        }
    }
}
