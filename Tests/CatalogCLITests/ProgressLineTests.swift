import Foundation
import TestSupport
import Testing

/// The progress line of long commands: drawn on standard error when it is a terminal (a
/// pseudo-terminal from `script`), erased at the end, in colour unless `NO_COLOR`; never with
/// `--quiet`, `--format json`, or when standard error is a pipe — and what goes to standard
/// output is the same bytes either way.
struct ProgressLineTests {
    private static let erase = "\r\u{1B}[2K"

    /// Runs `catalog ARGUMENTS` with standard error on a pseudo-terminal and standard output to
    /// a file: what the terminal showed, and what the command printed.
    private func onTerminal(
        _ arguments: [String], db: String, environment: [String: String] = [:],
        folder: TemporaryFolder
    ) throws -> (terminal: String, stdout: String) {
        let output = folder.file("stdout-\(UUID().uuidString)")
        let quoted = ([CLI.executable] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["script", "-q", "-e", "-c", "\(quoted) > '\(output)'", "/dev/null"]
        var inherited = ProcessInfo.processInfo.environment
        inherited["NO_COLOR"] = nil
        inherited["CATALOG_DB"] = db
        inherited["TERM"] = "xterm"
        process.environment = inherited.merging(environment) { _, new in new }
        let terminal = Pipe()
        process.standardOutput = terminal
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let shown = terminal.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "catalog \(arguments) on a terminal: \(String(decoding: shown, as: UTF8.self))")
        return (String(decoding: shown, as: UTF8.self), (try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
    }

    private func rows(_ count: Int) -> String {
        (0..<count).map { #"{"object": "cell-\#($0)", "type": "cell"}"# }.joined(separator: "\n") + "\n"
            + (0..<count).map { #"{"object": "cell-\#($0)", "key": "alpha", "value": 0.5}"# }.joined(separator: "\n")
    }

    @Test func longCommandsDrawOnATerminalOnlyAndPrintTheSame() throws {
        let folder = TemporaryFolder()
        let file = folder.file("rows.jsonl")
        try rows(3_000).write(toFile: file, atomically: true, encoding: .utf8)
        let piped = folder.file("piped.sqlite"), shown = folder.file("shown.sqlite")

        // In a pipe: nothing but the command's own output.
        let quiet = try CLI.run(["import", file], environment: ["CATALOG_DB": piped])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
        let drawn = try onTerminal(["import", file], db: shown, folder: folder)
        #expect(drawn.stdout == quiet.stdout && quiet.stdout.hasPrefix("imported 3000 objects and 3000 properties"))
        // Checked rows, then written changes, each as "N% (done/total unit)", then erased.
        #expect(drawn.terminal.contains("checking\u{1B}[0m  0% (0/6,000 rows)"), "\(drawn.terminal.debugDescription)")
        #expect(drawn.terminal.contains("writing\u{1B}[0m  0% (0/6,000 changes)"), "\(drawn.terminal.debugDescription)")
        #expect(drawn.terminal.hasSuffix(Self.erase), "\(drawn.terminal.suffix(40).debugDescription)")

        // Output for programs draws nothing, and neither does --quiet.
        let json = try onTerminal(["snapshot", "--format", "json"], db: piped, folder: folder)
        #expect(json.terminal.isEmpty && json.stdout.contains("\"objects\": 3000"), "\(json.terminal.debugDescription) \(json.stdout)")
        #expect(try onTerminal(["replay", "--verify", "--quiet"], db: piped, folder: folder).terminal.isEmpty)

        // Without colour: plain text, erased with spaces.
        let events = try CLI.run(["log", "--format", "jsonl"], environment: ["CATALOG_DB": shown]).stdout.split(separator: "\n").count
        let plain = try onTerminal(["snapshot"], db: shown, environment: ["NO_COLOR": "1"], folder: folder)
        #expect(
            !plain.terminal.contains("\u{1B}")
                && plain.terminal.contains(
                    "\rfolding the log  0% (0/\(events.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))) events)"),
            "\(plain.terminal.debugDescription)")
        #expect(plain.stdout.hasPrefix("snapshot at event \(events) "))

        // Every long command reports its own steps; each leaves the line erased.
        let archive = folder.file("history.jsonl")
        let steps: [([String], String, [String])] = [
            (["replay", "--verify"], shown, ["rebuilding", "hashing"]),
            (["store", "export", "-o", archive], shown, ["exporting"]),
            (["store", "import", archive], folder.file("restored.sqlite"), ["importing", "hashing"]),
            (["log", "compact", "--before", "5000"], shown, ["folding the log", "removing events", "reclaiming space"])
        ]
        for (arguments, db, names) in steps {
            let run = try onTerminal(arguments, db: db, folder: folder)
            for name in names { #expect(run.terminal.contains("\u{1B}[1;36m\(name)\u{1B}[0m"), "\(arguments): \(name) in \(run.terminal.debugDescription)") }
            #expect(run.terminal.hasSuffix(Self.erase), "\(arguments)")
            let piped = try CLI.run(
                arguments.map { $0 == archive ? archive + ".again" : $0 }, environment: ["CATALOG_DB": db == shown ? piped : folder.file("again.sqlite")])
            #expect(!piped.stderr.contains("\r"), "\(arguments): \(piped.stderr)")
        }
    }
}
