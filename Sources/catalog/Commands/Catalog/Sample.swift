import ArgumentParser
import CatalogKit
import Foundation

struct Sample: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample",
        abstract: "Evaluate an animation without any object: timing and values at each time.",
        discussion: """
            Samples a catalog component (NAME or NAME@VERSION) or a definition file. Times are in \
            seconds from the animation's start: a list with --at, or frames with --fps between \
            --from (default 0) and --to (default: when the animation ends). `progress` and \
            `iteration` are what getComputedTiming() reports in a browser, null when not in effect; \
            values are presentation values, the initial value where the animation does not show. \
            Transforms print as 16 numbers m11…m44, colours as [r, g, b, a] in 0…1.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var referenceBox: ReferenceBoxOption
    @Argument(
        help: "A component NAME[@VERSION], or a definition file (.yaml, .json, - for stdin).",
        completion: DatabaseCompletion.components())
    var component: String
    @Option(
        parsing: .unconditional,
        help: """
            Times in seconds, comma-separated (0,0.05,0.1; --at -0.1,0 works); @FILE reads them from a file         and - from standard input, separated by commas, spaces or newlines.
            """) var at: String?
    @Option(parsing: .unconditional, help: "Frames per second between --from and --to.") var fps: Double?
    @Option(parsing: .unconditional, help: "First frame time with --fps (default 0).") var from: Double?
    @Option(parsing: .unconditional, help: "Last frame time with --fps (default: the end of the animation).") var to: Double?
    @Option(name: .customLong("param"), help: ArgumentHelp("A parameter value (repeatable).", valueName: "NAME=VALUE")) var parameters: [KeyValue] = []
    @Option(help: "Output format: table or json.") var format: OutputFormat = .table
    @Flag(help: "Sample what the animation becomes when the user prefers reduced motion (its reducedMotion:).")
    var reducedMotion = false
    @OptionGroup var context: TokenContextOption

    func validate() throws {
        guard (at == nil) != (fps == nil) else { throw ValidationError("give either --at T[,T…] or --fps N") }
        for (name, value) in [("--from", from), ("--to", to), ("--fps", fps)] {
            if let value, !value.isFinite { throw ValidationError("\(name) must be a finite number, not \(value)") }
        }
        if let fps, fps <= 0 { throw ValidationError("--fps must be a positive number of frames per second, not \(fps)") }
        if at != nil, from != nil || to != nil { throw ValidationError("--from and --to go with --fps") }
    }

    /// The animation and the times the options name.
    func sampled() throws -> (sampling: AnimationSampling, times: [Double]) {
        let resolver = global.resolver()
        resolver.tokenContexts = try context.chosen()
        let sampling = try resolver.sampling(
            of: component, parameters: KeyValue.dictionary(parameters), reducedMotion: reducedMotion, referenceBox: referenceBox.box)
        let times =
            if let at { try TimeList.read(at) } else {
                try SampleTimes.frames(fps: fps!, from: from ?? 0, to: to ?? sampling.effect.endTime)
            }
        return (sampling, times)
    }

    /// What `--format json` prints, whole.
    func jsonText() throws -> String {
        let (sampling, times) = try sampled()
        var text = ""
        sampling.writeJSON(at: times) { text += $0 }
        return text
    }

    func run() throws {
        let (sampling, times) = try sampled()
        switch format {
        case .json:
            // Written as the writer hands its 64 KiB pieces over, without copying them again.
            sampling.writeJSON(
                at: times,
                bytes: { bytes in
                    FileHandle.standardOutput.write(
                        Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: bytes.baseAddress!), count: bytes.count, deallocator: .none))
                })
            FileHandle.standardOutput.write(Data("\n".utf8))
        case .table:
            let (header, rows) = sampling.table(at: times)
            var table = Table(header: header)
            for row in rows { table.append(row: row) }
            print(table.render())
        }
    }
}
