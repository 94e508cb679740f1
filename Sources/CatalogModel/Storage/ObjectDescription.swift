/// One object as `catalog object show` and `GET /api/objects/ID` show it: the object and its
/// associated properties, by key.
///
/// ```swift
/// let label = try catalog.objects.describe("headline")
/// label.object.type                  // "label"
/// label.jsonValue.canonicalText      // {"id":"headline","owners":[],"properties":[…],"type":"label"}
/// ```
public struct ObjectDescription: Sendable, Hashable {
    /// The object: its id, type and owners.
    public var object: StoredObject
    /// Its associated properties, by key.
    public var properties: [Association]

    package init(object: StoredObject, properties: [Association]) {
        self.object = object
        self.properties = properties
    }

    /// The object's own JSON with a `properties` array: the `--format json` form.
    public var jsonValue: JSONValue {
        var document = object.jsonValue.objectValue!
        document["properties"] = .array(properties.map(\.jsonValue))
        return .object(document)
    }
}
