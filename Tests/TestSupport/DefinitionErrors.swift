import CatalogModel
import Testing

/// Expects `body` to be refused with a ``DefinitionError`` that names `file` and `path` exactly
/// and states a rule containing `rule` — the shape every bad-input test checks.
public func expectDefinitionError(
    file: String, path: String, rule: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) {
    #expect(sourceLocation: sourceLocation) {
        try body()
    } throws: { error in
        guard let error = error as? DefinitionError else { return false }
        return error.file == file && error.path == path && error.rule.contains(rule)
    }
}
