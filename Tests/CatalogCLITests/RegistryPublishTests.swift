import CatalogModel
import Foundation
import TestSupport
import Testing

/// The catalog published as a shadcn registry: `catalog registry build DIR` writes the files
/// `catalog serve` answers under `/r/`, byte for byte; every file is valid against shadcn's
/// schemas (as `Fixtures/shadcn/` describes them; `check-jsonschema` judges); every item's
/// integrity is what `openssl dgst -sha256 -binary | openssl base64` computes of its content,
/// which is the stored definition; the CSS export, token custom properties and dependencies are
/// where a shadcn project looks for them.
struct RegistryPublishTests {
    static let schemas = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../TestSupport/Fixtures/shadcn").standardized

    /// `openssl dgst -sha256 -binary FILE | openssl base64`, after `sha256-`.
    static func openssl(_ file: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "openssl dgst -sha256 -binary \"$0\" | openssl base64 -A", file]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return "sha256-" + String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(arguments: CLIBackend.allCases)
    func theStaticBuildIsWhatServeAnswersAndShadcnsSchemasAccept(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let db = try backend.database(in: folder)
        // A second version of one component, so that NAME@VERSION files differ from NAME.json.
        let pop = try JSONReader.read(try CLI.run(["--db", db, "show", "pop", "--format", "json"]).stdout)["definition"]
        guard case .object(var members)? = pop else {
            Issue.record("pop has no definition")
            return
        }
        members["version"] = "1.9.0"
        #expect(try CLI.run(["--db", db, "add", "-"], stdin: JSONValue.object(members).canonicalText).status == 0)
        let options = ["--registry-name", "acme-motion", "--registry-homepage", "https://motion.acme.example"]
        let built = folder.file("registry")
        let wrote = try CLI.run(["--db", db, "registry", "build", built] + options)
        #expect(wrote.status == 0, "\(wrote.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: built).sorted()
        // Every component and token set (which `list` leaves to `--kind tokens`), by name.
        let listed = try [["list"], ["list", "--kind", "tokens"]].flatMap { command in
            try JSONReader.read(try CLI.run(["--db", db] + command + ["--format", "json"]).stdout).arrayValue ?? []
        }
        let names = listed.compactMap { $0["name"]?.stringValue }.sorted()
        #expect(files.contains("registry.json") && files.contains("pop@1.9.0.json") && files.contains("pop@1.1.0.json"))
        #expect(Set(names.map { "\($0).json" }).isSubset(of: files))

        // Served with the same options: the same bytes, every file.
        let server = try ServeProcess(db: db, arguments: options)
        for file in files {
            let served = try server.get("/r/\(file)")
            let written = try String(contentsOfFile: "\(built)/\(file)", encoding: .utf8)
            #expect(served.status == 200 && served.body == written, "\(file)")
        }
        #expect(try server.get("/r/no-such-component.json").status == 404)

        // shadcn's schemas.
        let items = files.filter { $0 != "registry.json" }.map { "\(built)/\($0)" }
        let checked = try CheckJSONSchema.run(["--schemafile", Self.schemas.appending(path: "registry-item.schema.json").path] + items)
        #expect(checked.status == 0, "\(checked.output)")
        let index = try CheckJSONSchema.run(["--schemafile", Self.schemas.appending(path: "registry.schema.json").path, "\(built)/registry.json"])
        #expect(index.status == 0, "\(index.output)")
        let registry = try JSONReader.read(try String(contentsOfFile: "\(built)/registry.json", encoding: .utf8))
        #expect(registry["name"] == "acme-motion" && registry["homepage"] == "https://motion.acme.example")
        #expect(registry["items"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == names)

        // Each item: its content is the stored definition, its integrity what openssl computes.
        for file in files where file != "registry.json" {
            let item = try JSONReader.read(try String(contentsOfFile: "\(built)/\(file)", encoding: .utf8))
            let content = item["files"]?.arrayValue?.first?["content"]?.stringValue ?? ""
            let contentFile = folder.file("content-\(file)")
            try Data(content.utf8).write(to: URL(fileURLWithPath: contentFile))
            #expect(item["meta"]?["integrity"]?.stringValue == (try Self.openssl(contentFile)), "\(file)")
            let reference = "\(item["name"]?.stringValue ?? "?")@\(item["meta"]?["version"]?.stringValue ?? "?")"
            let shown = try JSONReader.read(try CLI.run(["--db", db, "show", reference, "--format", "json"]).stdout)
            #expect(shown["definition"]?.canonicalText == content && shown["hash"] == item["meta"]?["contentHash"], "\(file)")
        }

        // Where a shadcn project looks: the CSS export in css, tokens in cssVars, what it needs.
        let fadeIn = try JSONReader.read(try String(contentsOfFile: "\(built)/fade-in.json", encoding: .utf8))
        #expect(fadeIn["css"]?["@keyframes fade-in"]?["0%"]?["opacity"] == "0")
        #expect(fadeIn["css"]?[".fade-in"]?["animation"]?.stringValue?.hasPrefix("fade-in 250ms") == true)
        let chain = try JSONReader.read(try String(contentsOfFile: "\(built)/fade-sequence.json", encoding: .utf8))
        let chainDefinition = try JSONReader.read(try CLI.run(["--db", db, "show", "fade-sequence", "--format", "json"]).stdout)["definition"]
        let used = Set((chainDefinition?.canonicalText ?? "").components(separatedBy: "\"component\":\"").dropFirst().map { String($0.prefix { $0 != "\"" }) })
        #expect(!used.isEmpty && Set(chain["registryDependencies"]?.arrayValue?.compactMap(\.stringValue) ?? []) == used)
        let carbon = try JSONReader.read(try String(contentsOfFile: "\(built)/carbon-fade-in.json", encoding: .utf8))
        let sets = carbon["registryDependencies"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(sets.count == 1, "\(sets)")
        let set = try JSONReader.read(try String(contentsOfFile: "\(built)/\(sets.first ?? "?").json", encoding: .utf8))
        #expect(set["cssVars"]?["light"]?["carbon-motion-duration-moderate-02"] == "240ms", "\(set["cssVars"] ?? nil)")
    }
}
