import CatalogModel
import Foundation

/// A scenario file and the catalog it plays against: what `scenario run` and `scenario page`
/// read. Its `components` are definition files beside it or names in the catalog.
///
/// ```swift
/// let file = try ScenarioFile(path: "typing.scenario.yaml")
/// let run = try file.run(components: catalog)
/// ```
package struct ScenarioFile: Sendable {
    package var path: String
    package var scenario: Scenario

    /// Reads and checks the file (errors name it, the field path and the rule).
    package init(path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DefinitionError(file: path, path: "", rule: "cannot be read")
        }
        try DefinitionLimits.check(size: data.count, file: path)
        guard let text = String(data: data, encoding: .utf8) else { throw DefinitionError(file: path, path: "", rule: "is not UTF-8 text") }
        try self.init(text: text, path: path)
    }

    /// A scenario's text, read as the file at `path` (which names it in errors and is where its
    /// definition files are looked for).
    package init(text: String, path: String) throws {
        self.path = path
        scenario = try Scenario(text: text, file: path)
    }

    /// The definitions its `components` name as files beside it; a name that is neither a
    /// file there nor a component of `catalog` is refused, naming the entry.
    package func definitions(in catalog: Catalog) throws -> [ComponentDefinition] {
        let folder = (path as NSString).deletingLastPathComponent
        var files: [String] = []
        for (index, entry) in scenario.components.enumerated() {
            let file = entry.hasPrefix("/") ? entry : (folder as NSString).appendingPathComponent(entry)
            if FileManager.default.fileExists(atPath: file) {
                files.append(file)
            } else if try catalog.components.get(ComponentReference(entry)) == nil {
                throw DefinitionError(
                    file: path, path: "components[\(index)]",
                    rule: "\(entry) is neither a definition file beside the scenario nor a component in the catalog")
            }
        }
        guard !files.isEmpty else { return [] }
        let (definitions, errors) = DefinitionSource.load(files)
        if !errors.isEmpty { throw DefinitionErrors(errors) }
        return definitions
    }

    /// Plays the scenario through the engine on a scratch copy of `components` (nothing is
    /// written there), its own definition files added to the copy.
    package func run(components source: Catalog, reducedMotion: Bool = false) throws -> ScenarioRun {
        try withScratch(of: source) { scratch in try play(on: scratch, reducedMotion: reducedMotion) }
    }

    /// `body` with a scratch copy of `source` holding the scenario's definition files too,
    /// removed afterwards.
    package func withScratch<T>(of source: Catalog, _ body: (Catalog) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("catalog-scenario-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scratch = try Catalog.scratchCopy(of: source, at: folder + "/scratch.sqlite")
        let own = try definitions(in: scratch)
        if !own.isEmpty { try scratch.components.add(own) }
        return try body(scratch)
    }

    /// Plays on a catalog that already holds the components; a step the engine refuses is
    /// named by its field path.
    package func play(on scratch: Catalog, reducedMotion: Bool = false) throws -> ScenarioRun {
        do {
            return try scratch.play(scenario, reducedMotion: reducedMotion)
        } catch let failure as ScenarioStepFailure {
            throw DefinitionError(file: path, path: failure.path, rule: "\(failure.underlying)")
        }
    }
}

/// A step (or an object's properties) the engine refused, with where the scenario says it.
struct ScenarioStepFailure: Error {
    var path: String
    var underlying: any Error
}
