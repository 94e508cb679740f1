/// The token sets a definition's references (`duration: "{motion.duration.moderate-01}"`)
/// resolve against while it is read: each set by name and version, so that what an `apply`
/// resolved is recorded and a replay resolves the same versions whatever changed since.
///
/// A reference goes where a duration, a delay or a timing function goes: a `duration` token
/// gives its time, a `cubicBezier` token its curve, a `transition` token the member the place
/// asks for (its duration where a duration goes, its delay where a delay goes, its timing
/// function where an easing goes). In the Web Animations body times are milliseconds, in the
/// Core Animation body seconds, as everywhere else.
///
/// ```swift
/// let binding = try catalog.tokens.binding()   // the newest version of every stored set
/// let export = try ComponentExport(definition: definition, target: .waapi, context: DefinitionContext(tokens: binding))
/// ```
public struct TokenBinding: Sendable, Hashable {
    /// The place a reference stands in, which decides what of a token it takes.
    package enum Place: Sendable, Hashable {
        /// Where a duration goes: a time.
        case duration
        /// Where a delay goes: a time.
        case delay
        /// Where an easing goes: a curve.
        case timingFunction
        /// A keyframe's value of a property of this kind: a colour, a number, a length.
        case value(AnimatableProperty.ValueKind)
    }

    /// The sets, by name: their version and content.
    package private(set) var sets: [String: (version: String, set: TokenSet)] = [:]

    /// Binds `sets` (name, version, content); a path two of them define is an error when used.
    package init(sets: [(name: String, version: String, set: TokenSet)]) {
        for (name, version, set) in sets { self.sets[name] = (version, set) }
    }

    /// The contexts chosen for the sets' modifiers (``choosing(_:)``); empty: each set as it was added.
    package private(set) var contexts: [String: String] = [:]
    /// Whether every token was changed (``perturbed()``), which the key says.
    private var isPerturbed = false

    mutating func markPerturbed(contexts: [String: String]) {
        isPerturbed = true
        self.contexts = contexts
    }

    /// The same sets, each set that has one of the modifiers of `contexts` (modifier → context,
    /// `["theme": "dark"]`) resolved in that context: what `--context` binds.
    ///
    /// ```swift
    /// let dark = try catalog.tokens.binding().choosing(["theme": "dark"])
    /// ```
    package func choosing(_ contexts: [String: String]) throws(DefinitionError) -> TokenBinding {
        guard !contexts.isEmpty, !isNominal else { return self }
        var chosen = self
        for (name, entry) in sets {
            chosen.sets[name] = (entry.version, try entry.set.inContexts(contexts, file: "\(name)@\(entry.version)"))
        }
        chosen.contexts = self.contexts.merging(contexts) { _, new in new }
        return chosen
    }

    /// The modifiers of the bound sets (from the resolvers they were added from), each with its
    /// contexts and the one the sets hold by default, by name.
    package var modifiers: [(name: String, contexts: [String], chosen: String)] {
        var found: [String: (contexts: Set<String>, chosen: String)] = [:]
        for (_, entry) in sets.sorted(by: { $0.key < $1.key }) {
            for modifier in entry.set.modifiers {
                found[modifier.name, default: ([], modifier.chosen)].contexts.formUnion(modifier.contexts)
            }
        }
        return found.keys.sorted().map { ($0, found[$0]!.contexts.sorted(), found[$0]!.chosen) }
    }

    /// Checks that each of `contexts` names a modifier of a bound set and one of its contexts.
    package func check(contexts: [String: String]) throws(TokenContextError) {
        let known = modifiers
        for (modifier, context) in contexts.sorted(by: { $0.key < $1.key }) {
            guard let found = known.first(where: { $0.name == modifier }) else {
                throw .unknownModifier(modifier, known: known.map(\.name))
            }
            guard found.contexts.contains(context) else { throw .unknownContext(context, modifier: modifier, known: found.contexts) }
        }
    }

    /// What validation reads a definition against: any reference is a nominal 100 ms time or a
    /// linear curve, so that the rest of the body is checked; whether each token exists is
    /// checked where the catalog's sets are known (`add`).
    package static let nominal = TokenBinding(nominal: true)
    private var isNominal = false
    private init(nominal: Bool) { isNominal = nominal }

    /// The set that defines `path`, or why none does (unknown, or defined by two sets).
    package func origin(of path: String) throws(TokenLookupError) -> (name: String, version: String) {
        let found = sets.filter { $0.value.set.token(Self.tokenPath(path, in: $0.value.set)) != nil }.sorted { $0.key < $1.key }
        guard let first = found.first else { throw .unknown(path, sets: sets.keys.sorted()) }
        guard found.count == 1 else { throw .ambiguous(path, sets: found.map(\.key)) }
        return (first.key, first.value.version)
    }

    /// The value `{path}` stands for at `place`: seconds for a time, the four control points for
    /// a timing function.
    package func value(of path: String, at place: Place) throws(TokenLookupError) -> [Double] {
        if isNominal { return place == .timingFunction ? [0, 0, 1, 1] : [0.1] }
        let (name, path, token, value) = try resolvedToken(path)
        do {
            switch (token.type, place) {
            case (.duration, .duration), (.duration, .delay):
                return [try TokenValueShape.seconds(value, file: name, path: path)]
            case (.cubicBezier, .timingFunction):
                return try TokenValueShape.bezier(value, file: name, path: path)
            case (.transition, .duration):
                return [try TokenValueShape.seconds(value["duration"] ?? .null, file: name, path: path)]
            case (.transition, .delay):
                return [try TokenValueShape.seconds(value["delay"] ?? .null, file: name, path: path)]
            case (.transition, .timingFunction):
                return try TokenValueShape.bezier(value["timingFunction"] ?? .null, file: name, path: path)
            default:
                throw TokenLookupError.wrongType(path, type: token.type, place: place)
            }
        } catch let error as TokenLookupError {
            throw error
        } catch {
            throw .invalid(path, reason: "\(error)")
        }
    }

    /// The CSS text `{path}` stands for as a keyframe's value of a property of `kind`: a `color`
    /// token's colour, a `number` token's number, a `dimension` token's length.
    ///
    /// ```swift
    /// try binding.text(of: "color.surface", for: .color)   // "rgb(18 18 18 / 1)"
    /// ```
    package func text(of path: String, for kind: AnimatableProperty.ValueKind) throws(TokenLookupError) -> String {
        if isNominal {
            // Validation without the catalog's sets: a value of the right kind, so the rest is checked.
            switch kind {
            case .color: return "transparent"
            case .length: return "0px"
            default: return "0"
            }
        }
        let (name, path, token, value) = try resolvedToken(path)
        do {
            switch (token.type, kind) {
            case (.color, .color): return try TokenValueShape.cssColor(value, file: name, path: path)
            case (.number, .number): return JSONValue.numberText(try TokenValueShape.number(value, file: name, path: path))
            case (.dimension, .length): return try TokenValueShape.cssLength(value, file: name, path: path)
            default: throw TokenLookupError.wrongType(path, type: token.type, place: .value(kind))
            }
        } catch let error as TokenLookupError {
            throw error
        } catch {
            throw .invalid(path, reason: "\(error)")
        }
    }

    /// The set that defines `{path}`, the token's own path there (a group's `$root`), the token
    /// and its value with every alias resolved.
    private func resolvedToken(_ path: String) throws(TokenLookupError) -> (set: String, path: String, token: DesignToken, value: JSONValue) {
        let (name, _) = try origin(of: path)
        let set = sets[name]!.set
        let path = Self.tokenPath(path, in: set)
        do { return (name, path, set.token(path)!, try set.resolved(path)) } catch { throw .invalid(path, reason: error.rule) }
    }

    /// The token at `path` as written (a group's `$root` for the group), if one set has it.
    package func token(_ path: String) -> DesignToken? {
        guard let (name, _) = try? origin(of: path), let set = sets[name]?.set else { return nil }
        return set.token(Self.tokenPath(path, in: set))
    }

    /// `path`, or its group's `$root` token when `path` names a group that has one
    /// (`{md.sys.motion.easing.standard}` is `md.sys.motion.easing.standard.$root`).
    static func tokenPath(_ path: String, in set: TokenSet) -> String {
        set.token(path) == nil && set.token(path + ".$root") != nil ? path + ".$root" : path
    }

    /// Bindings are equal when they bind the same sets at the same versions.
    public static func == (a: TokenBinding, b: TokenBinding) -> Bool {
        a.isNominal == b.isNominal && a.key == b.key
    }

    /// Hashes the sets and versions (``key``).
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }

    /// The sets and versions, as text: what keys what was compiled under this binding.
    package var key: String {
        isNominal
            ? "nominal"
            : sets.keys.sorted().map { "\($0)@\(sets[$0]!.version)" }.joined(separator: ",")
                + contexts.keys.sorted().map { ";\($0)=\(contexts[$0]!)" }.joined() + (isPerturbed ? ";perturbed" : "")
    }
}

extension TokenBinding.Place {
    /// What a token must give here, in a sentence.
    var noun: String {
        switch self {
        case .duration, .delay: "time"
        case .timingFunction: "timing function"
        case .value(.color): "colour (a color token)"
        case .value(.number): "number (a number token)"
        case .value(.length): "length (a dimension token)"
        case .value: "value the catalog can put in a keyframe (colors, numbers and dimensions can)"
        }
    }
}

/// Why a `--context MODIFIER=CONTEXT` does not apply to the catalog's token sets.
package enum TokenContextError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No set was added from a resolver with that modifier.
    case unknownModifier(String, known: [String])
    /// The modifier has no such context.
    case unknownContext(String, modifier: String, known: [String])

    /// The refusal, naming what there is.
    package var description: String {
        switch self {
        case .unknownModifier(let name, let known):
            "no token set has the modifier \(name)"
                + (known.isEmpty ? " (no set was added from a DTCG resolver document)" : " (the modifiers are \(known.joined(separator: ", ")))")
        case .unknownContext(let context, let modifier, let known):
            "the modifier \(modifier) has no context \(context) (it has \(known.joined(separator: ", ")))"
        }
    }
}

/// Why a token reference does not resolve.
package enum TokenLookupError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No set defines the path.
    case unknown(String, sets: [String])
    /// Two or more sets define it.
    case ambiguous(String, sets: [String])
    /// Its type has nothing for the place (a cubicBezier where a duration goes).
    case wrongType(String, type: TokenType, place: TokenBinding.Place)
    /// Its value does not resolve.
    case invalid(String, reason: String)

    /// The refusal, naming the token.
    package var description: String {
        switch self {
        case .unknown(let path, let sets):
            "{\(path)} is not a token of "
                + (sets.isEmpty ? "any token set (add one with catalog tokens add)" : "the token sets " + sets.joined(separator: ", "))
        case .ambiguous(let path, let sets): "{\(path)} is defined by the token sets \(sets.joined(separator: " and ")): rename one"
        case .wrongType(let path, let type, let place):
            "{\(path)} is a \(type.rawValue) token, which has no \(place.noun) for this place"
        case .invalid(let path, let reason): "{\(path)}: \(reason)"
        }
    }
}
