import CatalogModel
import Foundation
import TestSupport
import Testing

/// Two catalogs on one machine: B pulls components from A — from A's `serve` by namespace (a
/// registry in B's `catalog.json`, its header from the environment) and from A's static build
/// by URL — with what they depend on; each item's integrity is checked before anything is
/// written; `catalog.lock` records them and `catalog install` reproduces them offline from the
/// cache, refusing a byte that differs. A name the catalog has of its own is refused unless
/// renamed, an item whose content was changed is refused, a server that is down is named; in
/// each case nothing is written.
struct RegistryConsumeTests {
    static let rise = """
        {"name": "a-rise", "kind": "animation", "version": "1.0.0", "summary": "Rise into place",
         "keyframes": [{"transform": "translateY(12px)", "opacity": 0}, {"transform": "translateY(0px)", "opacity": 1}],
         "options": {"duration": "{carbon.motion.duration.moderate-02}", "fill": "forwards"}}
        """
    static let welcome = """
        {"name": "a-welcome", "kind": "chain", "version": "1.0.0", "summary": "Rise, then fade the note in",
         "chain": {"roles": ["card", "note"], "sequence": [{"animate": "card", "component": "a-rise"}, {"animate": "note", "component": "fade-in"}]}}
        """

    /// What `list` prints, as JSON: the catalog's components, to compare before and after.
    static func listed(_ db: String) throws -> String { try CLI.run(["--db", db, "list", "--format", "json"]).stdout }

    @Test func catalogBPullsFromCatalogA() throws {
        let folder = TemporaryFolder()
        let a = folder.file("a.sqlite")
        for definition in [Self.rise, Self.welcome] {
            let added = try CLI.run(["--db", a, "add", "-"], stdin: definition)
            #expect(added.status == 0, "\(added.stderr)")
        }
        let server = try ServeProcess(db: a)
        let site = folder.file("site")
        #expect(try CLI.run(["--db", a, "registry", "build", site]).status == 0)
        let cache = folder.file("cache")

        // B, by namespace from A's serve, the header taken from the environment.
        let b = folder.file("b.sqlite"), workB = folder.file("work-b")
        try FileManager.default.createDirectory(atPath: workB, withIntermediateDirectories: true)
        try #"{"registries": {"@a": {"url": "http://127.0.0.1:\#(server.port)/r/{name}.json", "headers": {"X-Team": "${TEAM}"}}}}"#
            .write(toFile: "\(workB)/catalog.json", atomically: true, encoding: .utf8)
        let environment = ["CATALOG_CACHE": cache, "TEAM": "motion"]
        let pulled = try CLI.run(["--db", b, "add", "@a/a-welcome"], environment: environment, directory: workB)
        #expect(pulled.status == 0, "\(pulled.stderr)")
        #expect(pulled.stdout.contains("added a-rise 1.0.0") && pulled.stdout.contains("added a-welcome 1.0.0"), "\(pulled.stdout)")
        for name in ["a-rise", "a-welcome"] {
            let there = try JSONReader.read(try CLI.run(["--db", a, "show", name, "--format", "json"]).stdout)
            let here = try JSONReader.read(try CLI.run(["--db", b, "show", name, "--format", "json"]).stdout)
            #expect(there["hash"] != nil && there["hash"] == here["hash"], "\(name)")
        }
        let lock = try JSONReader.read(try String(contentsOfFile: "\(workB)/catalog.lock", encoding: .utf8))
        for name in ["a-rise", "a-welcome"] {
            let item = try JSONReader.read(try server.get("/r/\(name).json").body)
            #expect(lock["components"]?[name]?["integrity"] == item["meta"]?["integrity"], "\(name)")
            #expect(lock["components"]?[name]?["resolved"]?.stringValue == "http://127.0.0.1:\(server.port)/r/\(name).json")
        }

        // B2, by URL from A's static build (a CDN): the same components.
        let cdn = try StaticHTTPServer(folder: site)
        let b2 = folder.file("b2.sqlite"), workB2 = folder.file("work-b2")
        try FileManager.default.createDirectory(atPath: workB2, withIntermediateDirectories: true)
        let byURL = try CLI.run(["--db", b2, "add", "\(cdn.url)/a-welcome.json"], environment: environment, directory: workB2)
        #expect(byURL.status == 0, "\(byURL.stderr)")
        #expect(try Self.listed(b2) == (try Self.listed(b)))

        // A name B3 has of its own: refused, nothing written; renamed, added.
        let b3 = folder.file("b3.sqlite"), workB3 = folder.file("work-b3")
        try FileManager.default.createDirectory(atPath: workB3, withIntermediateDirectories: true)
        let own = Self.welcome.replacingOccurrences(of: "\"a-rise\"", with: "\"fade-out\"")
        #expect(try CLI.run(["--db", b3, "add", "-"], stdin: own).status == 0)
        let before = try Self.listed(b3)
        let collided = try CLI.run(["--db", b3, "add", "\(cdn.url)/a-welcome.json"], environment: environment, directory: workB3)
        #expect(collided.status == 1 && collided.stderr.contains("its own a-welcome") && collided.stderr.contains("--as"), "\(collided.stderr)")
        #expect(try Self.listed(b3) == before && !FileManager.default.fileExists(atPath: "\(workB3)/catalog.lock"))
        let renamed = try CLI.run(["--db", b3, "add", "\(cdn.url)/a-welcome.json", "--as", "a-welcome-upstream"], environment: environment, directory: workB3)
        #expect(renamed.status == 0 && renamed.stdout.contains("added a-welcome-upstream 1.0.0"), "\(renamed.stdout)\(renamed.stderr)")

        // One byte of an item's content changed on its way (a proxy): refused, nothing written.
        let itemFile = "\(site)/a-rise.json"
        let original = try String(contentsOfFile: itemFile, encoding: .utf8)
        try original.replacingOccurrences(of: "translateY(12px)", with: "translateY(13px)").write(toFile: itemFile, atomically: true, encoding: .utf8)
        let b4 = folder.file("b4.sqlite"), workB4 = folder.file("work-b4")
        try FileManager.default.createDirectory(atPath: workB4, withIntermediateDirectories: true)
        #expect(try CLI.run(["--db", b4, "list"]).status == 0)
        let untouched = try Self.listed(b4)
        let tampered = try CLI.run(["--db", b4, "add", "\(cdn.url)/a-welcome.json"], environment: environment, directory: workB4)
        #expect(tampered.status == 1 && tampered.stderr.contains("a-rise.json: meta.integrity"), "\(tampered.stderr)")
        #expect(try Self.listed(b4) == untouched)
        try original.write(toFile: itemFile, atomically: true, encoding: .utf8)

        // A server that is down, and a name it does not have: named, nothing written.
        let down = try CLI.run(["--db", b4, "add", "http://127.0.0.1:9/r/a-rise.json"], environment: environment, directory: workB4)
        #expect(down.status == 1 && down.stderr.contains("http://127.0.0.1:9/r/a-rise.json") && down.stderr.contains("refused"), "\(down.stderr)")
        let missing = try CLI.run(["--db", b4, "add", "\(cdn.url)/no-such.json"], environment: environment, directory: workB4)
        #expect(missing.status == 1 && missing.stderr.contains("404"), "\(missing.stderr)")
        #expect(try Self.listed(b4) == untouched)

        // Offline: C reproduces B from B's lock and the cache alone (no server answers now).
        let workC = folder.file("work-c"), c = folder.file("c.sqlite")
        try FileManager.default.createDirectory(atPath: workC, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "\(workB)/catalog.lock", toPath: "\(workC)/catalog.lock")
        let offline = ["CATALOG_CACHE": cache]
        let installed = try CLI.run(["--db", c, "install"], environment: offline, directory: workC)
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(try Self.listed(c) == (try Self.listed(b)))
        // A cached item with one byte changed: refused, nothing written.
        let integrity = lock["components"]?["a-rise"]?["integrity"]?.stringValue ?? ""
        let cached = "\(cache)/\(integrity.replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "+", with: "-")).json"
        let kept = try String(contentsOfFile: cached, encoding: .utf8)
        try kept.replacingOccurrences(of: "Rise into place", with: "Rise into placE").write(toFile: cached, atomically: true, encoding: .utf8)
        let d = folder.file("d.sqlite")
        #expect(try CLI.run(["--db", d, "list"]).status == 0)
        let fresh = try Self.listed(d)
        let refused = try CLI.run(["--db", d, "install"], environment: offline, directory: workC)
        #expect(refused.status == 1 && refused.stderr.contains("a-rise.json: meta.integrity"), "\(refused.stderr)")
        #expect(try Self.listed(d) == fresh)
    }

    /// A registry that misbehaves: a 500, a redirect to another origin (refused; followed once the
    /// registry's `allowedHosts` lists it), a body broken off, a 100 MB body (bounded). Each is
    /// named with its URL, and nothing is written.
    @Test func aRegistryThatMisbehavesIsNamedAndNothingIsWritten() throws {
        let folder = TemporaryFolder()
        let a = folder.file("a.sqlite")
        #expect(try CLI.run(["--db", a, "add", "-"], stdin: Self.rise).status == 0)
        let server = try ServeProcess(db: a)
        let faults = try StaticHTTPServer(faultsRedirectingTo: server.port)
        let b = folder.file("b.sqlite"), work = folder.file("work")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        #expect(try CLI.run(["--db", b, "list"]).status == 0)
        let before = try Self.listed(b)
        let environment = ["CATALOG_CACHE": folder.file("cache")]
        func add(_ argument: String) throws -> CLI.Result {
            try CLI.run(["--db", b, "add", argument], environment: environment, directory: work)
        }
        let error = try add("\(faults.url)/r/error.json")
        #expect(error.status == 1 && error.stderr.contains("\(faults.url)/r/error.json") && error.stderr.contains("500"), "\(error.stderr)")
        let redirect = try add("\(faults.url)/r/redirect.json")
        #expect(redirect.status == 1 && redirect.stderr.contains("another origin") && redirect.stderr.contains("allowedHosts"), "\(redirect.stderr)")
        let truncated = try add("\(faults.url)/r/truncated.json")
        #expect(truncated.status == 1 && truncated.stderr.contains("truncated.json"), "\(truncated.stderr)")
        let big = try add("\(faults.url)/r/big.json")
        #expect(big.status == 1 && big.stderr.contains("more than 8388608"), "\(big.stderr)")
        #expect(try Self.listed(b) == before && !FileManager.default.fileExists(atPath: "\(work)/catalog.lock"))

        // Listed in allowedHosts, the redirect is followed to the item A serves (a-rise), whose
        // dependency is then asked of the same registry, which has no such item.
        try #"{"registries": {"@f": {"url": "\#(faults.url)/r/{name}.json", "allowedHosts": ["127.0.0.1:\#(server.port)"]}}}"#
            .write(toFile: "\(work)/catalog.json", atomically: true, encoding: .utf8)
        let followed = try add("@f/redirect")
        #expect(followed.status == 1 && followed.stderr.contains("\(faults.url)/r/carbon.json: answered 404"), "\(followed.stderr)")
        #expect(try Self.listed(b) == before)
    }
}
