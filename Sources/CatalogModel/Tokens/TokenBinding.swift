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
    }

    /// The sets, by name: their version and content.
    package private(set) var sets: [String: (version: String, set: TokenSet)] = [:]

    /// Binds `sets` (name, version, content); a path two of them define is an error when used.
    package init(sets: [(name: String, version: String, set: TokenSet)]) {
        for (name, version, set) in sets { self.sets[name] = (version, set) }
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
        let (name, _) = try origin(of: path)
        let set = sets[name]!.set
        let path = Self.tokenPath(path, in: set)
        let token = set.token(path)!
        let value: JSONValue
        do { value = try set.resolved(path) } catch { throw .invalid(path, reason: error.rule) }
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
        isNominal ? "nominal" : sets.keys.sorted().map { "\($0)@\(sets[$0]!.version)" }.joined(separator: ",")
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
            "{\(path)} is a \(type.rawValue) token, which has no \(place == .timingFunction ? "timing function" : "time") for this place"
        case .invalid(let path, let reason): "{\(path)}: \(reason)"
        }
    }
}
