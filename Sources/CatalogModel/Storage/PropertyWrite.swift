/// One property an operation writes: on object `id`, `key` set to `value` (nil removes it) with
/// `policy` — what a decorator's attachment, a handler's actions and a chain's `set` steps hand
/// the store to write together with their records.
///
/// ```swift
/// let write = PropertyWrite(id: "label-1", key: "hyperlink.url", value: .url("https://swift.org"), policy: .copy)
/// ```
package struct PropertyWrite: Sendable, Hashable {
    package var id: String
    package var key: String
    package var value: PropertyValue?
    package var policy: AssociationPolicy

    package init(id: String, key: String, value: PropertyValue?, policy: AssociationPolicy = .retain) {
        self.id = id
        self.key = key
        self.value = value
        self.policy = policy
    }
}
