import ArgumentParser
import CatalogKit
import Foundation

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Rebuild the scene from the event log and print frames of presentation values.",
        discussion: """
            Frames run from --from (default: scene time 0, or the log's base once it was compacted) \
            to --until (default: when the last event happened or the last animation ends, at most \
            100,000 frames on, with a note) at --fps \
            (default 10), or at the times --at gives (a list, @FILE or - for standard input), for \
            every object with an animation, or --object ID. --seq N replays the log only up to event \
            N. The scene starts from the nearest snapshot before the first frame, the log is read as \
            it goes and frames print as they are computed (the table sizes its columns on the first \
            1,000 rows). The same log always prints the same bytes.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case table, json, csv }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var progress: ProgressOptions
    @Option(help: "Only this object.", completion: DatabaseCompletion.objects()) var object: String?
    @Option(parsing: .unconditional, help: "First frame time in seconds.") var from: Double?
    @Option(parsing: .unconditional, help: "Last frame time in seconds (default: the last event or animation end, at most 100,000 frames).") var until: Double?
    @Option(parsing: .unconditional, help: "Replay the log up to this event sequence number.") var seq: Int64?
    @Option(parsing: .unconditional, help: "Frames per second.") var fps: Double = 10
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Frames at these scene times, in increasing order: T[,T…], @FILE or - (standard input).",
            valueName: "times")) var at: String?
    @Option(help: "Output format: table, json or csv.") var format: Format = .table
    @Flag(
        help:
            "Rebuild the whole state from the log into a scratch database and compare content hashes with the live one; check every kept snapshot against a fresh fold."
    )
    var verify = false
    @Flag(help: "Frames as a viewer who prefers reduced motion sees them (each animation's reducedMotion:).")
    var reducedMotion = false

    func validate() throws {
        if until != nil, seq != nil { throw ValidationError("give --until or --seq, not both") }
        if at != nil, from != nil || until != nil { throw ValidationError("--at gives the frame times: leave out --from and --until") }
        if let from, !(from >= 0 && from.isFinite) { throw ValidationError("--from takes a scene time, 0 or more, not \(from)") }
        if !(fps > 0 && fps.isFinite) { throw ValidationError("--fps must be a positive number of frames per second, not \(fps)") }
    }

    func run() throws {
        let catalog = try global.open(forReading: true)
        if verify {
            let result: SceneVerification.Result
            let line = progress.line()
            defer { line?.finish() }
            do { result = try SceneVerification.verify(catalog, progress: line?.report) } catch let failure as SceneVerification.ReplayFailure {
                throw CommandFailure(failure, message: "the log does not replay: \(failure.description)")
            }
            line?.finish()
            guard result.matches else {
                if let divergence = result.firstDivergence {
                    throw CommandFailure("the log does not rebuild the live state: \(divergence)", code: .replayMismatch)
                }
                throw CommandFailure(
                    "the log does not rebuild the live state: live \(result.live), rebuilt \(result.rebuilt)", code: .replayMismatch,
                    fields: ["live": .string(result.live), "rebuilt": .string(result.rebuilt)])
            }
            if let base = result.base {
                print(
                    "verified: the log's base (the snapshot at event \(base.seq), t=\(JSONValue.numberText(base.sceneTime))) and the "
                        + "\(result.events) events after it fold to the live state (scene hash \(result.live))")
            } else {
                print("verified: \(result.events) events rebuild the live state (content hash \(result.live))")
            }
            return
        }
        var replay = try SceneReplay(catalog: catalog)
        if let seq { replay = replay.upTo(seq: seq) }
        if let object, try catalog.objects.get(object) == nil, seq == nil {
            throw CommandFailure("no object '\(object)': `catalog object list` shows them", code: .unknownObject, fields: ["id": .string(object)])
        }
        var output = FrameOutput(format: format)
        if let at {
            try replay.forEachFrame(at: try TimeList.read(at), object: object, reducedMotion: reducedMotion) { output.write($0) }
        } else {
            let span = try replay.span(fps: fps, from: from, until: until, reducedMotion: reducedMotion)
            if let cut = span.cut {
                FileHandle.standardError.write(
                    Data(
                        ("note: frames stop at t=\(JSONValue.numberText(cut.lastFrame)) after \(SampleTimes.implicitFrameBudget) "
                            + "frames; the scene's last animation ends at t=\(JSONValue.numberText(cut.naturalEnd)): give --from/--until or a lower --fps for the rest\n")
                            .utf8))
            }
            try replay.forEachFrame(fps: fps, from: span.from, until: span.until, object: object, reducedMotion: reducedMotion) { output.write($0) }
        }
        output.finish()
    }

    /// Frames as they come: the library's ``FrameWriter`` for JSON and CSV, a table otherwise.
    struct FrameOutput {
        private var writer: FrameWriter?
        private var table = StreamingTable("T", "OBJECT", "PROPERTY", "VALUE")
        private var text = BufferedOutput()

        init(format: Format) {
            writer =
                switch format {
                case .json: FrameWriter(format: .json)
                case .csv: FrameWriter(format: .csv)
                case .table: nil
                }
            if let writer { text.write(writer.header) }
        }

        mutating func write(_ frame: SceneReplay.Frame) {
            // The writer counts frames as it writes (`text(for:)` is mutating): used in place.
            if writer != nil {
                text.write(writer!.text(for: frame))
            } else {
                for row in FrameWriter.rows(of: frame) { table.append(row) }
            }
        }

        mutating func finish() {
            if let writer { text.write(writer.end) } else { table.finish() }
            text.flush()
        }
    }
}
