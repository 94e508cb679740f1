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
        // The store records where each came from, in its component.add event.
        let added = try JSONReader.read(try CLI.run(["--db", b, "log", "--operation", "component.add", "--format", "json"]).stdout)
        let sources = (added.arrayValue ?? []).compactMap { event in event["payload"]?["name"]?.stringValue.map { ($0, event["payload"]?["source"]) } }
        let origins = Dictionary(sources, uniquingKeysWith: { $1 })
        for name in ["a-rise", "a-welcome"] {
            #expect(origins[name] == .string("http://127.0.0.1:\(server.port)/r/\(name).json"), "\(name)")
        }
        #expect(origins.keys.contains("fade-in") && origins["fade-in"]! == nil, "a built-in says no source")
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
        let collided = try CLI.run(["--db", b3, "add", "\(cdn.url)/a-welcome.json", "--format", "json"], environment: environment, directory: workB3)
        let collision = Self.failure(collided)
        #expect(collision?.code == "name-collision" && collision?.message.contains("its own a-welcome") == true, "\(collided.stderr)")
        #expect(collision?.message.contains("--as") == true)
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
        let tampered = try CLI.run(["--db", b4, "add", "\(cdn.url)/a-welcome.json", "--format", "json"], environment: environment, directory: workB4)
        #expect(Self.failure(tampered)?.code == "integrity-mismatch" && tampered.stderr.contains("a-rise.json: meta.integrity"), "\(tampered.stderr)")
        #expect(try Self.listed(b4) == untouched)
        try original.write(toFile: itemFile, atomically: true, encoding: .utf8)

        // A server that is down, and a name it does not have: named, nothing written.
        let down = Self.failure(
            try CLI.run(["--db", b4, "add", "http://127.0.0.1:9/r/a-rise.json", "--format", "json"], environment: environment, directory: workB4))
        #expect(
            down?.code == "fetch-failed" && down?.source == "http://127.0.0.1:9/r/a-rise.json" && down?.message.contains("refused") == true,
            "\(String(describing: down))")
        let missing = Self.failure(try CLI.run(["--db", b4, "add", "\(cdn.url)/no-such.json", "--format", "json"], environment: environment, directory: workB4))
        #expect(missing?.code == "fetch-failed" && missing?.message.contains("404") == true, "\(String(describing: missing))")
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
        let refused = try CLI.run(["--db", d, "install", "--format", "json"], environment: offline, directory: workC)
        #expect(Self.failure(refused)?.code == "integrity-mismatch" && refused.stderr.contains("a-rise.json: meta.integrity"), "\(refused.stderr)")
        #expect(try Self.listed(d) == fresh)
    }

    /// A newer version upstream: `outdated` lists it; `update` shows the diff — the one A's own
    /// `catalog diff` gives between the two versions — and writes nothing without a yes; with
    /// `--yes` B then holds A's version (the same content hash) and the lock records it.
    @Test func anUpdateShowsTheDiffBeforeItWrites() throws {
        let folder = TemporaryFolder()
        let a = folder.file("a.sqlite")
        #expect(try CLI.run(["--db", a, "add", "-"], stdin: Self.rise).status == 0)
        let server = try ServeProcess(db: a)
        let b = folder.file("b.sqlite"), work = folder.file("work")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        try #"{"registries": {"@a": "http://127.0.0.1:\#(server.port)/r/{name}.json"}}"#.write(
            toFile: "\(work)/catalog.json", atomically: true, encoding: .utf8)
        let environment = ["CATALOG_CACHE": folder.file("cache")]
        func run(_ arguments: [String], stdin: String? = nil) throws -> CLI.Result {
            try CLI.run(["--db", b] + arguments, environment: environment, directory: work, stdin: stdin)
        }
        #expect(try run(["add", "@a/a-rise@1.0.0"]).status == 0)
        let current = try run(["outdated"])
        #expect(current.status == 0 && current.stdout.contains("at its registry's newest"), "\(current.stdout)\(current.stderr)")

        let risen = Self.rise.replacingOccurrences(of: "1.0.0", with: "1.1.0").replacingOccurrences(of: "translateY(12px)", with: "translateY(30px)")
        #expect(try CLI.run(["--db", a, "add", "-"], stdin: risen).status == 0)
        let outdated = try JSONReader.read(try run(["outdated", "--format", "json"]).stdout)
        #expect(
            outdated
                == [["name": "a-rise", "current": "1.0.0", "latest": "1.1.0", "url": .string("http://127.0.0.1:\(server.port)/r/a-rise.json")]])
        #expect(try run(["outdated"]).stdout.contains("a-rise  1.0.0    1.1.0"))

        let before = try Self.listed(b)
        let declined = try run(["update", "a-rise"], stdin: "n\n")
        let upstream = try CLI.run(["--db", a, "diff", "a-rise@1.0.0", "a-rise"]).stdout
        #expect(declined.status == 0 && declined.stdout.hasPrefix(upstream) && declined.stdout.hasSuffix("nothing was written\n"), "\(declined.stdout)")
        #expect(upstream.contains("keyframes[0].transform") && upstream.contains("motion, 0…"))
        #expect(declined.stderr.contains("add a-rise 1.1.0? [y/N]"))
        #expect(try Self.listed(b) == before)

        let updated = try run(["update", "a-rise", "--yes", "--format", "json"])
        #expect(updated.status == 0, "\(updated.stderr)")
        let answer = try JSONReader.read(updated.stdout)
        #expect(answer["diff"] == (try JSONReader.read(try CLI.run(["--db", a, "diff", "a-rise@1.0.0", "a-rise", "--format", "json"]).stdout)))
        let outcome = answer["outcomes"]?.arrayValue?.last
        #expect(outcome?["outcome"] == "updated" && outcome?["version"] == "1.1.0")
        let there = try JSONReader.read(try CLI.run(["--db", a, "show", "a-rise", "--format", "json"]).stdout)
        #expect(try JSONReader.read(try run(["show", "a-rise", "--format", "json"]).stdout)["hash"] == there["hash"])
        let lock = try JSONReader.read(try String(contentsOfFile: "\(work)/catalog.lock", encoding: .utf8))
        #expect(lock["components"]?["a-rise"]?["version"] == "1.1.0" && lock["components"]?["a-rise"]?["registry"] == "@a")
        #expect(try run(["outdated", "--format", "json"]).stdout == "[]\n")
        #expect(try run(["update", "a-rise"]).stdout == "a-rise 1.1.0 is the registry's newest\n")

        // A component that did not come from a registry.
        let local = Self.failure(try run(["update", "fade-in", "--format", "json"]))
        #expect(local?.code == "not-locked" && local?.message.contains("names no fade-in") == true, "\(String(describing: local))")
    }

    /// An internal registry over HTTPS whose certificate a private authority signed: refused
    /// as TLS verification refuses it, taken once the registry's `ca` names that authority.
    @Test func anInternalRegistryIsTrustedThroughItsOwnAuthority() throws {
        let folder = TemporaryFolder()
        let a = folder.file("a.sqlite")
        #expect(try CLI.run(["--db", a, "add", "-"], stdin: Self.rise).status == 0)
        let site = folder.file("site")
        #expect(try CLI.run(["--db", a, "registry", "build", site]).status == 0)
        let work = folder.file("work")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        func openssl(_ arguments: [String]) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
            process.arguments = arguments
            process.currentDirectoryURL = URL(fileURLWithPath: work)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "openssl \(arguments.joined(separator: " "))")
        }
        let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try openssl(
            ["req", "-x509"] + key + [
                "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=Catalog Test Authority",
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign"
            ])
        try openssl(["req"] + key + ["-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1"])
        try "subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\n".write(toFile: "\(work)/server.ext", atomically: true, encoding: .utf8)
        try openssl([
            "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", "server.pem", "-days", "2",
            "-extfile", "server.ext"
        ])
        let registry = try StaticHTTPServer(folder: site, certificate: "\(work)/server.pem", key: "\(work)/server.key")

        let b = folder.file("b.sqlite")
        #expect(try CLI.run(["--db", b, "list"]).status == 0)
        let before = try Self.listed(b)
        let environment = ["CATALOG_CACHE": folder.file("cache")]
        let untrusted = Self.failure(
            try CLI.run(["--db", b, "add", "\(registry.url)/a-rise.json", "--format", "json"], environment: environment, directory: work))
        #expect(untrusted?.code == "fetch-failed" && untrusted?.message.contains("TLS failed") == true, "\(String(describing: untrusted))")
        #expect(try Self.listed(b) == before)

        try #"{"registries": {"@internal": {"url": "\#(registry.url)/{name}.json", "ca": "ca.pem"}}}"#
            .write(toFile: "\(work)/catalog.json", atomically: true, encoding: .utf8)
        let trusted = try CLI.run(["--db", b, "add", "@internal/a-rise"], environment: environment, directory: work)
        #expect(trusted.status == 0 && trusted.stdout.contains("added a-rise 1.0.0 from \(registry.url)/a-rise.json"), "\(trusted.stderr)")
    }

    /// A failed command's JSON error (`--format json`): its code, source and message.
    static func failure(_ result: CLI.Result) -> (code: String, source: String, message: String)? {
        guard result.status == 1, let error = (try? JSONReader.read(result.stderr))?["error"] else { return nil }
        return (error["code"]?.stringValue ?? "", error["source"]?.stringValue ?? "", error["message"]?.stringValue ?? "")
    }

    /// A registry that misbehaves: a 500, a redirect to another origin (refused; followed once the
    /// registry's `allowedHosts` lists it), a body broken off, a 100 MB body (bounded), an answer
    /// slower than the registry's timeout, items that depend on each other in a circle. Each is
    /// an error with its code and URL, and nothing is written.
    @Test func aRegistryThatMisbehavesIsNamedAndNothingIsWritten() throws {
        let folder = TemporaryFolder()
        let a = folder.file("a.sqlite")
        for definition in [Self.rise, Self.welcome] { #expect(try CLI.run(["--db", a, "add", "-"], stdin: definition).status == 0) }
        let server = try ServeProcess(db: a)
        let faults = try StaticHTTPServer(faultsRedirectingTo: server.port)
        let b = folder.file("b.sqlite"), work = folder.file("work")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        #expect(try CLI.run(["--db", b, "list"]).status == 0)
        let before = try Self.listed(b)
        let environment = ["CATALOG_CACHE": folder.file("cache")]
        func add(_ argument: String) throws -> (code: String, source: String, message: String)? {
            Self.failure(try CLI.run(["--db", b, "add", argument, "--format", "json"], environment: environment, directory: work))
        }
        let error = try add("\(faults.url)/r/error.json")
        #expect(
            error?.code == "fetch-failed" && error?.source == "\(faults.url)/r/error.json" && error?.message.contains("500") == true,
            "\(String(describing: error))")
        let redirect = try add("\(faults.url)/r/redirect.json")
        #expect(redirect?.code == "redirect-refused" && redirect?.message.contains("allowedHosts") == true, "\(String(describing: redirect))")
        let truncated = try add("\(faults.url)/r/truncated.json")
        #expect(truncated?.code == "fetch-failed" && truncated?.source == "\(faults.url)/r/truncated.json", "\(String(describing: truncated))")
        let big = try add("\(faults.url)/r/big.json")
        #expect(big?.code == "item-too-large" && big?.message.contains("more than 8388608") == true, "\(String(describing: big))")
        #expect(try Self.listed(b) == before && !FileManager.default.fileExists(atPath: "\(work)/catalog.lock"))

        // Listed in allowedHosts, the redirect is followed to the item A serves (a-rise), whose
        // dependency is then asked of the same registry, which has no such item. A registry
        // whose answer takes longer than its timeout (1 s; the server would take a minute).
        try #"{"registries": {"@f": {"url": "\#(faults.url)/r/{name}.json", "allowedHosts": ["127.0.0.1:\#(server.port)"], "timeout": 1}}}"#
            .write(toFile: "\(work)/catalog.json", atomically: true, encoding: .utf8)
        let followed = try add("@f/redirect")
        #expect(followed?.code == "fetch-failed" && followed?.message.contains("answered 404") == true, "\(String(describing: followed))")
        #expect(followed?.source == "\(faults.url)/r/carbon.json")
        let slow = try add("@f/slow")
        #expect(
            slow?.code == "fetch-failed" && slow?.message.hasSuffix("slow.json: timed out") == true && slow?.source == "\(faults.url)/r/slow.json",
            "\(String(describing: slow))")

        // Items that depend on each other: a-rise, as a proxy rewrote it, depends on a-welcome.
        let site = folder.file("site")
        #expect(try CLI.run(["--db", a, "registry", "build", site]).status == 0)
        let riseFile = "\(site)/a-rise.json"
        guard case .object(var item) = try JSONReader.read(try String(contentsOfFile: riseFile, encoding: .utf8)) else { throw CancellationError() }
        item["registryDependencies"] = ["a-welcome"]
        try JSONValue.object(item).prettyText.write(toFile: riseFile, atomically: true, encoding: .utf8)
        let cdn = try StaticHTTPServer(folder: site)
        let cycle = try add("\(cdn.url)/a-welcome.json")
        #expect(cycle?.code == "dependency-cycle" && cycle?.message.contains("a-welcome → a-rise → a-welcome") == true, "\(String(describing: cycle))")
        #expect(try Self.listed(b) == before && !FileManager.default.fileExists(atPath: "\(work)/catalog.lock"))
    }
}
