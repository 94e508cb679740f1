import ArgumentParser
import CatalogKit
import Foundation

struct StoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Move a whole store's history between databases, or keep it as a backup.",
        discussion: """
            store export writes the event log — components included — as JSON Lines, closed by a \
            line that counts and hashes the events; store import rebuilds a new, empty database \
            from it, carrying every event out again and checking it logs the same line. \
            replay --verify then gives the same content hash on both.
            """,
        subcommands: [StoreExport.self, StoreImport.self])
}

struct StoreExport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the whole history as JSON Lines (to standard output, or -o FILE).",
        discussion: """
            The archive is one moment of the store, even while others write (events commit in \
            sequence order); a log compacted meanwhile is refused. With -o, the file appears only \
            once complete.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var progress: ProgressOptions
    @Option(
        name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"),
        completion: .file(extensions: ["jsonl"]))
    var output: String?

    func validate() throws {
        if let output, output.isEmpty { throw ValidationError("-o takes a file path") }
    }

    func run() throws {
        let catalog = try global.open(forReading: true)
        // Not over the archive itself when it is printed on the same terminal.
        let line = progress.line(shown: output != nil || isatty(STDOUT_FILENO) == 0)
        defer { line?.finish() }
        guard let output else {
            var buffered = BufferedOutput()
            try catalog.exportHistory(progress: line?.report) { buffered.write($0) }
            buffered.flush()
            return
        }
        // Written beside the target, then renamed: a failed export leaves no partial archive.
        let partial = output + ".partial"
        guard FileManager.default.createFile(atPath: partial, contents: nil), let file = FileHandle(forWritingAtPath: partial) else {
            throw CommandFailure("cannot write \(output): its folder is missing or not writable", code: .cannotWriteFile, fields: ["file": .string(output)])
        }
        let summary: StoreArchive.Summary
        do {
            var pending: [UInt8] = []
            summary = try catalog.exportHistory(progress: line?.report) { text in
                pending.append(contentsOf: text.utf8)
                if pending.count >= 1 << 20 { try file.write(contentsOf: pending); pending.removeAll(keepingCapacity: true) }
            }
            try file.write(contentsOf: pending)
            try file.synchronize()
            try file.close()
            guard rename(partial, output) == 0 else {
                throw CommandFailure("cannot write \(output): \(String(cString: strerror(errno)))", code: .cannotWriteFile, fields: ["file": .string(output)])
            }
        } catch {
            try? file.close()
            try? FileManager.default.removeItem(atPath: partial)
            throw error
        }
        line?.finish()
        print("exported \(summary.events) event\(summary.events == 1 ? "" : "s") (through seq \(summary.lastSeq)) to \(output), sha256 \(summary.sha256)")
    }
}

struct StoreImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Rebuild a new, empty database from an archive written by store export.",
        discussion: """
            Every event is carried out again at its scene time and must log exactly its line again; \
            the closing line must count and hash the events. All in one transaction: a refused \
            archive leaves the database empty. The built-in catalog is not loaded first — the \
            archive brings the components it had.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var progress: ProgressOptions
    @Argument(help: ArgumentHelp("The archive (JSON Lines).", valueName: "file"), completion: .file(extensions: ["jsonl"]))
    var file: String

    func run() throws {
        let catalog = try global.open(loadBuiltIns: false)
        let line = progress.line()
        defer { line?.finish() }
        let summary = try catalog.importHistory(from: file, progress: line?.report)
        line?.report(WorkProgress(step: "hashing", done: 0, unit: "stores"))
        let hash = try catalog.contentHash()
        line?.finish()
        print("imported \(summary.events) event\(summary.events == 1 ? "" : "s") (through seq \(summary.lastSeq)) from \(file) into \(catalog.path)")
        print("content hash \(hash)")
    }
}
