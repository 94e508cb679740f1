import Foundation
import TestSupport
import Testing

/// `log` pages and streams: --limit, --after (--since), --reverse, and JSON Lines whose lines are
/// the events `--format json` lists.
struct LogCommandTests {
    private func run(_ arguments: [String], db: String) throws -> CLI.Result { try CLI.run(arguments, environment: ["CATALOG_DB": db]) }

    @Test(arguments: CLIBackend.allCases) func pagesAndStreams(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let db = try backend.database(in: folder)
        for index in 0..<5 { #expect(try run(["object", "add", "v\(index)", "--type", "view"], db: db).status == 0) }
        let all = try JSONSerialization.jsonObject(with: Data(try run(["log", "--format", "json"], db: db).stdout.utf8)) as! [[String: Any]]
        let seqs = all.map { $0["seq"] as! Int }
        #expect(seqs == seqs.sorted() && seqs.count >= 5)

        func lines(_ arguments: [String]) throws -> [[String: Any]] {
            try run(["log", "--format", "jsonl"] + arguments, db: db).stdout.split(separator: "\n").map {
                try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
            }
        }
        // Every line one event, the same as the document lists.
        #expect(try lines([]).map { $0["seq"] as! Int } == seqs)
        #expect(try lines(["--limit", "2"]).map { $0["seq"] as! Int } == Array(seqs.prefix(2)))
        #expect(try lines(["--reverse", "--limit", "2"]).map { $0["seq"] as! Int } == Array(seqs.reversed().prefix(2)))
        let cut = seqs[seqs.count - 3]
        #expect(try lines(["--after", String(cut)]).map { $0["seq"] as! Int } == seqs.filter { $0 > cut })
        #expect(try lines(["--since", String(cut), "--object", "v4"]).map { $0["object"] as! String } == ["v4"])
        // The table says the same, newest first.
        let table = try run(["log", "--reverse", "--limit", "1"], db: db).stdout.split(separator: "\n")
        #expect(table.count == 2 && table[1].hasPrefix("\(seqs.last!) "))
        #expect(try run(["log", "--limit", "-1"], db: db).status == 64)
    }
}

/// `object list` pages by id with --after and --limit, and streams JSON Lines.
struct ObjectListPagingTests {
    @Test(arguments: CLIBackend.allCases) func pagesJoinUpToTheWholeList(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let env = ["CATALOG_DB": try backend.database(in: folder)]
        let ids = (0..<7).map { "obj-\($0)" }
        let lines = ids.map { #"{"object": "\#($0)", "type": "view"}"# }.joined(separator: "\n")
        #expect(try CLI.run(["import", "-"], environment: env, stdin: lines).status == 0)
        func page(_ arguments: [String]) throws -> [String] {
            try CLI.run(["object", "list", "--format", "jsonl"] + arguments, environment: env).stdout.split(separator: "\n").map {
                (try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any])["id"] as! String
            }
        }
        #expect(try page([]) == ids)
        var seen: [String] = []
        var after: [String] = []
        while true {
            let next = try page(["--limit", "3"] + after)
            if next.isEmpty { break }
            seen += next
            after = ["--after", next.last!]
        }
        #expect(seen == ids)
        let table = try CLI.run(["object", "list"], environment: env).stdout.split(separator: "\n").dropFirst().map { String($0.prefix { $0 != " " }) }
        #expect(table == ids)
        // Backwards: the last id first, pages joining up the same way.
        #expect(try page(["--reverse"]) == ids.reversed())
        #expect(try page(["--reverse", "--after", "obj-4", "--limit", "2"]) == ["obj-3", "obj-2"])
    }
}

/// `list` pages components by name with --after, --limit and --reverse, and streams JSON Lines.
struct ComponentListPagingTests {
    @Test(arguments: CLIBackend.allCases) func pagesJoinUpToTheWholeList(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let env = ["CATALOG_DB": try backend.database(in: folder)]
        func names(_ arguments: [String]) throws -> [String] {
            try CLI.run(["list", "--format", "jsonl"] + arguments, environment: env).stdout.split(separator: "\n").map {
                (try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any])["name"] as! String
            }
        }
        let all = try names([])
        #expect(all.count >= 10 && all == all.sorted())
        let document = try JSONSerialization.jsonObject(with: Data(try CLI.run(["list", "--format", "json"], environment: env).stdout.utf8)) as! [[String: Any]]
        #expect(document.map { $0["name"] as! String } == all)
        for reverse in [false, true] {
            var seen: [String] = []
            var after: [String] = []
            while true {
                let next = try names(["--limit", "4"] + after + (reverse ? ["--reverse"] : []))
                if next.isEmpty { break }
                seen += next
                after = ["--after", next.last!]
            }
            #expect(seen == (reverse ? all.reversed() : all))
        }
        #expect(try names(["--kind", "layout", "--limit", "1"]).count == 1)
        // search ranks, so it pages by count only.
        let found =
            try JSONSerialization.jsonObject(with: Data(try CLI.run(["search", "fade", "--format", "json"], environment: env).stdout.utf8)) as! [[String: Any]]
        let first =
            try JSONSerialization.jsonObject(with: Data(try CLI.run(["search", "fade", "--limit", "1", "--format", "json"], environment: env).stdout.utf8))
            as! [[String: Any]]
        #expect(found.count > 1 && first.count == 1 && first[0]["name"] as? String == found[0]["name"] as? String)
        #expect(try CLI.run(["search", "fade", "--limit", "0"], environment: env).status == 64)
        #expect(try CLI.run(["list", "--limit", "-2"], environment: env).status == 64)
    }
}
