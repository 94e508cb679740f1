import ArgumentParser
import CatalogKit
import Foundation

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add objects and set properties in bulk from JSON Lines or CSV: all of them, or none.",
        discussion: """
            One change a line. {"object": "cell-1", "type": "cell", "owner": "list-1"} adds an object \
            (owner optional); {"object": "cell-1", "key": "frame", "value": [0, 0, 320, 44], "type": \
            "rect", "policy": "retain"} sets a property (type and policy optional, as for prop set; \
            value null removes it). A .csv file has a header of the same field names. Every row is \
            checked first; one bad row and nothing is written, and the error names its line. The \
            changes commit in one transaction, one event each.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var progress: ProgressOptions
    @Argument(help: "A .jsonl or .csv file, or - for JSON Lines on standard input.", completion: .file(extensions: ["jsonl", "csv"]))
    var file: String
    @Option(help: "The file's format: jsonl or csv (default: from its extension; JSON Lines for -).") var format: BulkImport.Format?
    @Option(parsing: .unconditional, help: "Scene time in seconds (default: the time of the last event).") var at: Double?

    func run() throws {
        let text: String
        if file == "-" {
            text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        } else {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw CommandFailure("cannot read \(file)", code: .cannotReadFile, fields: ["file": .string(file)])
            }
            text = String(decoding: data, as: UTF8.self)
        }
        let rows: BulkImport
        do { rows = try BulkImport(text: text, file: file, format: format) } catch {
            throw CommandFailure(error, message: "\(error)\nnothing was imported")
        }
        let catalog = try global.open()
        let summary: ImportSummary
        let line = progress.line()
        defer { line?.finish() }
        do { summary = try catalog.importRows(rows, at: at, progress: line?.report) } catch let error as ImportError {
            throw CommandFailure(error, message: "\(error)\nnothing was imported")
        }
        line?.finish()
        var summaryLine =
            "imported \(summary.objects) object\(summary.objects == 1 ? "" : "s") and \(summary.properties) propert\(summary.properties == 1 ? "y" : "ies")"
        if !summary.attached.isEmpty { summaryLine += "; attached \(summary.attached.count) decorator\(summary.attached.count == 1 ? "" : "s")" }
        print(summaryLine)
    }
}

extension BulkImport.Format: ExpressibleByArgument {}
