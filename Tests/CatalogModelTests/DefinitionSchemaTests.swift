import CatalogModel
import Foundation
import TestSupport
import Testing

/// `catalog schema` held to check-jsonschema, a validator this project did not write: the schema
/// is draft-07, it passes every definition `validate` accepts (the built-ins as written, seeded
/// definitions of both vocabularies, each kind with parameters and reduced motion), and it flags
/// the structural mistakes `validate` refuses — the share of refusals it flags is printed.
struct DefinitionSchemaTests {
    let folder = TemporaryFolder()

    private func write(_ text: String, _ name: String) throws -> String {
        let path = folder.file(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func schemaFile() throws -> String { try write(DefinitionSchema.document.prettyText, "definition.schema.json") }

    /// The files check-jsonschema flagged, from its JSON report.
    private func flagged(_ files: [String], schema: String) throws -> (flagged: Set<String>, report: String) {
        let (_, output) = try CheckJSONSchema.run(["-o", "json", "--schemafile", schema] + files)
        let report = try JSONReader.read(output)
        let unreadable = report["parse_errors"]?.arrayValue ?? []
        #expect(unreadable.isEmpty, "\(output)")
        let names = (report["errors"]?.arrayValue ?? []).compactMap { $0["filename"]?.stringValue }
        return (Set(names), output)
    }

    /// Hand-written definitions of the kinds the generator does not make, in the shapes the
    /// README and the built-ins use: parameters, handlers, reduced motion, each layout node.
    private static let handWritten: [String] = [
        #"{"name": "slide-up", "kind": "animation", "version": "2.1.0-beta.1+build.7", "summary": "Slide up", "tags": ["slide"], "requires": ["transform"], "parameters": {"distance": {"type": "number", "default": 40, "minimum": 0, "summary": "px"}, "duration": {"type": "number", "default": 0.3}}, "reducedMotion": {"fade": 0.2}, "animation": {"type": "basic", "keyPath": "transform.translation.y", "fromValue": "$distance", "toValue": 0, "duration": "$duration", "timingFunction": [0.2, 0, 0, 1]}}"#,
        #"{"name": "pulse-web", "kind": "animation", "version": "1.0.0", "reducedMotion": "none", "keyframes": [{"opacity": 1, "easing": "ease-in-out"}, {"opacity": 0.5}, {"opacity": 1}], "options": {"duration": 600, "iterations": "Infinity", "direction": "alternate", "fill": "both"}}"#,
        #"{"name": "wobble", "kind": "animation", "version": "1.0.0", "reducedMotion": "fade-in@1.0.0", "on": {"select": [{"run": {"component": "wobble"}}]}, "animation": {"type": "group", "duration": 1, "repeatCount": 2.5, "animations": [{"type": "spring", "keyPath": "transform.rotation.z", "toValue": 0.2, "mass": 1, "stiffness": 200, "damping": 12}, {"type": "keyframe", "keyPath": "opacity", "values": [1, 0.6, 1], "calculationMode": "cubic", "tensionValues": [0, 0.5, 0]}]}}"#,
        #"{"name": "intro", "kind": "chain", "version": "1.0.0", "parameters": {"step": {"type": "number", "default": 0.25}}, "chain": {"roles": ["image", "title", "badge"], "sequence": [{"animate": "image", "component": "fade-out", "parameters": {"duration": "$step"}}, {"concurrent": [{"animate": "title", "component": "fade-in"}, {"set": {"role": "badge", "property": "opacity", "value": 0}}]}, {"wait": 0.1}]}}"#,
        #"{"name": "badge", "kind": "decorator", "version": "1.0.0", "decorator": {"attachesTo": ["view", "label"], "properties": {"count": {"type": "number", "default": 0}}, "children": {"bubble": {"type": "label", "properties": {"text": "0"}}}, "overrides": [], "handlers": {"tap": [{"emit": {"effect": "openURL", "value": "https://swift.org"}}]}}}"#,
        #"{"name": "card-grid", "kind": "layout", "version": "1.0.0", "parameters": {"rect": {"type": "rect", "default": [0, 0, 320, 200]}}, "layout": {"decorating": {"content": {"inset": {"child": {"slot": "photo"}, "insets": [4, 4, 4, 4]}}, "decoration": {"stack": {"axis": "vertical", "spacing": 8, "children": [{"slot": "title"}, {"cascading": {"children": [{"slot": "a"}, {"slot": "b"}], "offset": [6, 6]}}]}}, "contentFraction": 0.4, "decorationSide": "leading"}}}"#,
        #"{"keyframes": [{"transform": "scale(1)"}, {"transform": "scale(0.8)", "offset": 0.4, "easing": "ease-out"}, {"transform": "scale(0.9)"}], "options": {"duration": 200, "fill": "forwards"}}"#
    ]

    /// The seeded definitions: both vocabularies, the same every run.
    private static func generated() -> [ComponentDefinition] {
        var generator = GeneratedDefinitions(seed: 0x5C4E_4A07)
        return (0..<60).flatMap { [generator.webDefinition(name: "web-\($0)"), generator.coreAnimationDefinition(name: "ca-\($0)")] }
    }

    @Test func theSchemaIsADraft07Schema() throws {
        let schema = try schemaFile()
        #expect(DefinitionSchema.document["$schema"]?.stringValue == "http://json-schema.org/draft-07/schema#")
        let (status, output) = try CheckJSONSchema.run(["--check-metaschema", schema])
        #expect(status == 0, "\(output)")
    }

    @Test func everyDefinitionValidateAcceptsPassesIt() throws {
        let schema = try schemaFile()
        var files: [String] = []
        for (_, kindFolder) in try BuiltInFiles.kindFolders() {
            // Token files are DTCG documents, not definition files (the set's definition wraps one).
            files += try FileManager.default.contentsOfDirectory(atPath: kindFolder.path).filter { !ComponentDefinition.isTokenFile($0) }
                .map { kindFolder.appending(path: $0).path }
        }
        #expect(files.count == (try BuiltInFiles.definitions()).filter { $0.kind != .tokens }.count)
        for (index, text) in Self.handWritten.enumerated() {
            _ = try DefinitionDecoder.decode(text: text, file: "hand-\(index).json")  // validate accepts it
            files.append(try write(text, "hand-\(index).json"))
        }
        for definition in Self.generated() {
            files.append(try write(definition.document.canonicalText, "\(definition.name).json"))
        }
        let (flagged, report) = try flagged(files, schema: schema)
        #expect(flagged.isEmpty, "the schema flags definitions validate accepts: \(report)")
    }

    /// Mistakes `validate` refuses. The structural ones — fields, required members, names,
    /// enumerations, a body of another kind — the schema flags every time; value rules it leaves
    /// to `validate` (the share it flags is printed).
    @Test func theSchemaFlagsTheStructuralMistakesValidateRefuses() throws {
        typealias Mutation = (name: String, structural: Bool, apply: ([String: JSONValue]) -> [String: JSONValue]?)
        func body(_ members: [String: JSONValue], _ change: (inout [String: JSONValue]) -> Void) -> [String: JSONValue]? {
            guard var animation = members["animation"]?.objectValue else { return nil }
            change(&animation)
            var changed = members
            changed["animation"] = .object(animation)
            return changed
        }
        func options(_ members: [String: JSONValue], _ change: (inout [String: JSONValue]) -> Void) -> [String: JSONValue]? {
            guard var options = members["options"]?.objectValue else { return nil }
            change(&options)
            var changed = members
            changed["options"] = .object(options)
            return changed
        }
        let mutations: [Mutation] = [
            (
                "misspelt envelope field", true,
                {
                    var m = $0; m["summery"] = "typo"; return m
                }
            ),
            (
                "no version", true,
                {
                    var m = $0; m["version"] = nil; return m
                }
            ),
            (
                "unknown kind", true,
                {
                    var m = $0; m["kind"] = "animations"; return m
                }
            ),
            (
                "name not in kebab case", true,
                {
                    var m = $0; m["name"] = "Fade In"; return m
                }
            ),
            (
                "version not semantic", true,
                {
                    var m = $0; m["version"] = "1.0"; return m
                }
            ),
            (
                "tags not a list", true,
                {
                    var m = $0; m["tags"] = "fade"; return m
                }
            ),
            (
                "a second body", true,
                {
                    var m = $0; m["layout"] = ["slot": "x"]; return m
                }
            ),
            (
                "a parameter name that is not one", true,
                {
                    var m = $0; m["parameters"] = ["1x": ["type": "number", "default": 1]]; return m
                }
            ),
            (
                "a parameter without a default", true,
                {
                    var m = $0; m["parameters"] = ["speed": ["type": "number"]]; return m
                }
            ),
            ("misspelt Core Animation field", true, { m in body(m) { $0["duraton"] = 1 } }),
            ("a field of another animation type", true, { m in m["animation"]?["type"] == "basic" ? body(m) { $0["values"] = [0, 1] } : nil }),
            ("unknown key path", true, { m in m["animation"]?["keyPath"] != nil ? body(m) { $0["keyPath"] = "transform.scal" } : nil }),
            ("unknown fill mode", true, { m in body(m) { $0["fillMode"] = "forward" } }),
            ("autoreverses not a boolean", true, { m in body(m) { $0["autoreverses"] = "yes" } }),
            ("misspelt timing option", true, { m in options(m) { $0["itterations"] = 2 } }),
            ("unknown direction", true, { m in options(m) { $0["direction"] = "backwards" } }),
            ("negative duration", true, { m in m["animation"] != nil ? body(m) { $0["duration"] = -1 } : options(m) { $0["duration"] = -5 } }),
            (
                "keyframe offsets out of order", false,
                { m in
                    guard var frames = m["keyframes"]?.arrayValue, frames.count >= 2, case .object(var first) = frames[0] else { return nil }
                    first["offset"] = 0.9
                    frames[0] = .object(first)
                    var changed = m
                    changed["keyframes"] = .array(frames)
                    return changed
                }
            ),
            ("a negative repeat count", false, { m in body(m) { $0["repeatCount"] = -1 } })
        ]
        let schema = try schemaFile()
        var files: [String] = [], expected: [String: (mutation: String, structural: Bool)] = [:]
        for (index, definition) in Self.generated().prefix(40).enumerated() {
            guard let members = definition.document.objectValue else { continue }
            for (number, mutation) in mutations.enumerated() {
                guard let changed = mutation.apply(members) else { continue }
                let text = JSONValue.object(changed).canonicalText
                let name = "refused-\(index)-\(number).json"
                // Only what validate refuses counts.
                guard (try? DefinitionDecoder.decode(text: text, file: name)) == nil else { continue }
                let path = try write(text, name)
                files.append(path)
                expected[path] = (mutation.name, mutation.structural)
            }
        }
        let (flagged, report) = try flagged(files, schema: schema)
        let missed = expected.filter { name, why in why.structural && !flagged.contains(name) }
        #expect(missed.isEmpty, "structural mistakes the schema let through: \(missed.values.map(\.mutation).sorted()) — \(report.prefix(2_000))")
        for mutation in mutations where expected.values.contains(where: { $0.mutation == mutation.name }) == false {
            Issue.record("no refused definition was made by \"\(mutation.name)\"")
        }
        let share = Double(flagged.count) / Double(max(files.count, 1))
        print("schema: flags \(flagged.count) of \(files.count) definitions validate refuses (\(Int((share * 100).rounded())) %)")
    }
}
