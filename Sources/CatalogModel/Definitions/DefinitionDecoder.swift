import Foundation
import Yams

/// Turns definition files (YAML or JSON text) into validated ``ComponentDefinition``s.
///
/// JSON is recognised by a `.json` extension or a leading `{`; everything else is YAML. A bare
/// Web Animations document — only `keyframes` and `options` — is accepted as an anonymous
/// animation named after its file (`fade.json` → `fade`, version 1.0.0). A `.css` file is CSS
/// `@keyframes` text (see ``CSSKeyframesImport``).
///
/// ```swift
/// let definition = try DefinitionDecoder.decode(text: yaml, file: "catalog/animations/pop.yaml")
/// ```
public enum DefinitionDecoder {
    /// Every definition a file holds: one, or for a stylesheet library (``StylesheetLibrary``) one
    /// per `@keyframes`, read with `stylesheet`'s prefix and base rule; a DTCG file
    /// (`NAME.tokens.json`) is the token set `NAME`.
    public static func decodeAll(text: String, file: String, stylesheet options: StylesheetLibrary.Options = StylesheetLibrary.Options())
        throws(DefinitionError) -> [ComponentDefinition]
    {
        if ComponentDefinition.isTokenFile(file) {
            // A DTCG file is a token set named after it (`catalog tokens add` also picks its version).
            try DefinitionLimits.check(size: text.utf8.count, file: file)
            return [try ComponentDefinition(tokenFile: TokenSet.tokenTree(of: try parse(text: text, file: file)), name: ComponentDefinition.tokenSetName(file: file), file: file)]
        }
        guard file.lowercased().hasSuffix(".css") else {
            let trimmed = text.drop(while: { $0.isWhitespace })
            if trimmed.first == "{", let json = try? JSONReader.read(text), LottieImport.isLottie(json) {
                try DefinitionLimits.check(size: text.utf8.count, file: file)
                return try lottie(json, file: file, options: options)
            }
            return [try decode(text: text, file: file)]
        }
        try DefinitionLimits.check(size: text.utf8.count, file: file)
        let stylesheet = try StylesheetLibrary.Stylesheet(css: text, file: file)   // read once for both questions
        if stylesheet.keyframes.isEmpty {
            let tailwind = stylesheet.cascade.unknownAtRules.filter { ["theme", "utility", "custom-variant", "variant", "plugin", "apply", "tailwind", "source"].contains($0) }
            throw DefinitionError(file: file, path: "", rule: "has no @keyframes a browser would run"
                + (tailwind.isEmpty ? "" : " (" + tailwind.map { "@" + $0 }.joined(separator: ", ")
                    + " are Tailwind source, not CSS a browser reads: import the stylesheet Tailwind builds from it)"))
        }
        guard stylesheet.isLibrary(options: options) else {
            guard options.base == nil else {
                throw DefinitionError(file: file, path: "", rule: "a base rule goes with a library of animations; this stylesheet runs its @keyframes together as one component")
            }
            var definition = try decode(text: text, file: file)
            // What plays under reduced motion (an export's `@media` rule), and the stand-ins it runs.
            let prefix = options.prefix.flatMap { $0.isEmpty ? nil : $0 }
            // The one component's name after the prefix, as a library's are.
            let name = prefix == nil ? definition.name : try StylesheetLibrary.componentName(definition.name, options: options, file: file, line: 1)
            let (reducedMotion, standIns) = try stylesheet.reducedMotionOfOne(name: name, options: options)
            if prefix != nil || reducedMotion != nil, case .object(var members) = definition.document {
                members["name"] = .string(name)
                if let reducedMotion { members["reducedMotion"] = reducedMotion }
                let ignored = definition.ignoredDeclarations
                definition = try ComponentDefinition(json: .object(members), file: file)
                definition.ignoredDeclarations = ignored
            }
            return try [definition] + standIns.map { (standIn) throws(DefinitionError) in try made(standIn, file: file) }
        }
        return try stylesheet.documents(options: options).map { (document) throws(DefinitionError) in try made(document, file: file) }
    }

    /// The definitions a Lottie document makes, named after its file (`Loading Spinner.json` →
    /// `loading-spinner`), with the layers it left out as their ignored parts.
    private static func lottie(_ json: JSONValue, file: String, options: StylesheetLibrary.Options) throws(DefinitionError) -> [ComponentDefinition] {
        let stem = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        let base = ComponentDefinition.isValidName(stem) ? stem : LottieImport.kebab(stem)
        guard !base.isEmpty else {
            throw DefinitionError(file: file, path: "", rule: "its file name gives no component name: rename the file (letters or digits)")
        }
        // After the prefix, as a stylesheet's names are.
        let name = try StylesheetLibrary.componentName(base, options: options, file: file, line: 1)
        let (documents, skipped) = try LottieImport.documents(json: json, file: file, name: name, skipUnsupported: options.skipUnsupported)
        return try documents.map { (document) throws(DefinitionError) in try made((document, skipped.map { "left out \($0)" }), file: file) }
    }

    /// A definition a stylesheet made, within the limits, with the declarations it left out.
    private static func made(_ made: (document: JSONValue, ignored: [String]), file: String) throws(DefinitionError) -> ComponentDefinition {
        try DefinitionLimits.check(made.document, file: file)
        var definition = try ComponentDefinition(json: made.document, file: file)
        definition.ignoredDeclarations = made.ignored
        return definition
    }

    /// Decodes and validates one definition, within ``DefinitionLimits``.
    /// - Parameter stored: the text of a version the store kept: it was within the limits when
    ///   it was added (perhaps under other limits), so only its validity is checked again.
    public static func decode(text: String, file: String, stored: Bool = false) throws(DefinitionError) -> ComponentDefinition {
        if !stored { try DefinitionLimits.check(size: text.utf8.count, file: file) }
        if file.lowercased().hasSuffix(".css") {
            var ignored: [String] = []
            let document = try CSSKeyframesImport.document(css: text, file: file, ignored: &ignored)
            if !stored { try DefinitionLimits.check(document, file: file) }
            var definition = try ComponentDefinition(json: document, file: file)
            definition.ignoredDeclarations = ignored
            return definition
        }
        var document = try parse(text: text, file: file)
        if !stored { try DefinitionLimits.check(document, file: file) }
        if case .object(var members) = document, members["name"] == nil, members["kind"] == nil,
            members["keyframes"] != nil, Set(members.keys).isSubset(of: ["keyframes", "options"])
        {
            let stem = ((file as NSString).lastPathComponent as NSString).deletingPathExtension.lowercased()
            guard ComponentDefinition.isValidName(stem) else {
                throw DefinitionError(file: file, path: "name", rule: "an anonymous animation is named after its file, but '\(stem)' does not match [a-z0-9][a-z0-9.-]*; add a name field")
            }
            members["name"] = .string(stem)
            members["kind"] = "animation"
            members["version"] = "1.0.0"
            document = .object(members)
        }
        return try ComponentDefinition(json: document, file: file)
    }

    /// Parses YAML or JSON text into a ``JSONValue`` without validating it.
    public static func parse(text: String, file: String) throws(DefinitionError) -> JSONValue {
        let trimmed = text.drop(while: { $0.isWhitespace })
        if file.lowercased().hasSuffix(".json") || trimmed.first == "{" || trimmed.first == "[" {
            do {
                return try JSONReader.read(text)
            } catch {
                throw DefinitionError(file: file, path: error.path, rule: error.isMalformed
                    ? "malformed JSON at line \(error.line), column \(error.column): \(error.message)"
                    : "\(error.message) (JSON line \(error.line), column \(error.column))")
            }
        }
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch {
            // libyaml stops at its own nesting limit and names a C function: say it as a rule.
            if "\(error)".contains("Maximum nesting level") {
                throw DefinitionError(file: file, path: "", rule: "nesting deeper than \(JSONReader.maximumDepth) levels")
            }
            throw DefinitionError(file: file, path: "", rule: "malformed YAML: \(error)")
        }
        guard let node else { throw DefinitionError(file: file, path: "", rule: "the file is empty") }
        return try convert(node, path: FieldPath(), depth: 0, file: file)
    }

    private static func convert(_ node: Node, path: FieldPath, depth: Int, file: String) throws(DefinitionError) -> JSONValue {
        if depth > JSONReader.maximumDepth {
            throw DefinitionError(file: file, path: "", rule: "nesting deeper than \(JSONReader.maximumDepth) levels")
        }
        switch node {
        case .scalar(let scalar):
            switch Tag.Name(rawValue: node.tag.rawValue) {
            case .null: return .null
            case .bool: return node.bool.map(JSONValue.bool) ?? .string(scalar.string)
            case .int: return node.int.map { .number(Double($0)) } ?? node.float.map(JSONValue.number) ?? .string(scalar.string)
            case .float: return node.float.map(JSONValue.number) ?? .string(scalar.string)
            default: return .string(scalar.string)
            }
        case .sequence(let sequence):
            var items: [JSONValue] = []
            for (index, item) in sequence.enumerated() {
                items.append(try convert(item, path: path.appending(index: index), depth: depth + 1, file: file))
            }
            return .array(items)
        case .mapping(let mapping):
            var members: [String: JSONValue] = [:]
            for (keyNode, valueNode) in mapping {
                guard case .scalar(let keyScalar) = keyNode else {
                    throw DefinitionError(file: file, path: path.description, rule: "mapping keys must be plain text")
                }
                let key = keyScalar.string
                let child = path.appending(key)
                guard members[key] == nil else {
                    throw DefinitionError(file: file, path: child.description, rule: "duplicate key")
                }
                members[key] = try convert(valueNode, path: child, depth: depth + 1, file: file)
            }
            return .object(members)
        case .alias:
            throw DefinitionError(file: file, path: path.description, rule: "YAML aliases are not supported")
        }
    }
}
