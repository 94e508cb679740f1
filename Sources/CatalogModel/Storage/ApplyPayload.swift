/// What an `apply` event records about one object: the component applied, what it runs and
/// from when, and the properties it sets along the way. Written by `apply` (animations,
/// behaviours, layouts, chains) and by handlers that run animations; read back, typed, by every
/// fold (``EventChange/Application``). Its stored text is ``JSONValueEncoder``'s canonical form,
/// so the log's bytes are those the catalog always wrote: a field that is nil is left out.
///
/// ```swift
/// let payload = ApplyPayload(component: "fade-in", version: "1.0.0", kind: .animation,
///                            animations: [.init(component: "fade-in", version: "1.0.0", parameters: [:], offset: 0)])
/// try payload.jsonValue().canonicalText
/// // {"animations":[{"component":"fade-in","offset":0,"parameters":{},"version":"1.0.0"}],"component":"fade-in","kind":"animation","version":"1.0.0"}
/// ```
package struct ApplyPayload: Codable, Sendable, Hashable {
    /// The component applied (a chain for its steps, a behaviour adopted by `on:`).
    package var component: String?
    package var version: String?
    package var kind: ApplicationKind?
    /// The scene time the animations start from (the event's time when absent).
    package var start: Double?
    /// Recorded under reduced motion (written only when true).
    package var reducedMotion: Bool?
    package var animations: [AnimationEntry]?
    package var sets: [SetEntry]?

    package init(
        component: String? = nil, version: String? = nil, kind: ApplicationKind? = nil, start: Double? = nil,
        reducedMotion: Bool = false, animations: [AnimationEntry]? = nil, sets: [SetEntry]? = nil
    ) {
        self.component = component
        self.version = version
        self.kind = kind
        self.start = start
        self.reducedMotion = reducedMotion ? true : nil
        self.animations = animations
        self.sets = sets
    }

    /// One animation the application runs, `offset` seconds after its start: a component version
    /// with its parameter values, or a body written inline in a chain step.
    package struct AnimationEntry: Codable, Sendable, Hashable {
        package var component: String?
        package var version: String?
        package var parameters: [String: JSONValue]?
        package var inline: JSONValue?
        package var offset: Double?
        /// The reference box `[W, H]` its `translate()` percentages resolved against (the
        /// object's size at the apply), written only for an animation that has them.
        package var box: JSONValue?
        /// The token sets its token references resolved against, `{"set": "version"}`, written
        /// only for an animation that has references.
        package var tokens: JSONValue?

        package init(component: String, version: String, parameters: [String: JSONValue], offset: Double) {
            self.component = component
            self.version = version
            self.parameters = parameters
            self.offset = offset
        }

        package init(inline body: JSONValue, offset: Double) {
            inline = body
            self.offset = offset
        }
    }

    /// A property a chain sets `offset` seconds after its start, its value as written.
    package struct SetEntry: Codable, Sendable, Hashable {
        package var property: String
        package var value: JSONValue
        package var offset: Double?

        package init(property: String, value: JSONValue, offset: Double) {
            self.property = property
            self.value = value
            self.offset = offset
        }
    }

    /// The payload as the log stores it.
    package func jsonValue() throws -> JSONValue { try JSONValueEncoder().encode(self) }
}

/// How a component was applied to an object.
///
/// ```swift
/// if case .apply(_, let application) = try event.change(), application.kind == .behaviour {
///     print(application.component ?? "inline")
/// }
/// ```
package enum ApplicationKind: String, Codable, Sendable, Hashable, CaseIterable {
    /// An animation that runs now.
    case animation
    /// An animation with `on:` handlers, adopted: its events run it.
    case behaviour
    /// A chain's steps for this object's roles.
    case chain
    /// A layout that set this object's frame.
    case layout
}
