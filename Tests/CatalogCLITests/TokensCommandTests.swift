import CatalogKit
import Foundation
import TestSupport
import Testing

/// `catalog tokens …` and token references, from the command line: a DTCG file comes in,
/// lists, shows and exports (valid DTCG by the format's own rules, and CSS custom properties);
/// a broken file is refused naming the path; a definition's references resolve, an `apply`
/// records the set versions, and a replay after a token changed reproduces what ran.
struct TokensCommandTests {
    let folder = TemporaryFolder()
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appending(path: "../TestSupport/Fixtures/tokens/motion.tokens.json").standardized.path

    func run(_ arguments: [String], _ environment: [String: String], status: Int32 = 0) throws -> CLI.Result {
        let result = try CLI.run(arguments, environment: environment)
        #expect(result.status == status, "\(arguments): \(result.stderr)")
        return result
    }

    @Test func aTokenFileComesInListsShowsAndExportsAsValidDTCG() throws {
        let environment = ["CATALOG_DB": folder.file("c.sqlite")]
        #expect(try run(["tokens", "add", Self.fixture], environment).stdout == "added token set motion 1.0.0\n")
        #expect(try run(["tokens", "add", Self.fixture], environment).stdout == "unchanged token set motion 1.0.0 (identical tokens already stored)\n")
        // Token sets are not components to list or search; they list as their kind.
        func names(_ arguments: [String]) throws -> [String] {
            (try JSONReader.read(try run(arguments, environment).stdout).arrayValue ?? []).compactMap { $0["name"]?.stringValue }
        }
        #expect(try !names(["list", "--format", "json"]).contains("motion"))
        #expect(try names(["list", "--kind", "tokens", "--format", "json"]) == ["carbon", "material3", "motion"])

        let listed = try JSONReader.read(try run(["tokens", "list", "--set", "motion", "--format", "json"], environment).stdout).arrayValue ?? []
        let byPath = Dictionary(uniqueKeysWithValues: listed.map { ($0["path"]!.stringValue!, $0) })
        #expect(
            byPath["motion.transition.enter"]?["resolved"] == [
                "duration": ["value": 150, "unit": "ms"], "delay": ["value": 20, "unit": "ms"], "timingFunction": [0, 0, 0.38, 0.9]
            ])
        #expect(byPath["motion.easing.standard"]?["resolved"] == [0, 0, 0.38, 0.9])
        #expect(byPath["brand.primary"]?["type"] == "color")

        let shown = try JSONReader.read(try run(["tokens", "show", "{motion.duration.slow-01}", "--format", "json"], environment).stdout)
        #expect(
            shown["deprecated"] == "use moderate-02" && shown["value"] == "{motion.duration.moderate-02}" && shown["resolved"] == ["value": 0.24, "unit": "s"])

        let css = try run(["tokens", "export", "--format", "css", "--set", "motion"], environment).stdout
        #expect(css.contains("  --motion-transition-enter: 150ms cubic-bezier(0, 0, 0.38, 0.9) 20ms;\n"))
        #expect(css.contains("  --motion-duration: 200ms;\n"))  // the group's $root token

        // Every token set at once, as one DTCG document: valid by the format's rules, and read
        // back it resolves every token as the sets do.
        let exported = try JSONReader.read(try run(["tokens", "export"], environment).stdout)
        #expect(DTCGRules.problems(exported).isEmpty, "\(DTCGRules.problems(exported))")
        let again = try TokenSet(json: exported, file: "exported.tokens.json")
        for token in listed {
            let path = token["path"]!.stringValue!
            #expect(try again.resolved(path) == token["resolved"], "\(path)")
        }
        #expect(again.token("md.sys.motion.duration.medium2") != nil && again.token("carbon.motion.exit.productive") != nil)
    }

    @Test(arguments: [
        (#"{"m": {"$type": "duration", "a": {"$value": "{m.b}"}, "b": {"$value": "{m.a}"}}}"#, "m.a", "cycle"),
        (#"{"m": {"$type": "duration", "a": {"$value": "{m.nothing}"}}}"#, "m.a", "which no file given with it nor any token set of the catalog has"),
        (#"{"m": {"$type": "cubicBezier", "a": {"$value": [0, 0, 2, 1]}}}"#, "m.a", "x1 and x2 are from 0 to 1")
    ])
    func aBrokenTokenFileIsRefusedNamingThePathAndNothingChanges(json: String, path: String, rule: String) throws {
        let environment = ["CATALOG_DB": folder.file("c.sqlite")]
        let file = folder.file("bad.tokens.json")
        try json.write(toFile: file, atomically: true, encoding: .utf8)
        let before = try run(["log", "--format", "json"], environment).stdout
        let refused = try run(["tokens", "add", file], environment, status: 1)
        #expect(refused.stderr.contains(path) && refused.stderr.contains(rule), "\(refused.stderr)")
        #expect(try run(["log", "--format", "json"], environment).stdout == before)
    }

    @Test func anApplyRecordsTheTokenVersionsAndAReplayAfterAChangeReproducesIt() throws {
        let environment = ["CATALOG_DB": folder.file("c.sqlite")]
        let tokens = folder.file("team.tokens.json")
        func write(duration: Int) throws {
            try
                #"{"team": {"fade": {"$type": "transition", "$value": {"duration": {"value": \#(duration), "unit": "ms"}, "delay": {"value": 0, "unit": "ms"}, "timingFunction": [0, 0, 1, 1]}}}}"#
                .write(toFile: tokens, atomically: true, encoding: .utf8)
        }
        try write(duration: 200)
        _ = try run(["tokens", "add", tokens], environment)
        let definition = folder.file("team-fade.yaml")
        try """
        name: team-fade
        kind: animation
        version: 1.0.0
        keyframes: [{opacity: 0}, {opacity: 1}]
        options: {duration: "{team.fade}", easing: "{team.fade}", fill: forwards}
        """.write(toFile: definition, atomically: true, encoding: .utf8)
        _ = try run(["add", definition], environment)
        _ = try run(["object", "add", "card", "--type", "view"], environment)
        _ = try run(["apply", "team-fade", "--to", "card", "--at", "0"], environment)
        func opacity(_ arguments: [String]) throws -> Double? {
            let state = try JSONReader.read(try run(arguments, environment).stdout)
            return state["presentation"]?["opacity"]?.numberValue ?? state["samples"]?.arrayValue?.first?["values"]?["opacity"]?.numberValue
        }
        #expect(try opacity(["state", "card", "--at", "0.1", "--format", "json"]) == 0.5)  // linear, 200 ms
        try write(duration: 400)
        #expect(try run(["tokens", "add", tokens], environment).stdout == "updated token set team 1.0.0 → 1.0.1\n")
        // What ran still runs so; what is sampled now takes the new value.
        #expect(try opacity(["state", "card", "--at", "0.1", "--format", "json"]) == 0.5)
        #expect(try opacity(["sample", "team-fade", "--at", "0.1", "--format", "json"]) == 0.25)
        #expect(try run(["replay", "--verify"], environment).stdout.hasPrefix("verified"))
        let log = try run(["log", "--format", "json"], environment).stdout
        #expect(log.contains("\"tokens\":{\"team\":\"1.0.0\"}") || log.contains("\"team\": \"1.0.0\""), "\(log)")

        // A definition that references a token no set has is refused, naming it.
        try """
        name: lost-fade
        kind: animation
        version: 1.0.0
        keyframes: [{opacity: 0}, {opacity: 1}]
        options: {duration: "{team.nothing}"}
        """.write(toFile: definition, atomically: true, encoding: .utf8)
        let refused = try run(["add", definition], environment, status: 1)
        #expect(refused.stderr.contains("{team.nothing} is not a token"), "\(refused.stderr)")
    }

    @Test func theBuiltInDesignSystemsAreTokenSetsTheirComponentsReference() throws {
        let environment = ["CATALOG_DB": folder.file("c.sqlite")]
        let sets = try run(["list", "--kind", "tokens"], environment).stdout
        #expect(sets.contains("material3") && sets.contains("carbon"))
        let carbon = try JSONReader.read(try run(["tokens", "list", "--set", "carbon", "--format", "json"], environment).stdout).arrayValue ?? []
        #expect(carbon.first { $0["path"] == "carbon.motion.duration.fast-01" }?["resolved"] == ["value": 70, "unit": "ms"])
        let shown = try run(["show", "carbon-fade-out", "--format", "json"], environment).stdout
        #expect(shown.contains("{carbon.motion.duration.fast-02}") && shown.contains("{carbon.motion.exit.productive}"))
        // Carbon's fast-02 is 110 ms; the exit curve is cubic-bezier(0.2, 0, 1, 0.9).
        let sampled = try JSONReader.read(try run(["sample", "carbon-fade-out", "--at", "0.11", "--format", "json"], environment).stdout)
        #expect(sampled["samples"]?.arrayValue?.first?["progress"] == 1)
        #expect(try run(["tokens", "show", "md.sys.motion.easing.standard", "--format", "json"], environment).stdout.contains("[0.2,0,0,1]"))
    }
}

/// The rules the DTCG Format Module (2025.10) states for a token file, checked by hand (the
/// format's own JSON Schema is the judge outside the repository): names, group and token
/// properties, the types and their `$value` shapes, and alias syntax.
enum DTCGRules {
    static let types: Set<String> = [
        "color", "dimension", "fontFamily", "fontWeight", "duration", "cubicBezier", "number",
        "strokeStyle", "border", "transition", "shadow", "gradient", "typography"
    ]

    static func problems(_ document: JSONValue, path: String = "") -> [String] {
        guard case .object(let members) = document else { return ["\(path): not an object"] }
        if members["$value"] != nil { return token(members, path: path) }
        var found: [String] = []
        for (key, value) in members {
            let child = path.isEmpty ? key : "\(path).\(key)"
            if key.hasPrefix("$") {
                if !["$type", "$description", "$extensions", "$deprecated", "$extends", "$root", "$schema"].contains(key) {
                    found.append("\(child): not a group property")
                }
                if key == "$root" { found += problems(value, path: child) }
                continue
            }
            if key.contains(".") || key.contains("{") || key.contains("}") { found.append("\(child): name holds . { or }") }
            found += problems(value, path: child)
        }
        return found
    }

    static func token(_ members: [String: JSONValue], path: String) -> [String] {
        var found: [String] = []
        for key in members.keys where !["$value", "$type", "$description", "$extensions", "$deprecated"].contains(key) {
            found.append("\(path).\(key): not a token property")
        }
        guard let type = members["$type"]?.stringValue, types.contains(type) else { return found + ["\(path): $type missing or unknown"] }
        let value = members["$value"]!
        if case .object(let pointer) = value, pointer.count == 1, pointer["$ref"]?.stringValue?.hasPrefix("#/") == true { return found }
        if let alias = value.stringValue, alias.hasPrefix("{") {
            let inner = alias.dropFirst().dropLast()
            if !alias.hasSuffix("}") || inner.isEmpty || inner.contains("{") || inner.contains("}") { found.append("\(path): malformed alias \(alias)") }
            return found
        }
        func reference(_ v: JSONValue) -> Bool {
            if let alias = v.stringValue { return alias.hasPrefix("{") && alias.hasSuffix("}") }
            return v.objectValue?.count == 1 && v["$ref"]?.stringValue?.hasPrefix("#/") == true
        }
        func duration(_ v: JSONValue) -> Bool {
            if reference(v) { return true }
            return v.objectValue?.count == 2 && v["value"]?.numberValue != nil && ["ms", "s"].contains(v["unit"]?.stringValue ?? "")
        }
        func bezier(_ v: JSONValue) -> Bool {
            if reference(v) { return true }
            guard let n = v.arrayValue?.compactMap(\.numberValue), n.count == 4 else { return false }
            return (0...1).contains(n[0]) && (0...1).contains(n[2])
        }
        switch type {
        case "duration": if !duration(value) { found.append("\(path): duration $value") }
        case "cubicBezier": if !bezier(value) { found.append("\(path): cubicBezier $value") }
        case "transition":
            if !(value["duration"].map(duration) ?? false) || !(value["delay"].map(duration) ?? false) || !(value["timingFunction"].map(bezier) ?? false) {
                found.append("\(path): transition $value")
            }
        case "number": if value.numberValue == nil { found.append("\(path): number $value") }
        default: break
        }
        return found
    }
}

/// A token repository as design systems split it: files that alias each other's tokens, added
/// together; a set that aliases a set already in the catalog, pinned to what it resolved; and a
/// DTCG 2025.10 resolver document as the entry point, its modifiers' contexts chosen at add.
struct TokenRepositoryCommandTests {
    let folder = TemporaryFolder()
    static let motion = #"""
        {"duration": {"$type": "duration", "moderate": {"01": {"$value": {"value": 150, "unit": "ms"}}, "02": {"$value": {"value": 240, "unit": "ms"}}}},
         "easing": {"$type": "cubicBezier", "standard": {"$value": [0.2, 0, 0.38, 0.9]}}}
        """#
    static let surfaces = #"""
        {"surface": {"$type": "transition",
          "expand": {"$value": {"duration": "{duration.moderate.02}", "delay": {"value": 0, "unit": "ms"}, "timingFunction": "{easing.standard}"}}}}
        """#

    func write(_ text: String, _ name: String) throws -> String {
        let path = folder.file(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func run(_ arguments: [String], db: String, status: Int32 = 0) throws -> CLI.Result {
        let result = try CLI.run(arguments, environment: ["CATALOG_DB": db])
        #expect(result.status == status, "\(arguments): \(result.stderr)")
        return result
    }

    /// A resolver over the motion and surface files, with a `motion` modifier (`full`, the
    /// default, and `reduced`, where the moderate duration is 0): its path.
    func writeResolver() throws -> String {
        _ = try write(Self.motion, "motion.json")
        _ = try write(Self.surfaces, "surfaces.json")
        _ = try write(#"{"duration": {"$type": "duration", "moderate": {"02": {"$value": {"value": 0, "unit": "ms"}}}}}"#, "reduced.json")
        return try write(
            #"""
            {"version": "2025.10", "name": "Motion",
             "sets": {"base": {"sources": [{"$ref": "motion.json"}, {"$ref": "surfaces.json"}]}},
             "modifiers": {"motion": {"contexts": {"full": [], "reduced": [{"$ref": "reduced.json"}]}, "default": "full"}},
             "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/motion"}]}
            """#, "system.resolver.json")
    }

    @Test func filesGivenTogetherResolveEachOthersAliases() throws {
        let db = folder.file("c.sqlite")
        let added = try run(["tokens", "add", try write(Self.motion, "motion.json"), try write(Self.surfaces, "surfaces.json")], db: db)
        #expect(added.stdout == "added token set motion 1.0.0\nadded token set surfaces 1.0.0\n")
        let shown = try JSONReader.read(try run(["tokens", "show", "surface.expand", "--format", "json"], db: db).stdout)
        #expect(shown["resolved"]?["duration"] == ["value": 240, "unit": "ms"], "\(shown)")
        #expect(shown["resolved"]?["timingFunction"] == [0.2, 0, 0.38, 0.9])
        // The same files again change nothing.
        #expect(
            try run(["tokens", "add", folder.file("motion.json"), folder.file("surfaces.json")], db: db).stdout.contains("unchanged token set surfaces 1.0.0"))
    }

    @Test func anAliasIntoTheCatalogIsPinnedToTheVersionItResolved() throws {
        let db = folder.file("c.sqlite")
        _ = try run(["tokens", "add", try write(Self.motion, "motion.json")], db: db)
        _ = try run(["tokens", "add", try write(Self.surfaces, "surfaces.json")], db: db)
        // motion changes; surfaces keeps what it resolved (motion 1.0.0's 240 ms) until it is added again.
        _ = try run(["tokens", "add", try write(Self.motion.replacingOccurrences(of: "240", with: "400"), "motion.json")], db: db)
        let pinned = try JSONReader.read(try run(["tokens", "show", "surface.expand", "--format", "json"], db: db).stdout)
        #expect(pinned["resolved"]?["duration"] == ["value": 240, "unit": "ms"], "\(pinned)")
        let again = try run(["tokens", "add", folder.file("surfaces.json")], db: db)
        #expect(again.stdout == "updated token set surfaces 1.0.0 → 1.0.1\n")
        let moved = try JSONReader.read(try run(["tokens", "show", "surface.expand", "--format", "json"], db: db).stdout)
        #expect(moved["resolved"]?["duration"] == ["value": 400, "unit": "ms"])
    }

    @Test func anAliasNoFileNorSetHasIsRefusedNamingItsPath() throws {
        let db = folder.file("c.sqlite")
        let before = try run(["list", "--kind", "tokens"], db: db).stdout
        let refused = try run(["tokens", "add", try write(Self.surfaces, "surfaces.json")], db: db, status: 1)
        #expect(
            refused.stderr.contains(
                "surfaces.json: surface.expand: refers to {duration.moderate.02}, which no file given with it nor any token set of the catalog has"),
            "\(refused.stderr)")
        // A cycle across two files is named too, and nothing is added.
        let a = try write(#"{"a": {"$type": "duration", "x": {"$value": "{b.y}"}}}"#, "a.json")
        let b = try write(#"{"b": {"y": {"$value": "{a.x}"}}}"#, "b.json")
        let cycle = try run(["tokens", "add", a, b], db: db, status: 1)
        #expect(cycle.stderr.contains("cycle"), "\(cycle.stderr)")
        // Tokens without $type aliasing each other in a circle: a clear refusal, not a crash.
        let untyped = try write(#"{"a": {"$value": "{b}"}, "b": {"$value": "{a}"}}"#, "untyped.tokens.json")
        let round = try run(["tokens", "add", untyped], db: db, status: 1)
        #expect(round.stderr.contains("cycle"), "\(round.stderr)")
        #expect(try CLI.run(["validate", untyped], environment: ["CATALOG_DB": db]).stderr.contains("cycle"))
        #expect(try run(["list", "--kind", "tokens"], db: db).stdout == before)
    }

    @Test func aResolverDocumentIsOneSetForTheChosenContexts() throws {
        let db = folder.file("c.sqlite")
        let resolver = try writeResolver()
        #expect(try run(["tokens", "add", resolver], db: db).stdout == "added token set system 1.0.0\n")
        let full = try JSONReader.read(try run(["tokens", "show", "surface.expand", "--format", "json"], db: db).stdout)
        #expect(full["resolved"]?["duration"] == ["value": 240, "unit": "ms"])
        #expect(try run(["tokens", "add", resolver, "--context", "motion=reduced"], db: db).stdout == "updated token set system 1.0.0 → 1.0.1\n")
        let reduced = try JSONReader.read(try run(["tokens", "show", "surface.expand", "--format", "json"], db: db).stdout)
        #expect(reduced["resolved"]?["duration"] == ["value": 0, "unit": "ms"])
        let unknown = try run(["tokens", "add", resolver, "--context", "motion=slow"], db: db, status: 1)
        #expect(unknown.stderr.contains("has no context slow (it has full, reduced)"), "\(unknown.stderr)")
    }

    /// The set keeps the resolver: `sample`, `export` and `state` resolve it in another context
    /// with `--context`, as a set added in that context resolves, and refuse one it lacks.
    @Test func sampleExportAndStateResolveInTheContextChosen() throws {
        let db = folder.file("c.sqlite")
        let resolver = try writeResolver()
        _ = try run(["tokens", "add", resolver], db: db)
        let expand = try write(
            #"""
            {"name": "expand", "kind": "animation", "version": "1.0.0", "summary": "Opens.",
             "keyframes": [{"opacity": 0}, {"opacity": 1}], "options": {"duration": "{surface.expand}", "fill": "forwards"}}
            """#, "expand.json")
        _ = try run(["add", expand], db: db)
        func opacity(_ arguments: [String]) throws -> Double? {
            let sampled = try JSONReader.read(try run(["sample", "expand", "--at", "0.12", "--format", "json"] + arguments, db: db).stdout)
            return sampled["samples"]?.arrayValue?.first?["values"]?["opacity"]?.numberValue
        }
        // 240 ms in the set's own context: half-way at 0.12 s; reduced (0 ms): at its end.
        let own = try opacity([]), reduced = try opacity(["--context", "motion=reduced"])
        #expect(own.map { abs($0 - 0.5) < 1e-9 } == true && reduced == 1, "\(own ?? -1) \(reduced ?? -1)")
        let waapi = try JSONReader.read(try run(["export", "expand", "--to", "waapi", "--context", "motion=reduced"], db: db).stdout)
        #expect(waapi.arrayValue?.first?["options"]?["duration"] == 0, "\(waapi)")
        // The same as the set added in that context.
        let other = folder.file("reduced.sqlite")
        _ = try run(["tokens", "add", resolver, "--context", "motion=reduced"], db: other)
        _ = try run(["add", expand], db: other)
        let addedReduced = try run(["export", "expand", "--to", "waapi"], db: other).stdout
        #expect(addedReduced == (try run(["export", "expand", "--to", "waapi", "--context", "motion=reduced"], db: db).stdout))
        // state: an applied animation's tokens in the context chosen.
        _ = try run(["object", "add", "panel", "--type", "view"], db: db)
        _ = try run(["apply", "expand", "--to", "panel"], db: db)
        func shown(_ arguments: [String]) throws -> JSONValue? {
            try JSONReader.read(try run(["state", "panel", "--at", "0.12", "--format", "json"] + arguments, db: db).stdout)["presentation"]?["opacity"]
        }
        let running = try shown([]), ended = try shown(["--context", "motion=reduced"])
        #expect(running != ended && ended == 1, "\(running ?? .null) \(ended ?? .null)")
        // A modifier or context the sets do not have: refused by name.
        for (context, message) in [("mode=dark", "no token set has the modifier mode (the modifiers are motion)"), ("motion=slow", "has no context slow")] {
            for command in [["sample", "expand", "--at", "0"], ["export", "expand", "--to", "css"], ["state", "panel"]] {
                let refused = try run(command + ["--context", context], db: db, status: 1)
                #expect(refused.stderr.contains(message), "\(command) \(context): \(refused.stderr)")
            }
        }
    }
}

/// The outside corpus's token files (`scripts/fetch-corpus`), as published: each is added or
/// refused naming the path and the rule, and nothing is added with a refusal.
struct CorpusTokenTests {
    let folder = TemporaryFolder()

    @Test func publishedTokenFilesImportOrAreRefusedByRule() throws {
        let db = folder.file("c.sqlite")
        let files = Dictionary(uniqueKeysWithValues: try OutsideCorpus.files(in: "tokens", extensions: ["json"]).map { ($0.lastPathComponent, $0.path) })
        // A brand file with its DTCG tokens under `tokens`, aliases across its groups.
        let brand = try CLI.run(["tokens", "add", try #require(files["ichec-brand.json"])], environment: ["CATALOG_DB": db])
        #expect(brand.status == 0 && brand.stdout == "added token set ichec-brand 1.0.0\n", "\(brand.stderr)")
        let role = try JSONReader.read(try CLI.run(["tokens", "show", "color.role.text", "--format", "json"], environment: ["CATALOG_DB": db]).stdout)
        #expect(role["resolved"]?.stringValue?.uppercased() == "#08152A", "\(role)")
        for (file, rule) in [
            ("signalwire-tokens.dtcg.json", "$name: is not a group property"),
            ("turbo-themes-tokens.not-dtcg.json", "it holds no token, so it is not a DTCG token file")
        ] {
            let refused = try CLI.run(["tokens", "add", try #require(files[file])], environment: ["CATALOG_DB": db])
            #expect(refused.status == 1 && refused.stderr.contains(file) && refused.stderr.contains(rule), "\(file): \(refused.stderr)")
        }
        let sets = try JSONReader.read(try CLI.run(["list", "--kind", "tokens", "--format", "json"], environment: ["CATALOG_DB": db]).stdout)
        #expect(sets.arrayValue?.compactMap { $0["name"]?.stringValue } == ["carbon", "ichec-brand", "material3"])
    }
}
