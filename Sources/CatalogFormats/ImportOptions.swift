import CatalogModel

/// How a file is read into definitions, whatever its format, with what one format alone takes
/// beside it.
///
/// ```swift
/// let options = ImportOptions(prefix: "anim", skipUnsupported: true, stylesheet: .init(base: ".animated"))
/// let definitions = try DefinitionDecoder.decodeAll(text: css, file: "animate.css", options: options)
/// ```
public struct ImportOptions: Sendable, Hashable {
    /// Put before every component's name (`--prefix anim` → `anim-bounce-in`); joined with a `-`
    /// unless it ends with `-` or `.`.
    public var prefix: String?
    /// Leave out what the catalog cannot play — a stylesheet's `@keyframes`, a Lottie document's
    /// layers — listed as the definitions' ignored parts, instead of refusing the file.
    public var skipUnsupported: Bool
    /// What a stylesheet library is read with.
    public var stylesheet: StylesheetLibrary.Options

    /// Options as `catalog add` takes them.
    public init(prefix: String? = nil, skipUnsupported: Bool = false, stylesheet: StylesheetLibrary.Options = StylesheetLibrary.Options()) {
        self.prefix = prefix
        self.skipUnsupported = skipUnsupported
        self.stylesheet = stylesheet
    }
}
