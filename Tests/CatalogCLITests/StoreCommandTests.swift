import CatalogKit
import Foundation
import TestSupport
import Testing

/// `catalog store export` / `store import` end to end: the archive written to a file is the one
/// written to standard output, an import into a new database gives back the same archive and the
/// same `replay --verify` hash, and refusals exit non-zero naming what to do, writing nothing.
struct StoreCommandTests {
    let folder = TemporaryFolder()

    private func run(_ arguments: [String], db: String) throws -> CLI.Result {
        try CLI.run(["--db", db] + arguments)
    }

    private func verifiedHash(_ db: String) throws -> String? {
        let result = try run(["replay", "--verify"], db: db)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: " ").last.map { String($0.dropLast(2)) }
    }

    @Test func exportThenImportGivesTheSameArchiveAndHash() throws {
        let source = folder.file("source.sqlite"), copy = folder.file("copy.sqlite")
        #expect(try run(["demo"], db: source).status == 0)
        #expect(try run(["prop", "set", "demo-cell", "title", "\"Hello\""], db: source).status == 0)
        let archive = folder.file("history.jsonl")
        let exported = try run(["store", "export", "-o", archive], db: source)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdout.hasPrefix("exported "))
        #expect(try run(["store", "export"], db: source).stdout == String(contentsOfFile: archive, encoding: .utf8))
        #expect(!FileManager.default.fileExists(atPath: archive + ".partial"))

        let imported = try run(["store", "import", archive], db: copy)
        #expect(imported.status == 0, "\(imported.stderr)")
        let sourceHash = try verifiedHash(source)
        #expect(sourceHash != nil)
        #expect(imported.stdout.contains("content hash \(sourceHash ?? "?")"))
        #expect(try verifiedHash(copy) == sourceHash)
        #expect(try run(["store", "export"], db: copy).stdout == String(contentsOfFile: archive, encoding: .utf8))
        #expect(
            try run(["state", "demo-cell", "--format", "json"], db: copy).stdout
                == run(["state", "demo-cell", "--format", "json"], db: source).stdout)

        // A second import into the now full copy is refused, and changes nothing.
        let again = try run(["store", "import", archive], db: copy)
        #expect(again.status == 1)
        #expect(again.stderr.contains("already holds") && again.stderr.contains("give --db a new database"))
        #expect(try verifiedHash(copy) == sourceHash)
    }

    @Test func aCutShortArchiveIsRefusedAndTheNewDatabaseStaysEmpty() throws {
        let source = folder.file("source.sqlite"), copy = folder.file("copy.sqlite")
        #expect(try run(["demo"], db: source).status == 0)
        let text = try run(["store", "export"], db: source).stdout
        let cut = folder.file("cut.jsonl")
        try Data(text.split(separator: "\n").dropLast().joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: cut))
        let refused = try run(["store", "import", cut], db: copy)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("\(cut): it ends without its closing line"))
        // Nothing was written: the same database still takes the whole archive.
        let whole = folder.file("whole.jsonl")
        try Data(text.utf8).write(to: URL(fileURLWithPath: whole))
        #expect(try run(["store", "import", whole], db: copy).status == 0)
    }

    /// An archive is a history someone may have edited: an application in it that could not be
    /// replayed (here a parameter the body refuses, with the archive's hash made to match) is
    /// refused naming its line, and nothing is imported.
    @Test func anArchiveWhoseApplicationCouldNotReplayIsRefused() throws {
        let source = folder.file("source.sqlite"), copy = folder.file("copy.sqlite")
        #expect(try run(["object", "add", "v", "--type", "view"], db: source).status == 0)
        #expect(try run(["apply", "fade-in", "--to", "v"], db: source).status == 0)
        var lines = try run(["store", "export"], db: source).stdout.split(separator: "\n").map(String.init)
        let index = try #require(lines.firstIndex { $0.contains(#""operation":"apply""#) })
        #expect(lines[index].contains(#""parameters":{}"#))
        lines[index] = lines[index].replacingOccurrences(of: #""parameters":{}"#, with: #""parameters":{"duration":1e300}"#)
        let events = lines.dropFirst().dropLast()
        let digest = ContentDigest.sha256Hex(Data(events.map { $0 + "\n" }.joined().utf8))
        lines[lines.count - 1] = #"{"end":{"events":\#(events.count),"sha256":"\#(digest)"}}"#
        let edited = folder.file("edited.jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: edited))
        let refused = try run(["store", "import", edited], db: copy)
        #expect(
            refused.status == 1 && refused.stderr.contains("\(edited):\(index + 1): this application could not be replayed")
                && refused.stderr.contains("duration"), "\(refused.stderr)")
        // Nothing was imported: the same database still takes the archive as exported.
        let whole = folder.file("whole.jsonl")
        try Data(try run(["store", "export"], db: source).stdout.utf8).write(to: URL(fileURLWithPath: whole))
        #expect(try run(["store", "import", whole], db: copy).status == 0)
    }
}
