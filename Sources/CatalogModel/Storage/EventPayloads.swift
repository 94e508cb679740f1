/// The payloads the log's operations other than `apply` (``ApplyPayload``) record, one Codable
/// type each: what ``EventChange`` reads, through ``JSONValueDecoder``, and what the store's
/// writers write through ``JSONValueEncoder`` — so the two cannot drift apart. The hottest two,
/// `object.add` and `prop.set`, write their text directly (`canonicalText`), held to the encoder
/// by a test.
///
/// ```swift
/// let add = ObjectAddPayload(id: "cell-1", type: "cell", owners: ["list"])
/// try JSONValueEncoder().encode(add).canonicalText   // {"id":"cell-1","owners":["list"],"type":"cell"}
/// ```
package struct ComponentAddPayload: Codable, Sendable, Hashable {
    package var name: String
    package var version: String
    package var hash: String?
    package var definition: JSONValue
    /// Where it was fetched from (a registry item's URL); absent for a file or a built-in.
    package var source: String?

    package init(name: String, version: String, hash: String, definition: JSONValue, source: String? = nil) {
        self.name = name
        self.version = version
        self.hash = hash
        self.definition = definition
        self.source = source
    }
}

/// `component.remove`: the name taken out of the catalog (its versions stay kept).
package struct ComponentRemovePayload: Codable, Sendable, Hashable {
    package var name: String
    package init(name: String) { self.name = name }
}

/// `object.add`: an object, its type and its owners.
package struct ObjectAddPayload: Codable, Sendable, Hashable {
    package var id: String
    package var type: String
    package var owners: [String]?

    package init(id: String, type: String, owners: [String]) {
        self.id = id
        self.type = type
        self.owners = owners
    }
}

extension ObjectAddPayload {
    /// The payload's canonical text written directly — what ``JSONValueEncoder`` and
    /// ``JSONValue/canonicalText`` make of it (held to them by `EventPayloadTextTests`): every
    /// object a store or a rebuild adds is logged with it, and the generic encoding was a tenth
    /// of adding one.
    package var canonicalText: String {
        var text = JSONBytes(capacity: 128)
        text.append("{\"id\":")
        text.string(id)
        if let owners {
            text.append(",\"owners\":")
            text.strings(owners)
        }
        text.append(",\"type\":")
        text.string(type)
        text.append("}")
        return text.text
    }
}

/// `object.remove`: the object and the objects collected with it (it alone owned them).
package struct ObjectRemovePayload: Codable, Sendable, Hashable {
    package var id: String
    package var removed: [String]?

    package init(id: String, removed: [String]) {
        self.id = id
        self.removed = removed
    }
}

/// `prop.set` as it is read: the value in its declared `type` (`ValueType`'s name), the policy
/// (`retain` when absent), the copy's id for `copy` of an object and what the change released.
package struct PropertySetPayload: Codable, Sendable, Hashable {
    // Read in this order, so a payload that lacks several fields is named by the same one as ever.
    package var type: String
    package var value: JSONValue
    package var policy: AssociationPolicy?
    package var id: String
    package var key: String
    package var copy: String?
    package var removed: [String]?

    /// A set of `value`, as `type`, on `id`'s `key`; `copy` and `removed` are left out when
    /// nil or empty, as the store writes them.
    package init(id: String, key: String, type: String, value: JSONValue, policy: AssociationPolicy?, copy: String? = nil, removed: [String] = []) {
        self.id = id
        self.key = key
        self.type = type
        self.value = value
        self.policy = policy
        self.copy = copy
        self.removed = removed.isEmpty ? nil : removed
    }

    /// The payload's canonical text written directly, members in key order — what
    /// ``JSONValueEncoder`` and ``JSONValue/canonicalText`` make of it (held to them by
    /// `EventPayloadTextTests`): every property set, and a bulk import's hundred thousand, is
    /// logged with it.
    package var canonicalText: String {
        var text = JSONBytes(capacity: 128)
        text.append("{")
        if let copy {
            text.append("\"copy\":")
            text.string(copy)
            text.append(",")
        }
        text.append("\"id\":")
        text.string(id)
        text.append(",\"key\":")
        text.string(key)
        if let policy {
            text.append(",\"policy\":")
            text.string(policy.rawValue)
        }
        if let removed {
            text.append(",\"removed\":")
            text.strings(removed)
        }
        text.append(",\"type\":")
        text.string(type)
        text.append(",\"value\":")
        text.value(value)
        text.append("}")
        return text.text
    }
}

/// `prop.unset`: one key removed, and the objects it released.
package struct PropertyUnsetPayload: Codable, Sendable, Hashable {
    package var id: String
    package var key: String
    package var removed: [String]?

    package init(id: String, key: String, removed: [String]) {
        self.id = id
        self.key = key
        self.removed = removed
    }
}

/// `prop.clear`: every key removed, and the objects they released.
package struct PropertyClearPayload: Codable, Sendable, Hashable {
    package var id: String
    package var keys: [String]?
    package var removed: [String]?

    package init(id: String, keys: [String], removed: [String]) {
        self.id = id
        self.keys = keys
        self.removed = removed
    }
}

/// `type.declare`: a custom object type and its properties' types.
package struct TypeDeclarePayload: Codable, Sendable, Hashable {
    package var name: String
    package var properties: [String: ValueType]?

    package init(name: String, properties: [String: ValueType]) {
        self.name = name
        self.properties = properties
    }
}

/// `send`: the event, its value (null when none) and the effects its handlers emitted.
package struct SendPayload: Codable, Sendable, Hashable {
    package var event: String?
    /// Written as `null` when the event carries none (so not optional: nil would leave it out).
    package var value: JSONValue
    package var effects: [JSONValue]?

    package init(event: String, value: JSONValue, effects: [JSONValue]) {
        self.event = event
        self.value = value
        self.effects = effects
    }
}
