import Foundation
import TestSupport
import Testing

/// Chains and layouts refuse what could never run, by name, and change nothing.
struct RefusalTests {
    private func run(_ arguments: [String], db: String) throws -> CLI.Result { try CLI.run(arguments, environment: ["CATALOG_DB": db]) }

    @Test(arguments: CLIBackend.allCases) func chainsThatCouldNotRunAreRefusedAtAdd(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let db = try backend.database(in: folder)
        let decorator = folder.file("bad.yaml"), itself = folder.file("self.yaml")
        try "name: bad-chain\nkind: chain\nversion: 1.0.0\nchain:\n  roles: [a]\n  sequence:\n    - {animate: a, component: hyperlink}\n"
            .write(toFile: decorator, atomically: true, encoding: .utf8)
        try "name: self-chain\nkind: chain\nversion: 1.0.0\nchain:\n  roles: [a]\n  sequence:\n    - {animate: a, component: self-chain}\n"
            .write(toFile: itself, atomically: true, encoding: .utf8)
        let notAnAnimation = try run(["add", decorator], db: db)
        #expect(
            notAnAnimation.status == 1
                && notAnAnimation.stderr.contains("bad-chain runs hyperlink, a decorator: a chain step (or a reducedMotion stand-in) takes an animation"))
        let runsItself = try run(["add", itself], db: db)
        #expect(runsItself.status == 1 && runsItself.stderr.contains("self.yaml: chain: runs itself (component: self-chain)"))
        #expect(!(try run(["list", "--kind", "chain"], db: db).stdout.contains("-chain ")))
    }

    @Test(arguments: CLIBackend.allCases) func applicationsThatCouldNotMeanAnythingAreRefused(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let db = try backend.database(in: folder)
        for id in ["v1", "v2"] { #expect(try run(["object", "add", id, "--type", "view"], db: db).status == 0) }
        for (arguments, message) in [
            (
                ["apply", "fade-sequence", "--role", "image=v1", "--role", "headline=v1", "--role", "content=v2", "--role", "nonsense=v2"],
                "fade-sequence has no role 'nonsense' (roles: image, headline, content)"
            ),
            (
                ["apply", "decorating-layout", "--role", "content=v1", "--role", "decoration=v1", "--param", "rect=0,0,120,40"],
                "v1 is bound to 2 slots (content, decoration): bind each object to one slot"
            ),
            (["apply", "decorating-layout"], "decorating-layout lays out nothing: bind its slots with --role SLOT=ID")
        ] {
            let result = try run(arguments, db: db)
            #expect(result.status == 1 && result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        #expect(!(try run(["log"], db: db).stdout.contains("apply")), "nothing applied")
    }

    /// A NUL inside a property's text is kept whole everywhere it goes (value column, event
    /// payload, replay), never cut short in one of them.
    @Test(arguments: CLIBackend.allCases) func aNULInAPropertyValueIsKeptWhole(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let db = try backend.database(in: folder)
        #expect(try run(["object", "add", "v1", "--type", "view"], db: db).status == 0)
        #expect(try run(["prop", "set", "v1", "note", #""a\u0000b""#], db: db).status == 0)
        let expected = #""value": "a\u0000b""#
        #expect(try run(["prop", "get", "v1", "note", "--format", "json"], db: db).stdout.contains(expected))
        #expect(try run(["replay", "--verify"], db: db).status == 0)
        // `state` shows it whole too.
        #expect(try run(["state", "v1", "--format", "json"], db: db).stdout.contains(#""note": "a\u0000b""#))
    }
}
