import ArgumentParser
import CatalogKit
import Foundation

/// The COMPONENT argument of `sample` and `export`: a definition file (or `-`) when one exists
/// at that path, otherwise `NAME[@VERSION]` from the catalog.
enum ComponentSource {
    /// The definition, the name errors use for its source, and the catalog when it was opened.
    static func load(_ component: String, global: GlobalOptions, kinds: Set<ComponentKind>, purpose: String, catalogOnly: Bool = false) throws
        -> (definition: ComponentDefinition, file: String, catalog: Catalog?)
    {
        if !catalogOnly, component == "-" || FileManager.default.fileExists(atPath: component) {
            let (definitions, errors) = DefinitionSource.load([component])
            guard errors.isEmpty else { throw DefinitionErrors(errors) }
            guard definitions.count == 1 else { throw CommandFailure("\(component): \(purpose) takes one definition, found \(definitions.count)", code: .wrongComponent) }
            try check(definitions[0].kind, name: component, kinds: kinds, purpose: purpose)
            return (definitions[0], component, nil)
        }
        let catalog = try global.open(forReading: true)
        guard let stored = try catalog.components.get(ComponentReference(component)) else {
            throw CommandFailure("no component or file named \(component): `catalog list` shows the catalog", code: .unknownComponent, fields: ["component": .string(component)])
        }
        try check(stored.kind, name: stored.name, kinds: kinds, purpose: purpose)
        return (try stored.decode(), "\(stored.name)@\(stored.version)", catalog)
    }

    private static func check(_ kind: ComponentKind, name: String, kinds: Set<ComponentKind>, purpose: String) throws {
        guard kinds.contains(kind) else {
            let takes = kinds.map(\.rawValue).sorted().map { $0 + "s" }.joined(separator: " and ")
            throw CommandFailure("\(name) is a \(kind.rawValue); \(purpose) takes \(takes)", code: .wrongComponent, fields: ["component": .string(name), "kind": .string(kind.rawValue)])
        }
    }
}

/// `-o FILE` of `export`, `plot` and `preview`: the text to the file, or to standard output.
enum OutputFile {
    static func write(_ text: String, to path: String?) throws {
        guard let path else {
            print(text, terminator: "")
            return
        }
        do { try text.write(toFile: path, atomically: true, encoding: .utf8) } catch {
            throw CommandFailure("cannot write \(path): \(error.localizedDescription)", code: .cannotWriteFile, fields: ["file": .string(path)])
        }
    }
}
