import Foundation

/// One component, validated: the envelope of docs/Definitions.md plus its kind-specific body.
///
/// The whole document is kept as ``document`` (a ``JSONValue``), so nothing the author wrote is
/// lost; ``canonicalJSON`` and ``contentHash`` identify the content for versioning.
///
/// ```swift
/// let definition = try ComponentDefinition(json: [
///     "name": "fade-in", "kind": "animation", "version": "1.0.0",
///     "keyframes": [["opacity": 0], ["opacity": 1]], "options": ["duration": 200],
/// ], file: "fade-in.json")
/// definition.contentHash   // 64 hex digits
/// ```
public struct ComponentDefinition: Sendable, Hashable {
    /// Unique in a catalog: `[a-z0-9][a-z0-9.-]*`.
    public var name: String
    /// Which body the definition has.
    public var kind: ComponentKind
    /// This version of the component; an update must be higher.
    public var version: SemanticVersion
    /// One line for people and for search.
    public var summary: String
    /// Words for search and `list --tag`.
    public var tags: [String]
    /// Properties a target must have (a protocol-style requirement, checked at apply time).
    public var requires: [String]
    /// Named inputs the body refers to as `"$name"`, with their types, defaults and limits.
    public var parameters: [String: ParameterSpec]
    /// The full document as written (after YAML/JSON decoding).
    public var document: JSONValue
    /// Names of other components this one uses (`component: NAME[@VERSION]` anywhere in the body,
    /// and a `reducedMotion:` component).
    public var references: [String]
    /// What the animation becomes under reduced motion; nil: it plays unchanged.
    public var reducedMotion: ReducedMotion?
    /// The body compiled with the default parameters, when validation compiled it.
    package var defaultBody = DefaultBody()
    private var importNotes = ImportNotes()

    /// What the stylesheet this definition came from set in a keyframe that a browser drops (a
    /// misspelt property, `display`, `!important`, …), one line each with its place: left out
    /// of the component as the browser leaves it out, and listed by `catalog validate`. Empty
    /// for every other source; it takes no part in equality.
    package var ignoredDeclarations: [String] {
        get { importNotes.lines }
        set { importNotes.lines = newValue }
    }

    /// Where the definition was fetched from (a registry item's URL), which its `component.add`
    /// event records; nil for a file. Like ``ignoredDeclarations``, not part of what it is.
    package var origin: String? {
        get { importNotes.origin }
        set { importNotes.origin = newValue }
    }

    /// `[a-z0-9][a-z0-9.-]*`, at most 100 characters.
    package static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.utf8.count <= 100 else { return false }
        func ok(_ c: Unicode.Scalar, extra: Bool) -> Bool {
            ("a"..."z").contains(c) || ("0"..."9").contains(c) || (extra && (c == "." || c == "-"))
        }
        return ok(first, extra: false) && name.unicodeScalars.allSatisfy { ok($0, extra: true) }
    }

    static let envelopeFields: Set<String> = ["name", "kind", "version", "summary", "tags", "requires", "parameters", "on", "reducedMotion"]
    static let bodyFields: Set<String> = ["animation", "keyframes", "options", "chain", "decorator", "layout", "tokens"]

    /// Validates a decoded document. `file` is only used to name the source in errors.
    public init(json document: JSONValue, file: String) throws(DefinitionError) {
        guard case .object(let members) = document else {
            throw DefinitionError(file: file, path: "", rule: "a definition must be a mapping, not \(document.typeName)")
        }
        let root = FieldPath()
        try Self.rejectNUL(in: document, path: root, file: file)
        try ParameterSpec.rejectUnknown(members, allowed: Self.envelopeFields.union(Self.bodyFields), file: file, path: root)

        func string(_ key: String, required: Bool) throws(DefinitionError) -> String? {
            guard let value = members[key] else {
                if required { throw DefinitionError(file: file, path: key, rule: "is required") }
                return nil
            }
            guard case .string(let text) = value else {
                throw DefinitionError(file: file, path: key, rule: "must be a string, not \(value.typeName)")
            }
            return text
        }
        func stringList(_ key: String) throws(DefinitionError) -> [String] {
            guard let value = members[key] else { return [] }
            guard case .array(let items) = value else {
                throw DefinitionError(file: file, path: key, rule: "must be a list of strings")
            }
            var result: [String] = []
            for (index, item) in items.enumerated() {
                guard case .string(let text) = item, !text.isEmpty else {
                    throw DefinitionError(
                        file: file, path: root.appending(key).appending(index: index).description,
                        rule: "must be a non-empty string")
                }
                result.append(text)
            }
            return result
        }

        let name = try string("name", required: true)!
        guard Self.isValidName(name) else {
            throw DefinitionError(file: file, path: "name", rule: "'\(name)' must match [a-z0-9][a-z0-9.-]* (at most 100 characters)")
        }
        let kindName = try string("kind", required: true)!
        guard let kind = ComponentKind(rawValue: kindName) else {
            throw DefinitionError(file: file, path: "kind", rule: "unknown kind '\(kindName)': use one of animation, chain, decorator, layout")
        }
        if case .number(let number) = members["version"] {
            throw DefinitionError(
                file: file, path: "version",
                rule: "\(JSONValue.numberText(number)) is not a semantic version MAJOR.MINOR.PATCH (write it as a string, e.g. \"1.0.0\")")
        }
        let versionText = try string("version", required: true)!
        guard let version = SemanticVersion(versionText) else {
            throw DefinitionError(file: file, path: "version", rule: "'\(versionText)' is not a semantic version MAJOR.MINOR.PATCH")
        }
        let summary = try string("summary", required: false) ?? ""
        let tags = try stringList("tags")
        let requires = try stringList("requires")

        var parameters: [String: ParameterSpec] = [:]
        if let rawParameters = members["parameters"] {
            guard case .object(let declared) = rawParameters else {
                throw DefinitionError(file: file, path: "parameters", rule: "must be a mapping of name to {type, default}")
            }
            for key in declared.keys.sorted() {
                let path = root.appending("parameters").appending(key)
                guard Self.isParameterName(key) else {
                    throw DefinitionError(file: file, path: path.description, rule: "a parameter name must match [A-Za-z_][A-Za-z0-9_]*")
                }
                parameters[key] = try ParameterSpec(json: declared[key]!, file: file, path: path)
            }
        }

        // Exactly one body, and only the kind's own.
        let present = Self.bodyFields.filter { members[$0] != nil }.sorted()
        if let foreign = present.first(where: { $0 != "options" && !kind.bodyFields.contains($0) }) {
            throw DefinitionError(file: file, path: foreign, rule: "is not a body of kind \(kind.rawValue): use \(kind.bodyFields.joined(separator: " or "))")
        }
        let bodies = kind.bodyFields.filter { members[$0] != nil }
        if bodies.count != 1 {
            let rule =
                bodies.isEmpty
                ? "a \(kind.rawValue) needs exactly one body: \(kind.bodyFields.joined(separator: " or "))"
                : "has both \(bodies.joined(separator: " and ")): a \(kind.rawValue) takes exactly one body"
            throw DefinitionError(file: file, path: bodies.count > 1 ? bodies[1] : "", rule: rule)
        }
        if members["options"] != nil, bodies != ["keyframes"] {
            throw DefinitionError(file: file, path: "options", rule: "only goes with a keyframes body")
        }
        let bodyField = bodies[0]
        let body = members[bodyField]!
        if bodyField == "keyframes" {
            guard case .array = body else {
                throw DefinitionError(file: file, path: "keyframes", rule: "must be a list of keyframes, not \(body.typeName)")
            }
        } else if case .object = body {
        } else {
            throw DefinitionError(file: file, path: bodyField, rule: "must be a mapping, not \(body.typeName)")
        }
        if let options = members["options"], options.objectValue == nil, options.numberValue == nil {
            throw DefinitionError(file: file, path: "options", rule: "must be a mapping of timing options or a duration in ms")
        }

        if members["on"] != nil, kind != .animation {
            throw DefinitionError(file: file, path: "on", rule: "only animations take on: handlers (a decorator has handlers:)")
        }

        // Every "$name" in the body must be a declared parameter; collect component references.
        var references: Set<String> = []
        for field in present + (members["on"] != nil ? ["on"] : []) where kind != .tokens {
            try Self.scanBody(
                members[field]!, path: root.appending(field), file: file, parameters: parameters,
                references: &references)
        }
        if kind == .chain, references.contains(name) {
            throw DefinitionError(file: file, path: "chain", rule: "runs itself (component: \(name)): a chain cannot contain itself")
        }
        var reducedMotion: ReducedMotion?
        if let raw = members["reducedMotion"] {
            guard kind == .animation else {
                throw DefinitionError(file: file, path: "reducedMotion", rule: "only animations take reducedMotion (a chain's steps use their own)")
            }
            reducedMotion = try ReducedMotion(json: raw, file: file, path: root.appending("reducedMotion"))
            if let target = reducedMotion?.componentName {
                guard target != name else { throw DefinitionError(file: file, path: "reducedMotion", rule: "names the component itself") }
                references.insert(target)
            }
        }
        references.remove(name)

        self.name = name
        self.kind = kind
        self.version = version
        self.summary = summary
        self.tags = tags
        self.requires = requires
        self.parameters = parameters
        self.document = document
        self.references = references.sorted()
        self.reducedMotion = reducedMotion

        // Every body must also import and make sense with its default
        // parameters: key times, easings, key paths, values, node types are checked now, not
        // when first used.
        // The compiled body is kept: evaluating with the defaults reads it, not the JSON again.
        // A body with `translate()` percentages is checked against a nominal box and not kept:
        // what it compiles to depends on the box of each use.
        let needsBox = ReferenceBox.isNeeded(by: .object(members.filter { Self.bodyFields.contains($0.key) }))
        // A body that references tokens is checked with nominal values; which tokens exist is
        // known where the catalog's token sets are (add), and the values per use.
        tokenReferences = TokenSubstitution.references(in: members)
        let compiled = try Self.compileBody(
            of: self, file: file, context: DefinitionContext(referenceBox: needsBox ? .nominal : nil, tokens: tokenReferences.isEmpty ? nil : .nominal))
        var kept = needsBox || !tokenReferences.isEmpty ? DefaultBody() : DefaultBody(compiled)
        kept.needsReferenceBox = needsBox
        defaultBody = kept
    }

    /// The token paths the body references (`"{motion.duration.moderate-01}"`), sorted.
    package private(set) var tokenReferences: [String] = []

    /// Whether evaluating the body needs a ``ReferenceBox`` (it writes a `translate()` percentage).
    package var needsReferenceBox: Bool { defaultBody.needsReferenceBox }

    private static func compileBody(of definition: ComponentDefinition, file: String, context: DefinitionContext) throws(DefinitionError) -> DefaultBody.Body {
        switch definition.kind {
        case .animation:
            _ = try AnimationHandlers(definition, file: file)
            return .animation(try AnimationDefinition(definition, file: file, context: context))
        case .layout: return .layout(try LayoutDefinition(definition, file: file, context: context))
        case .chain: return .chain(try ChainDefinition(definition, file: file, context: context))
        case .decorator: return .decorator(try DecoratorDefinition(definition, file: file, context: context))
        case .tokens: return .tokens(try TokenSet(json: definition.document["tokens"] ?? .null, file: file))
        }
    }

    static func isParameterName(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first else { return false }
        let letter: (Unicode.Scalar) -> Bool = { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || $0 == "_" }
        return letter(first) && key.unicodeScalars.allSatisfy { letter($0) || ("0"..."9").contains($0) }
    }

    private static func scanBody(
        _ value: JSONValue, path: FieldPath, file: String, parameters: [String: ParameterSpec],
        references: inout Set<String>
    ) throws(DefinitionError) {
        switch value {
        case .string(let text) where text.hasPrefix("$") && text.count > 1:
            let parameter = String(text.dropFirst())
            guard isParameterName(parameter) else { return }
            guard parameters[parameter] != nil else {
                let known = parameters.keys.sorted().joined(separator: ", ")
                throw DefinitionError(
                    file: file, path: path.description,
                    rule: "refers to undeclared parameter '\(parameter)'" + (known.isEmpty ? "" : " (declared: \(known))"))
            }
        case .array(let items):
            for (index, item) in items.enumerated() {
                try scanBody(item, path: path.appending(index: index), file: file, parameters: parameters, references: &references)
            }
        case .object(let members):
            for key in members.keys.sorted() {
                let child = path.appending(key)
                if key == "component" {
                    guard case .string(let reference) = members[key]! else {
                        throw DefinitionError(file: file, path: child.description, rule: "must be a component name, NAME or NAME@VERSION")
                    }
                    let target = String(reference.split(separator: "@", maxSplits: 1).first ?? "")
                    guard isValidName(target) else {
                        throw DefinitionError(file: file, path: child.description, rule: "'\(reference)' is not a component name")
                    }
                    references.insert(target)
                }
                try scanBody(members[key]!, path: child, file: file, parameters: parameters, references: &references)
            }
        default:
            break
        }
    }

    /// The stored form: sorted keys, no whitespace.
    public var canonicalJSON: String { document.canonicalText }

    /// SHA-256 of ``canonicalJSON``, lowercase hex. Equal content ⇔ equal hash.
    public var contentHash: String {
        ContentDigest.sha256Hex(Data(canonicalJSON.utf8))
    }
}

extension ComponentDefinition {
    /// No text in a definition may hold a NUL character: SQLite's C strings would cut it short
    /// in one column (the summary) while the JSON of the whole definition kept it, so it is
    /// refused where it enters rather than stored two ways.
    static func rejectNUL(in value: JSONValue, path: FieldPath, file: String) throws(DefinitionError) {
        switch value {
        case .string(let text) where text.utf8.contains(0):
            throw DefinitionError(file: file, path: path.description, rule: "must not contain a NUL character (\\u0000)")
        case .array(let items):
            for (index, item) in items.enumerated() { try rejectNUL(in: item, path: path.appending(index: index), file: file) }
        case .object(let members):
            for (key, member) in members {
                if key.utf8.contains(0) {
                    throw DefinitionError(file: file, path: path.description, rule: "a key must not contain a NUL character (\\u0000)")
                }
                try rejectNUL(in: member, path: path.appending(key), file: file)
            }
        default: break
        }
    }
}

/// Lines about how a definition was read, not part of what it is (see
/// ``ComponentDefinition/ignoredDeclarations``).
private struct ImportNotes: Sendable, Hashable {
    var lines: [String] = []
    var origin: String?

    static func == (a: ImportNotes, b: ImportNotes) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
