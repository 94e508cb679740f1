import CatalogModel
import Testing

struct DefinitionValidationTests {
    let valid = """
        name: pop
        kind: animation
        version: 1.0.0
        parameters:
          duration: {type: number, default: 0.3, minimum: 0}
        animation: {type: basic, keyPath: opacity, fromValue: 0, toValue: 1, duration: $duration}
        """

    func error(_ text: String, file: String = "def.yaml") -> DefinitionError? {
        do {
            _ = try DefinitionDecoder.decode(text: text, file: file)
            return nil
        } catch {
            return error
        }
    }

    @Test func acceptsAValidDefinition() throws {
        let definition = try DefinitionDecoder.decode(text: valid, file: "pop.yaml")
        #expect(definition.name == "pop")
        #expect(definition.kind == .animation)
        #expect(definition.parameters["duration"]?.defaultValue == .number(0.3))
    }

    @Test(arguments: [
        ("name: Pop", "name", "must match"),
        ("kind: motion", "kind", "unknown kind"),
        ("version: 1.0", "version", "semantic version"),
        ("colour: red", "colour", "unknown field"),
        ("parameters: {duration: {type: number, default: fast}}", "parameters.duration.default", "must be a number"),
        ("parameters: {duration: {type: speed, default: 1}}", "parameters.duration.type", "unknown type"),
        ("parameters: {duration: {type: number, default: -1, minimum: 0}}", "parameters.duration.default", "minimum"),
        ("parameters: {duration: {type: number}}", "parameters.duration.default", "is required"),
        ("chain: {sequence: []}", "chain", "is not a body of kind animation"),
        ("keyframes: [{opacity: 0}]", "keyframes", "exactly one body"),
        ("tags: [fade, 3, '']", "tags[1]", "non-empty string")
    ])
    func namesFieldPathAndRule(change: String, path: String, rule: String) throws {
        // Replace or add the field the case is about.
        let key = String(change.prefix { $0 != ":" })
        var lines = valid.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if key == "parameters" {
            lines.removeAll { $0.hasPrefix("parameters:") || $0.hasPrefix("  duration:") }
            lines = lines.map { $0.replacingOccurrences(of: "duration: $duration", with: "duration: 0.3") }
        }
        lines.removeAll { $0.hasPrefix(key + ":") }
        lines.append(change)
        let failure = try #require(error(lines.joined(separator: "\n"), file: "defs/pop.yaml"))
        #expect(failure.file == "defs/pop.yaml")
        #expect(failure.path == path)
        #expect(failure.rule.contains(rule), "\(failure)")
    }

    @Test func refusesUndeclaredParameterReferences() throws {
        let failure = try #require(error(valid.replacingOccurrences(of: "duration: $duration", with: "duration: $length")))
        #expect(failure.path == "animation.duration")
        #expect(failure.rule.contains("undeclared parameter 'length'"))
    }

    @Test func refusesMalformedYAMLAndJSON() throws {
        let yaml = try #require(error("name: [unclosed", file: "bad.yaml"))
        #expect(yaml.file == "bad.yaml" && yaml.rule.hasPrefix("malformed YAML"))
        let json = try #require(error("{\"name\": \"x\"", file: "bad.json"))
        #expect(json.file == "bad.json" && json.rule.hasPrefix("malformed JSON"))
        let duplicate = try #require(error("name: a\nname: b\n"))
        #expect(duplicate.rule.contains("duplicate"), "\(duplicate)")
    }

    @Test func yamlAndJSONOfTheSameContentHashEqually() throws {
        let json = """
            {"version": "1.0.0", "kind": "animation", "name": "pop",
             "parameters": {"duration": {"minimum": 0, "default": 0.3, "type": "number"}},
             "animation": {"toValue": 1, "duration": "$duration", "type": "basic", "keyPath": "opacity", "fromValue": 0}}
            """
        let fromYAML = try DefinitionDecoder.decode(text: valid, file: "pop.yaml")
        let fromJSON = try DefinitionDecoder.decode(text: json, file: "pop.json")
        #expect(fromYAML.canonicalJSON == fromJSON.canonicalJSON)
        #expect(fromYAML.contentHash == fromJSON.contentHash)
        let changed = try DefinitionDecoder.decode(text: valid.replacingOccurrences(of: "toValue: 1", with: "toValue: 0.9"), file: "pop.yaml")
        #expect(changed.contentHash != fromYAML.contentHash)
    }

    @Test func bareWebAnimationFileIsAnAnonymousAnimationNamedAfterTheFile() throws {
        let definition = try DefinitionDecoder.decode(
            text: #"{"keyframes": [{"opacity": 0}, {"opacity": 1}], "options": {"duration": 200}}"#, file: "dir/Fade-Up.json")
        #expect(definition.name == "fade-up")
        #expect(definition.kind == .animation)
        #expect(definition.version == SemanticVersion("1.0.0"))
    }

    @Test func collectsComponentReferences() throws {
        let chain = try DefinitionDecoder.decode(
            text: """
                name: intro
                kind: chain
                version: 1.0.0
                chain:
                  roles: [image, headline, content]
                  sequence:
                    - {animate: image, component: fade-out}
                    - concurrent: [{animate: headline, component: fade-in@1.0.0}, {animate: content, component: fade-in}]
                """, file: "intro.yaml")
        #expect(chain.references == ["fade-in", "fade-out"])
    }
}

/// Error messages quote at most an excerpt of what they were given.
struct ErrorExcerptTests {
    @Test func aHugeDocumentIsNotEchoedWhole() {
        let lines = ["name: big", "kind: animation", "version: 1.0.0"] + (0..<50_000).map { "k\($0): " + String(repeating: "v", count: 100) } + ["name: again"]
        let text = lines.joined(separator: "\n")  // about 5 MB, with a duplicate key at the end
        #expect(text.utf8.count > 5_000_000)
        // The parser's own message quotes the document: cut to an excerpt.
        #expect {
            _ = try DefinitionDecoder.parse(text: text, file: "big.yaml")
        } throws: { error in
            let description = "\(error)"
            return description.hasPrefix("big.yaml: ") && description.contains("duplicated") && description.count < 600
                && description.contains("more characters)")
        }
        // Where a definition enters, a text that size is refused by its size before it is parsed.
        #expect {
            _ = try DefinitionDecoder.decode(text: text, file: "big.yaml")
        } throws: { error in
            "\(error)" == "big.yaml: the file is \(text.utf8.count) bytes: a definition is at most 1048576 bytes (1 MiB)"
        }
    }
}
