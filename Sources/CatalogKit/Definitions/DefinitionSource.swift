import CatalogEngine
import CatalogModel
import Foundation

/// Reads definitions from files, folders (recursively: `.yaml`, `.yml`, `.json`, `.css`) and `-`
/// (standard input), collecting every error instead of stopping at the first.
///
/// ```swift
/// let (definitions, errors) = DefinitionSource.load(["catalog/", "extra.yaml"])
/// ```
package enum DefinitionSource {
    /// The file extensions read as definitions (YAML, JSON, CSS `@keyframes`, packed Lottie files).
    package static let extensions: Set<String> = ["yaml", "yml", "json", "css", "tgs", "lottie"]

    /// Expands folders into the definition files under them, sorted; files are kept as given.
    package static func expand(_ paths: [String]) -> (files: [String], errors: [DefinitionError]) {
        var files: [String] = []
        var errors: [DefinitionError] = []
        for path in paths {
            if path == "-" {
                files.append(path)
                continue
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                errors.append(DefinitionError(file: path, path: "", rule: "no such file or folder"))
                continue
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let base = URL(fileURLWithPath: path)
            let found = (FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
                .filter { extensions.contains($0.pathExtension.lowercased()) }
                .map { base.path == "/" ? $0.path : path + String($0.standardizedFileURL.path.dropFirst(base.standardizedFileURL.path.count)) }
                .sorted()
            if found.isEmpty {
                errors.append(DefinitionError(file: path, path: "", rule: "the folder holds no .yaml, .yml, .json or .css file"))
            }
            files += found
        }
        return (files, errors)
    }

    /// Standard input up to one byte past ``DefinitionLimits/maximumBytes``: enough to refuse
    /// a definition that is too big without holding all of it.
    package static func boundedStandardInput() -> Data {
        var data = Data()
        while data.count <= DefinitionLimits.maximumBytes,
            let chunk = try? FileHandle.standardInput.read(upToCount: DefinitionLimits.maximumBytes + 1 - data.count), !chunk.isEmpty
        {
            data.append(chunk)
        }
        return data
    }

    /// An animation whose end, with its default parameters, lies beyond
    /// ``NumericLimits/maximumTime`` (`speed: 1e-300`, a huge repeat count over a long duration)
    /// is refused where it enters: `sample` and `replay` would otherwise be asked for times the
    /// limits refuse. Endless repeats are fine.
    package static func checkEnd(of definition: ComponentDefinition, file: String) throws(DefinitionError) {
        guard definition.kind == .animation, case .animation(let animation)? = definition.defaultBody.body else { return }
        if let problem = Catalog.endProblem(of: RunningAnimation(animation, start: 0, reducedMotion: definition.reducedMotion)) {
            throw DefinitionError(file: file, path: definition.document["animation"] != nil ? "animation" : "options", rule: problem)
        }
    }

    /// Reads and validates every definition; also refuses two definitions of one name.
    /// - Parameter options: how the files are read (a prefix for names, leaving out what cannot play, a stylesheet's base rule).
    package static func load(
        _ paths: [String], options: ImportOptions = ImportOptions(),
        standardInput: () -> Data = { boundedStandardInput() }
    )
        -> (definitions: [ComponentDefinition], errors: [DefinitionError])
    {
        let (files, expandErrors) = expand(paths)
        var errors = expandErrors
        var definitions: [ComponentDefinition] = []
        var seen: [String: String] = [:]
        for file in files {
            let data: Data
            if file == "-" {
                data = standardInput()
            } else if let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int, size > DefinitionLimits.maximumBytes {
                // Refused by its size before it is read.
                do { try DefinitionLimits.check(size: size, file: file) } catch { errors.append(error) }
                continue
            } else if let contents = FileManager.default.contents(atPath: file) {
                data = contents
            } else {
                errors.append(DefinitionError(file: file, path: "", rule: "cannot be read"))
                continue
            }
            let texts: [(file: String, text: String)]
            do { texts = try Self.texts(of: data, file: file) } catch { errors.append(error); continue }
            for (file, text) in texts {
                let decoded: [ComponentDefinition]
                do { decoded = try DefinitionDecoder.decodeAll(text: text, file: file, options: options) } catch { errors.append(error); continue }
                for definition in decoded {
                    do { try checkEnd(of: definition, file: file) } catch { errors.append(error); continue }
                    if let other = seen[definition.name] {
                        errors.append(DefinitionError(file: file, path: "name", rule: "'\(definition.name)' is also defined in \(other)"))
                        continue
                    }
                    seen[definition.name] = file
                    definitions.append(definition)
                }
            }
        }
        return (definitions, errors)
    }

    /// The documents a file's bytes hold: a dotLottie or a `.tgs` holds Lottie documents, packed;
    /// any other file is one UTF-8 text.
    private static func texts(of data: Data, file: String) throws(DefinitionError) -> [(file: String, text: String)] {
        if let packed = try LottieContainers.documents(data, file: file) { return packed }
        guard let text = String(data: data, encoding: .utf8) else { throw DefinitionError(file: file, path: "", rule: "is not UTF-8 text") }
        return [(file, text)]
    }
}
