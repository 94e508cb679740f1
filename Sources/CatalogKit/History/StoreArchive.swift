import CatalogModel
internal import CatalogStore
import Foundation

/// A whole store's history as JSON Lines — what `catalog store export` writes and `catalog store
/// import` reads — to move a store between backends and to keep a backup that any build can
/// rebuild and check.
///
/// ```text
/// {"format":"component-catalog-store","version":1}
/// {"object":null,"operation":"component.add","payload":{…},"seq":1,"t":0}      one line per event,
/// …                                                                            as `log --format jsonl`
/// {"end":{"events":1234,"sha256":"…"}}
/// ```
///
/// The closing line counts the events and holds the SHA-256 of their lines (each with its
/// `\n`), so a file cut short or changed is refused, never half imported. Components travel in
/// the log itself (`component.add` carries the definition), so the history alone rebuilds
/// everything the content hash covers.
///
/// ```swift
/// let file = FileHandle(forWritingAtPath: "backup.jsonl")!
/// try catalog.exportHistory { file.write(Data($0.utf8)) }
/// let copy = try Catalog(path: "copy.sqlite", loadBuiltIns: false)
/// try copy.importHistory(from: "backup.jsonl")
/// ```
package enum StoreArchive {
    /// The first line of every archive.
    package static let header: JSONValue = try! JSONValueEncoder().encode(Header.current)

    /// What an export wrote or an import rebuilt.
    package struct Summary: Sendable, Hashable {
        /// How many events the archive holds.
        package var events: Int
        /// The last event's sequence number (0 for an empty log).
        package var lastSeq: Int64
        /// SHA-256 of the event lines, as the closing line holds it.
        package var sha256: String
    }

    /// Why an archive was refused, naming the file, the line (0: the file as a whole) and the rule.
    package struct FormatError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The archive's path.
        package var file: String
        /// The line refused (1 is the header), or 0 for the file as a whole.
        package var line: Int
        /// The rule it breaks.
        package var rule: String
        /// `FILE:LINE: rule`.
        package var description: String { line > 0 ? "\(file):\(line): \(rule)" : "\(file): \(rule)" }
    }

    /// Why a store cannot be exported or cannot take an import.
    package enum RefusalError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The log was compacted: events before `base` are gone, so it is no longer a whole history.
        case compacted(base: Int64)
        /// The store at `path` already holds `events` events; an import rebuilds from nothing.
        case notEmpty(path: String, events: Int64)

        /// What is in the way and what to do instead.
        package var description: String {
            switch self {
            case .compacted(let base):
                "the log was compacted (its history before event \(base) is gone), so the store cannot be exported as history: "
                    + "back up the database itself instead (for SQLite, `sqlite3 FILE \".backup COPY\"`)"
            case .notEmpty(let path, let events):
                "\(path) already holds \(events) events: an import rebuilds a store from nothing"
            }
        }
    }

    static func closingLine(events: Int, sha256: String) throws -> String {
        try JSONValueEncoder().encode(Closing(end: .init(events: events, sha256: sha256))).canonicalText
    }
}

extension Catalog {
    /// Writes the whole history — the header, every event as one line, the closing line — to
    /// `write`, a line (with its `\n`) at a time. The archive is one moment of a store others
    /// may be writing: SQLite reads it in one read transaction; PostgreSQL a page at a time, and
    /// as events commit in seq order, that is a moment too. A compacted log is refused
    /// (``StoreArchive/RefusalError/compacted(base:)``), also one compacted while it is read.
    /// `progress` hears the events written ("exporting").
    @discardableResult
    package func exportHistory(progress: ProgressHandler? = nil, _ write: (String) throws -> Void) throws -> StoreArchive.Summary {
        if let base = try database.snapshots.logBase() { throw StoreArchive.RefusalError.compacted(base: base.seq) }
        let total = progress == nil ? 0 : Int(try database.events.lastSeq())
        var counter = ProgressCounter(progress, step: "exporting", total: total, unit: "events")
        try write(StoreArchive.header.canonicalText + "\n")
        var digest = ContentDigest.Stream()
        var count = 0
        var last: Int64 = 0
        try database.events.forEachNumberedJSONLine { seq, line in
            // A log numbers its events 1, 2, 3…; only a compaction removes any. One that
            // committed after the check above (PostgreSQL reads the log a page at a time) shows
            // here as a gap, refused rather than written as a history that cannot rebuild.
            guard seq == last + 1 else { throw StoreArchive.RefusalError.compacted(base: seq - 1) }
            last = seq
            let text = line + "\n"
            digest.update(text)
            count += 1
            try write(text)
            counter.advance()
        }
        let sha256 = digest.hex
        try write(try StoreArchive.closingLine(events: count, sha256: sha256) + "\n")
        return StoreArchive.Summary(events: count, lastSeq: last, sha256: sha256)
    }

    /// Rebuilds this store — which must hold no events (open it with `loadBuiltIns: false`) —
    /// from the archive at `path`, in one transaction: every event is carried out again at its
    /// scene time and must log exactly its line again (same seq, operation, object, time and
    /// payload), the closing line must count and hash what came before it. Any refusal leaves
    /// the store as it was. `progress` hears the events read ("importing"), its fraction the
    /// share of the file read.
    @discardableResult
    package func importHistory(from path: String, progress: ProgressHandler? = nil) throws -> StoreArchive.Summary {
        let existing = try database.events.lastSeq()
        guard existing == 0, try database.snapshots.logBase() == nil else {
            throw StoreArchive.RefusalError.notEmpty(path: self.path, events: existing)
        }
        do {
            return try database.batch { store in
                var reader = ArchiveReading(file: path, target: store)
                let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
                var bytes = 0
                try JSONLinesReader(path: path).forEach { number, line in
                    try reader.read(line, number: number)
                    guard let progress else { return }
                    bytes += line.utf8.count + 1
                    if number % progressPage == 0 {
                        progress(
                            WorkProgress(
                                step: "importing", done: reader.summary.events, unit: "events",
                                fraction: size.map { $0 > 0 ? min(1, Double(bytes) / Double($0)) : 1 }))
                    }
                }
                try reader.finish()
                return reader.summary
            }
        } catch let error as JSONLinesReader.LineTooLong {
            throw StoreArchive.FormatError(file: path, line: error.line, rule: error.description)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            throw StoreArchive.FormatError(file: path, line: 0, rule: "no such file")
        }
    }
}

/// One pass over an archive into a store — the handle its batch gives: lines checked as read,
/// events carried out a page at a time, the log the rebuild wrote compared line for line.
struct ArchiveReading {
    let file: String
    let target: any CatalogBackend
    var rebuild: LogRebuild
    var digest = ContentDigest.Stream()
    var summary = StoreArchive.Summary(events: 0, lastSeq: 0, sha256: "")
    var sawHeader = false
    var closing: (line: Int, events: Int, sha256: String)?
    var lastTime = 0.0
    /// Input lines carried out whose logged line has not been read back yet.
    var pending: [(number: Int, line: String)] = []
    var nextPending = 0
    var rebuiltSeq: Int64 = 0
    /// The component versions the archive added so far, and the resolver over them that checks
    /// each application as `state` and `replay` will read it.
    let versions = ArchiveVersions()
    let resolve: SceneSnapshot.Resolver

    init(file: String, target: any CatalogBackend) {
        self.file = file
        self.target = target
        rebuild = LogRebuild()
        resolve = Catalog.resolver(
            kept: { [versions] name, version in versions.byVersion["\(name)@\(version)"] },
            newest: { [versions] reference in
                let named = ComponentReference(reference)
                return named.version.map { versions.byVersion["\(named.name)@\($0)"] } ?? versions.newest[named.name]
            })
    }

    func refuse(_ line: Int, _ rule: String) -> StoreArchive.FormatError { StoreArchive.FormatError(file: file, line: line, rule: rule) }

    mutating func read(_ line: String, number: Int) throws {
        if line.allSatisfy({ $0 == " " || $0 == "\t" }) { return }
        if let closing { throw refuse(number, "a line after the closing line (line \(closing.line)): the archive ends there") }
        let value: JSONValue
        do { value = try JSONReader.read(line) } catch { throw refuse(number, "not JSON: \(error)") }
        guard sawHeader else {
            guard (try? JSONValueDecoder().decode(StoreArchive.Header.self, from: value)) == .current else {
                throw refuse(
                    number, "the first line must be \(StoreArchive.header.canonicalText) (a catalog store archive, as `Catalog.exportHistory` writes it)")
            }
            sawHeader = true
            return
        }
        if value["end"] != nil {
            guard let end = try? JSONValueDecoder().decode(StoreArchive.Closing.self, from: value).end else {
                throw refuse(number, "end: the closing line is {\"end\": {\"events\": N, \"sha256\": HEX}}")
            }
            closing = (number, end.events, end.sha256)
            return
        }
        let event = try self.event(value, number: number)
        digest.update(line + "\n")
        summary.events += 1
        summary.lastSeq = event.seq
        lastTime = event.sceneTime
        let change: EventChange
        do { change = try event.change() } catch { throw refuse(number, "payload: \(error.problem)") }
        let added: ComponentDefinition?
        do { added = try rebuild.carryOut(event, change, into: target) } catch { throw refuse(number, "\(error)") }
        switch change {
        case .componentAdd(let name, let version, _):
            versions.byVersion["\(name)@\(version)"] = added
            versions.newest[name] = added
        case .apply(let object, let application):
            // An edited archive may hold an application no replay could evaluate.
            do { try Catalog.checkReplayable(application, on: object, resolve: resolve) } catch {
                throw refuse(number, "this application could not be replayed: \(error)")
            }
        default: break
        }
        pending.append((number, line))
        if pending.count >= 1_024 { try compareRebuilt() }
    }

    /// The event a line holds (``StoreArchive/EventLine``), following the one before it.
    func event(_ value: JSONValue, number: Int) throws -> Event {
        guard value.objectValue != nil else { throw refuse(number, "an event line is a JSON object") }
        let line: StoreArchive.EventLine
        do { line = try JSONValueDecoder().decode(StoreArchive.EventLine.self, from: value) } catch let error as ArchiveLineError {
            throw refuse(number, error.description)
        } catch let error as DecodingError {
            throw refuse(number, error.pathDescription)
        }
        guard line.seq > summary.lastSeq else { throw refuse(number, "seq: \(line.seq) does not follow \(summary.lastSeq) (sequence numbers increase)") }
        guard line.t >= lastTime else {
            throw refuse(
                number, "t: \(JSONValue.numberText(line.t)) is before the previous event's \(JSONValue.numberText(lastTime)) (scene time never goes back)")
        }
        return line.event
    }

    /// Reads back what the rebuild logged since last time and pairs it with the input lines
    /// (components the rebuild still holds, to add with their batch, stay pending).
    mutating func compareRebuilt() throws {
        var mismatch: StoreArchive.FormatError?
        try target.events.forEachNumberedJSONLine(since: rebuiltSeq) { seq, rebuilt in
            rebuiltSeq = seq
            guard mismatch == nil else { return }
            guard nextPending < pending.count else {
                mismatch = refuse(pending.last?.number ?? 0, "the rebuild logged an event the archive does not hold: \(rebuilt)")
                return
            }
            let (number, line) = pending[nextPending]
            nextPending += 1
            if rebuilt != line { mismatch = refuse(number, "this event rebuilds as \(rebuilt)") }
        }
        if let mismatch { throw mismatch }
        pending.removeFirst(nextPending)
        nextPending = 0
    }

    mutating func finish() throws {
        guard sawHeader else { throw refuse(0, "empty: a catalog store archive starts with \(StoreArchive.header.canonicalText)") }
        guard let closing else { throw refuse(0, "it ends without its closing line {\"end\": …}: the file is cut short") }
        summary.sha256 = digest.hex
        guard closing.events == summary.events else {
            throw refuse(closing.line, "end.events: the archive holds \(summary.events) events, not \(closing.events)")
        }
        guard closing.sha256 == summary.sha256 else { throw refuse(closing.line, "end.sha256: the event lines do not hash to it (the file was changed)") }
        try rebuild.flush(into: target)
        try compareRebuilt()
        if let first = pending.first { throw refuse(first.number, "this event logged nothing when carried out again") }
    }
}

/// The component versions an archive added so far, by `NAME@VERSION` and the newest by name:
/// what its applications resolve against while it is imported.
final class ArchiveVersions {
    var byVersion: [String: ComponentDefinition] = [:]
    var newest: [String: ComponentDefinition] = [:]
}
