import CatalogModel
import Foundation

/// Where a definition file's format is recognised — the one place: a DTCG token file by its
/// name (`NAME.tokens.json`), a stylesheet by `.css`, a Lottie document by its shape (`layers`,
/// `fr`, `ip`, `op`); anything else is a definition in YAML or JSON (``DefinitionDecoder/decode(text:file:stored:)``).
///
/// ```swift
/// let definitions = try DefinitionDecoder.decodeAll(text: css, file: "animate.css")
/// ```
extension DefinitionDecoder {
    /// Every definition a file holds: one, or for a stylesheet library (``StylesheetLibrary``) one
    /// per `@keyframes`, read with `stylesheet`'s prefix and base rule; a DTCG file
    /// (`NAME.tokens.json`) is the token set `NAME`.
    public static func decodeAll(text: String, file: String, options: ImportOptions = ImportOptions())
        throws(DefinitionError) -> [ComponentDefinition]
    {
        if ComponentDefinition.isTokenFile(file) {
            // A DTCG file is a token set named after it (`catalog tokens add` also picks its version).
            try DefinitionLimits.check(size: text.utf8.count, file: file)
            return [
                try ComponentDefinition(
                    tokenFile: TokenSet.tokenTree(of: try parse(text: text, file: file)), name: ComponentDefinition.tokenSetName(file: file), file: file)
            ]
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
        let stylesheet = try StylesheetLibrary.Stylesheet(css: text, file: file)  // read once for both questions
        if stylesheet.keyframes.isEmpty {
            let tailwind = stylesheet.cascade.unknownAtRules.filter {
                ["theme", "utility", "custom-variant", "variant", "plugin", "apply", "tailwind", "source"].contains($0)
            }
            throw DefinitionError(
                file: file, path: "",
                rule: "has no @keyframes a browser would run"
                    + (tailwind.isEmpty
                        ? ""
                        : " (" + tailwind.map { "@" + $0 }.joined(separator: ", ")
                            + " are Tailwind source, not CSS a browser reads: import the stylesheet Tailwind builds from it)"))
        }
        guard stylesheet.isLibrary(options: options) else {
            guard options.stylesheet.base == nil else {
                throw DefinitionError(
                    file: file, path: "", rule: "a base rule goes with a library of animations; this stylesheet runs its @keyframes together as one component")
            }
            var definition = try CSSKeyframesImport.definition(css: text, file: file)
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
    private static func lottie(_ json: JSONValue, file: String, options: ImportOptions) throws(DefinitionError) -> [ComponentDefinition] {
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
}
