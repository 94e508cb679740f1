import CatalogModel

/// A definition an importer made — from a stylesheet, a library's rule or a Lottie document —
/// as typed values. ``document`` writes it as a definition document, the one place an importer's
/// envelope (`name`, `kind`, `version`, the body, `reducedMotion`) is spelt.
///
/// ```swift
/// let fade = ImportedDefinition(
///     name: "fade",
///     body: .web(keyframes: [.init(offset: 0, easing: "ease", values: ["opacity": "0"]),
///                            .init(offset: 1, easing: "ease", values: ["opacity": "1"])],
///                timing: .init(duration: 250, fill: "both")))
/// fade.document.canonicalText
/// // {"keyframes":[{"easing":"ease","offset":0,"opacity":"0"},…],"kind":"animation","name":"fade",
/// //  "options":{"duration":250,"fill":"both"},"version":"1.0.0"}
/// ```
package struct ImportedDefinition: Sendable, Hashable {
    /// A keyframe of the Web Animations body.
    package struct Keyframe: Sendable, Hashable {
        /// Where in the iteration, from 0 to 1.
        package var offset: Double
        /// The timing function of the interval the keyframe starts (CSS text).
        package var easing: String
        /// CSS value text by camelCase property (`opacity`, `transform`, `backgroundColor`).
        package var values: [String: String]
        /// Neutral values added to the underlying value (`animation-composition: add`): the
        /// underlying value at this keyframe's easing.
        package var adds: Bool

        package init(offset: Double, easing: String, values: [String: String] = [:], adds: Bool = false) {
            self.offset = offset
            self.easing = easing
            self.values = values
            self.adds = adds
        }

        var json: JSONValue {
            var members = values.mapValues(JSONValue.string)
            members["offset"] = .number(offset)
            members["easing"] = .string(easing)
            if adds { members["composite"] = "add" }
            return .object(members)
        }
    }

    /// The options of the Web Animations body, as `Element.animate()` takes them (times in
    /// milliseconds); what is nil is left out, taking the body's default.
    package struct Timing: Sendable, Hashable {
        package var duration: Double?
        package var delay: Double?
        /// `.infinity` for `infinite`.
        package var iterations: Double?
        package var direction: String?
        package var fill: String?

        package init(duration: Double? = nil, delay: Double? = nil, iterations: Double? = nil, direction: String? = nil, fill: String? = nil) {
            self.duration = duration
            self.delay = delay
            self.iterations = iterations
            self.direction = direction
            self.fill = fill
        }

        var json: JSONValue {
            var members: [String: JSONValue] = [:]
            if let duration { members["duration"] = .number(duration) }
            if let delay { members["delay"] = .number(delay) }
            // JSON has no infinity: the body writes it as the Web API prints it.
            if let iterations { members["iterations"] = iterations.isInfinite ? "Infinity" : .number(iterations) }
            if let direction { members["direction"] = .string(direction) }
            if let fill { members["fill"] = .string(fill) }
            return .object(members)
        }
    }

    /// A step of a chain whose steps all start together: a role and the Core Animation body it plays.
    package struct ConcurrentStep: Sendable, Hashable {
        package var role: String
        package var animation: JSONValue

        package init(role: String, animation: JSONValue) {
            self.role = role
            self.animation = animation
        }
    }

    /// What the definition plays.
    package enum Body: Sendable, Hashable {
        /// An animation with a Web Animations body: keyframes and their options.
        case web(keyframes: [Keyframe], timing: Timing)
        /// An animation with a Core Animation body (`animation:`).
        case coreAnimation(JSONValue)
        /// A chain whose roles all start together, each playing its own body.
        case concurrentChain([ConcurrentStep])
    }

    /// The component's name (kebab case).
    package var name: String
    /// Its version: an import makes the first.
    package var version = "1.0.0"
    package var body: Body
    /// What plays when the viewer prefers reduced motion, as `reducedMotion:` writes it: a policy
    /// (`removed`, `none`, `{shorten: …}`) or a stand-in component's name; nil plays it as it is.
    package var reducedMotion: JSONValue?

    package init(name: String, body: Body, reducedMotion: JSONValue? = nil) {
        self.name = name
        self.body = body
        self.reducedMotion = reducedMotion
    }

    /// The definition document, as `catalog add` reads one.
    package var document: JSONValue {
        var members: [String: JSONValue] = ["name": .string(name), "version": .string(version)]
        switch body {
        case .web(let keyframes, let timing):
            members["kind"] = "animation"
            members["keyframes"] = .array(keyframes.map(\.json))
            members["options"] = timing.json
        case .coreAnimation(let animation):
            members["kind"] = "animation"
            members["animation"] = animation
        case .concurrentChain(let steps):
            members["kind"] = "chain"
            members["chain"] = [
                "roles": .array(steps.map { .string($0.role) }),
                "concurrent": .array(steps.map { ["animate": .string($0.role), "animation": $0.animation] })
            ]
        }
        if let reducedMotion { members["reducedMotion"] = reducedMotion }
        return .object(members)
    }
}
