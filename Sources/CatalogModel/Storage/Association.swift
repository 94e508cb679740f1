/// One associated property as stored: key, typed value and policy.
///
/// ```swift
/// let url = try catalog.properties.association(for: "hyperlink.url", on: "label-1")
/// url?.policy   // .copy
/// ```
public struct Association: Sendable, Hashable {
    package init(key: String, value: PropertyValue, policy: AssociationPolicy) {
        self.key = key
        self.value = value
        self.policy = policy
    }

    /// The property's key (`hyperlink.url`, `bounce-select.duration`).
    public var key: String
    /// The value, with its type.
    public var value: PropertyValue
    /// How the value belongs to the object: `retain`, `copy` or `weak`.
    public var policy: AssociationPolicy

    /// `{"key", "type", "value", "policy"}`: a row of `prop list --format json`.
    public var jsonValue: JSONValue {
        ["key": .string(key), "type": .string(value.type.rawValue), "value": value.jsonValue, "policy": .string(policy.rawValue)]
    }

    /// `jsonValue.canonicalText`, written directly (a store's content hash writes one per property).
    package var canonicalText: String {
        var text = "{\"key\":"
        JSONValue.writeString(key, into: &text)
        text += ",\"policy\":\"" + policy.rawValue + "\",\"type\":\"" + value.type.rawValue + "\",\"value\":"
        return text + value.jsonValue.canonicalText + "}"
    }
}

/// What a set, unset or clear did besides the change itself.
///
/// ```swift
/// // what an unset released: the objects only the removed reference kept alive
/// let released = try catalog.unsetProperty("placeholderLabel", on: "field-1")
/// ```
package struct PropertyChange: Sendable, Hashable {
    /// For `copy` of an object reference: the id of the new, owned copy.
    package var copyID: String?
    /// Objects deleted because the change released their last owner.
    package var removed: [String]

    package init(copyID: String? = nil, removed: [String] = []) {
        self.copyID = copyID
        self.removed = removed
    }
}
