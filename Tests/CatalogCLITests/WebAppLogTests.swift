import CatalogModel
import Foundation
import TestSupport
import Testing

/// The log page as a person reads it, in Chromium through WebDriver, on each backend: each row
/// names what its event is about (the component added, the object and key set, the component
/// applied); picking an operation or naming an object narrows the rows to what
/// `catalog log --operation … --object …` prints, and live events follow the same filter.
struct WebAppLogTests {
    static let rows = "return [...document.querySelectorAll('#events tr')].map(tr => [...tr.children].slice(0, 5).map(td => td.textContent))"

    /// `catalog log` rows as the page shows them: seq, t, operation, and (about, object) given by the test.
    static func logged(_ db: String, _ arguments: [String]) throws -> [JSONValue] {
        try JSONReader.read(try CLI.run(["--db", db, "log", "--format", "json"] + arguments).stdout).arrayValue ?? []
    }

    @Test(arguments: CLIBackend.allCases)
    func eachRowNamesItsSubjectAndTheFiltersNarrowThem(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let db = try backend.database(in: folder)
        for command in [
            ["object", "add", "card", "--type", "view"], ["object", "add", "field", "--type", "textField"],
            ["prop", "set", "card", "opacity", "0.5"], ["prop", "set", "field", "placeholder", "Email"],
            ["apply", "fade-in", "--to", "card", "--at", "0"]
        ] {
            let ran = try CLI.run(["--db", db] + command)
            #expect(ran.status == 0, "\(command): \(ran.stderr)")
        }
        // The command line and the API agree on the filter.
        let propSets = try Self.logged(db, ["--operation", "prop.set"])
        #expect(propSets.count == 2 && propSets.allSatisfy { $0["operation"]?.stringValue == "prop.set" })
        let aboutCard = try Self.logged(db, ["--object", "card", "--operation", "prop.set"])
        #expect(aboutCard.count == 1)
        let lines = try CLI.run(["--db", db, "log", "--operation", "prop.set", "--format", "jsonl", "--reverse"]).stdout.split(separator: "\n")
        #expect(lines.compactMap { try? JSONReader.read(String($0)) } == propSets.reversed())
        let server = try ServeProcess(db: db)
        let api = try server.get("/api/log?operation=prop.set")
        #expect(api.status == 200 && (try? JSONReader.read(api.body)) == .array(propSets))
        #expect(try server.get("/api/log?operation=prop.sett").status == 400)

        let outcome = try BrowserSession.run(
            base: server.url,
            steps: [
                .open("/log"),
                .read("all", Self.rows),
                // An operation picked filters at once.
                .set("#operation", "prop.set"),
                .wait("location.search === '?operation=prop.set&object='"),
                .read("propSets", Self.rows),
                // Then an object named; live events follow the filter.
                .type("#object", "card"), .click("#log-filters button[type=submit]"),
                .wait("document.body.dataset.object === 'card' && document.body.dataset.stream === 'open'"),
                .read("cardSets", Self.rows),
                .run([CLI.executable, "--db", db, "prop", "set", "field", "placeholder", "Name"]),
                .run([CLI.executable, "--db", db, "prop", "set", "card", "cornerRadius", "8"]),
                .wait("document.querySelectorAll('#events tr').length === 2"),
                .read("live", Self.rows),
                // An object's cell filters by it.
                .open("/log"), .click("#events tr:last-child td:nth-child(5) a"),
                .wait("document.body.dataset.object === 'card'"),
                .read("byLink", "return [...document.querySelectorAll('#events tr td:nth-child(5)')].map(td => td.textContent)")
            ])
        let results = outcome.results
        func rows(_ name: String) -> [[String]] { results[name]?.arrayValue?.map { $0.arrayValue?.compactMap(\.stringValue) ?? [] } ?? [] }
        let all = rows("all")
        func about(_ operation: String) -> [String] { all.filter { $0[2] == operation }.map { $0[3] } }
        #expect(about("object.add") == ["card (view)", "field (textField)"])
        #expect(about("prop.set") == ["card.opacity", "field.placeholder"])
        #expect(about("apply") == ["fade-in@1.0.0"])
        #expect(about("component.add").contains("fade-in@1.0.0"))
        #expect(rows("propSets").map { $0[0] } == propSets.compactMap { $0["seq"]?.numberValue.map { String(Int($0)) } })
        #expect(rows("cardSets").map { [$0[3], $0[4]] } == [["card.opacity", "card"]])
        #expect(rows("live").map { [$0[3], $0[4]] } == [["card.opacity", "card"], ["card.cornerRadius", "card"]])
        let byLink = results["byLink"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(!byLink.isEmpty && byLink.allSatisfy { $0 == "card" })
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
    }
}
