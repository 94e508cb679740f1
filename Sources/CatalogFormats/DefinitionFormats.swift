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
            var ignored: [String] = []
            var imported = try CSSKeyframesImport.imported(css: text, file: file, ignored: &ignored)
            // The one component's name after the prefix, as a library's are.
            if options.prefix.map({ !$0.isEmpty }) ?? false {
                imported.name = try StylesheetLibrary.componentName(imported.name, options: options, file: file, line: 1)
            }
            // What plays under reduced motion (an export's `@media` rule), and the stand-ins it runs.
            let (reducedMotion, standIns) = try stylesheet.reducedMotionOfOne(name: imported.name, options: options)
            imported.reducedMotion = reducedMotion
            return try ([(imported, ignored)] + standIns).map { (made) throws(DefinitionError) in try self.made(made, file: file) }
        }
        return try stylesheet.documents(options: options).map { (made) throws(DefinitionError) in try self.made(made, file: file) }
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
        let (definitions, skipped) = try LottieImport.definitions(json: json, file: file, name: name, skipUnsupported: options.skipUnsupported)
        return try definitions.map { (definition) throws(DefinitionError) in try made((definition, skipped.map { "left out \($0)" }), file: file) }
    }

    /// A definition an importer made, read as one within the limits, with what it left out.
    private static func made(_ made: (definition: ImportedDefinition, ignored: [String]), file: String) throws(DefinitionError) -> ComponentDefinition {
        let document = made.definition.document
        try DefinitionLimits.check(document, file: file)
        var definition = try ComponentDefinition(json: document, file: file)
        definition.ignoredDeclarations = made.ignored
        return definition
    }
}
