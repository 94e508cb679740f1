import ArgumentParser
import CatalogKit
import Foundation

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Rebuild the scene from the event log and print frames of presentation values.",
        discussion: """
            Frames run from --from (default: scene time 0, or the log's base once it was compacted) \
            to --until (default: when the last event happened or the last animation ends) at --fps \
            (default 10), for every object with an animation, or --object ID. --seq N replays the log \
            only up to event N. The scene starts from the nearest snapshot before the first frame \
            and the log is read as it goes. The same log always prints the same bytes.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case table, json, csv }

    @OptionGroup var global: GlobalOptions
    @Option(help: "Only this object.", completion: DatabaseCompletion.objects()) var object: String?
    @Option(parsing: .unconditional, help: "First frame time in seconds.") var from: Double?
    @Option(parsing: .unconditional, help: "Last frame time in seconds.") var until: Double?
    @Option(parsing: .unconditional, help: "Replay the log up to this event sequence number.") var seq: Int64?
    @Option(parsing: .unconditional, help: "Frames per second.") var fps: Double = 10
    @Option(help: "Output format: table, json or csv.") var format: Format = .table
    @Flag(help: "Rebuild the whole state from the log into a scratch database and compare content hashes with the live one; check every kept snapshot against a fresh fold.")
    var verify = false
    @Flag(help: "Frames as a viewer who prefers reduced motion sees them (each animation's reducedMotion:).")
    var reducedMotion = false

    func validate() throws {
        if until != nil, seq != nil { throw ValidationError("give --until or --seq, not both") }
        if let from, !(from >= 0 && from.isFinite) { throw ValidationError("--from takes a scene time, 0 or more, not \(from)") }
        if !(fps > 0 && fps.isFinite) { throw ValidationError("--fps must be a positive number of frames per second, not \(fps)") }
    }

    func run() throws {
        let catalog = try global.open(forReading: true)
        if verify {
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-verify-\(ProcessInfo.processInfo.processIdentifier).sqlite").path
            defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: scratch + suffix) } }
            let result: SceneVerification.Result
            do { result = try SceneVerification.verify(catalog, scratch: scratch) } catch let failure as SceneVerification.ReplayFailure {
                throw CommandFailure("the log does not replay: \(failure.description)")
            }
            guard result.matches else {
                if let divergence = result.firstDivergence { throw CommandFailure("the log does not rebuild the live state: \(divergence)") }
                throw CommandFailure("the log does not rebuild the live state: live \(result.live), rebuilt \(result.rebuilt)")
            }
            if let base = result.base {
                print("verified: the log's base (the snapshot at event \(base.seq), t=\(JSONValue.numberText(base.sceneTime))) and the "
                      + "\(result.events) events after it fold to the live state (scene hash \(result.live))")
            } else {
                print("verified: \(result.events) events rebuild the live state (content hash \(result.live))")
            }
            return
        }
        var replay = try SceneReplay(catalog: catalog)
        if let seq { replay = replay.upTo(seq: seq) }
        if let object, try catalog.objects.get(object) == nil, seq == nil {
            throw CommandFailure("no object '\(object)': `catalog object list` shows them")
        }
        let frames: [SceneReplay.Frame]
        do { frames = try replay.frames(fps: fps, from: try from ?? replay.earliestTime(), until: try until ?? replay.naturalEnd(reducedMotion: reducedMotion),
                                        object: object, reducedMotion: reducedMotion) } catch {
            throw CommandFailure("\(error)")
        }
        switch format {
        case .json:
            printJSON(["frames": .array(frames.map { frame in
                ["t": .number(frame.time), "objects": .object(frame.objects.mapValues { .object($0.mapValues(\.jsonValue)) })]
            })])
        case .table, .csv:
            var rows: [[String]] = []
            for frame in frames {
                for id in frame.objects.keys.sorted() {
                    for (property, value) in frame.objects[id]!.sorted(by: { $0.key < $1.key }) {
                        rows.append([JSONValue.numberText(frame.time), id, property, value.jsonValue.canonicalText])
                    }
                }
            }
            if format == .csv {
                print("t,object,property,value")
                for row in rows { print(row.map(Self.csvField).joined(separator: ",")) }
            } else {
                var table = Table("T", "OBJECT", "PROPERTY", "VALUE")
                for row in rows { table.append(row: row) }
                print(table.render())
            }
        }
    }

    /// RFC 4180: quote fields holding commas, quotes or line breaks.
    static func csvField(_ text: String) -> String {
        guard text.contains(where: { ",\"\n\r".contains($0) }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
