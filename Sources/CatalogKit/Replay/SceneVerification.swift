import CatalogModel
package import CatalogStore
import Foundation

/// `replay --verify`: rebuild the whole state from the event log into a fresh database, then
/// compare it with the live one, three ways:
/// - the content hashes: every kept component version, every object (id, type, owners) and every
///   association as it reads (so a weak reference to a deleted object counts as absent, in both);
/// - the logs, event by event: carrying out each change again must log the same change, so an
///   application, a send or a decorator's attachment that does not replay is named;
/// - the live log folded event by event, so that an event that does not fold is named (the
///   rebuilt log, event for event the same over the same component versions, folds the same).
///
/// Every kept scene snapshot is checked too: its rows must hash to its recorded hash and equal
/// the scene folded from the log up to its event, so a wrong snapshot is named, never trusted.
///
/// After a compaction (``Catalog/compactLog(before:)``) the events before the log's base are
/// gone, so the store cannot be rebuilt from them: verification then starts from the base
/// snapshot (its hash checked), folds the events after it, checks the later snapshots, and
/// compares the scene it ends with — its objects, their types and values — with the live store.
///
/// An event that cannot be carried out (malformed, or naming what is not there) is an error
/// naming it, never skipped.
///
/// The work is shared among threads, a few pages of events apart: one reads and decodes the
/// live log, the calling thread rebuilds, one compares what the rebuild logged, and one checks
/// the live store (its snapshots, its log folded, its hash). Memory holds a few pages and one
/// object, whatever the store's size.
///
/// ```swift
/// let check = try SceneVerification.verify(catalog)
/// check.matches   // true: the log reproduces the state exactly
/// ```
public enum SceneVerification {
    /// What the check found.
    public struct Result: Sendable, Hashable {
        /// The content hash of the store as it is.
        public var live: String
        /// The content hash of the store rebuilt from its log.
        public var rebuilt: String
        /// How many events were replayed.
        public var events: Int
        /// The first event whose replay logged something else (or nothing), or whose scene differs.
        public var firstDivergence: String?
        /// For a compacted log: the base snapshot the check started from (its scene hash), and
        /// `live`/`rebuilt` are the hashes of the scene's objects as the store and the fold hold them.
        public var base: StoredSnapshot?
        /// True when the log reproduces the store exactly.
        public var matches: Bool { live == rebuilt && firstDivergence == nil }
    }

    /// An event the rebuild could not carry out.
    package struct ReplayFailure: Error, CustomStringConvertible {
        /// Which event, and why it could not be carried out.
        package var description: String
    }

    /// Verifies `catalog` with a scratch SQLite database of its own, in the temporary folder,
    /// removed afterwards with its `-wal` and `-shm` files: what `catalog replay --verify` runs.
    ///
    /// ```swift
    /// let check = try SceneVerification.verify(catalog)
    /// check.matches   // true when the log rebuilds the live state
    /// ```
    ///
    /// `progress` hears the events rebuilt ("rebuilding", or "folding the log" after a
    /// compaction), then the hashing of both stores.
    public static func verify(_ catalog: Catalog, progress: ProgressHandler? = nil) throws -> Result {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("catalog-verify-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: scratch + suffix) } }
        return try verify(catalog, scratch: scratch, progress: progress)
    }

    /// - Parameter replay: how one logged change is carried out again (the rebuild's own by
    ///   default; tests pass a broken one to show that verification notices).
    package static func verify(
        _ catalog: Catalog, scratch path: String,
        replay: @escaping (Event, any CatalogBackend) throws -> Void = SceneVerification.replay,
        progress: ProgressHandler? = nil
    ) throws -> Result {
        if let base = try catalog.database.snapshots.logBase() { return try verifyCompacted(catalog, base: base, progress: progress) }
        let last = try catalog.database.events.lastSeq()
        // The live store's half — each kept snapshot against a fresh fold, the live log folded to
        // its end, the store hashed — reads nothing the rebuild writes, so it runs beside it on
        // the other core.
        let liveSide = BackgroundWork { () throws -> (divergence: String?, hash: String) in
            let divergence = try foldDivergence(catalog.database, resolve: catalog.resolver(), through: last, toTheEnd: true)
            return (divergence, try contentHash(catalog.database))
        }
        let comparison: LogComparison
        let rebuilt: String
        do {
            (comparison, rebuilt) = try rebuild(catalog, through: last, scratch: path, replay: replay, progress: progress)
        } catch {
            _ = try? liveSide.wait()
            throw error
        }
        let live = Swift.Result { try liveSide.wait() }
        guard let divergence = comparison.divergence else {
            let (divergence, hash) = try live.get()
            return Result(live: hash, rebuilt: rebuilt, events: comparison.events, firstDivergence: divergence)
        }
        // The log diverged (rare): the snapshots are checked again up to the event before it, as
        // one thread alone would have, since the live half could not know where to stop. A
        // wrong snapshot is named before the divergence; the log is not folded past it.
        let folded = comparison.divergentSeq.map { $0 - 1 } ?? last
        let wrong = try foldDivergence(catalog.database, resolve: catalog.resolver(), through: folded, toTheEnd: false)
        let hash = try (try? live.get())?.hash ?? contentHash(catalog.database)
        return Result(live: hash, rebuilt: rebuilt, events: comparison.events, firstDivergence: wrong ?? divergence)
    }

    /// The live log carried out again into a fresh store at `path` a page at a time, each page
    /// compared with what the rebuild logged; then the rebuilt store's hash. `progress` hears
    /// the events rebuilt, then the hashing.
    ///
    /// Three threads share the work, a few pages apart: one reads and decodes the live log, this
    /// one carries each page out in one transaction of the rebuild, and one compares each
    /// committed page with what the rebuild logged. The rebuild goes on past a divergence, so the
    /// rebuilt store is always the whole log carried out (or up to the first event that cannot
    /// be): the same store, and the same hash, however far the comparison has got. An event that
    /// cannot be carried out is the error unless the comparison names a divergence before it.
    private static func rebuild(
        _ catalog: Catalog, through last: Int64, scratch path: String,
        replay: @escaping (Event, any CatalogBackend) throws -> Void,
        progress: ProgressHandler?
    ) throws -> (LogComparison, hash: String) {
        let total = Int(last)
        try? FileManager.default.removeItem(atPath: path)
        let fresh = try Catalog(path: path, loadBuiltIns: false)
        let scratch = fresh.sqlite!
        var rebuild = LogRebuild(replay: replay)
        // Memory holds a few pages on each side, never the log.
        let pages = PageHandoff<[DecodedEvent]>(capacity: 2)
        let reader = BackgroundWork { readPages(catalog.database, through: last, into: pages) }
        defer {
            pages.cancel()
            _ = try? reader.wait()
        }
        let committed = PageHandoff<(page: [DecodedEvent], rebuiltThrough: Int64)>(capacity: 2)
        let comparer = BackgroundWork { () throws -> LogComparison in
            defer { committed.cancel() }  // should it fail, the rebuild's next put returns at once
            var comparison = LogComparison(rebuilt: fresh)
            while true {
                let next: (page: [DecodedEvent], rebuiltThrough: Int64)?
                do { next = try committed.take() } catch { return comparison }  // the rebuild stopped short: no end to check
                guard let (page, rebuiltThrough) = next else { break }
                try comparison.compare(page, rebuiltThrough: rebuiltThrough)
            }
            comparison.finish()
            return comparison
        }
        var carriedOut = 0
        do {
            progress?(WorkProgress(step: "rebuilding", done: 0, total: total, unit: "events"))
            while let page = try pages.take() {
                // All or nothing: an event that cannot be carried out ends the rebuild anyway.
                try scratch.batchAllOrNothing { store in
                    for (_, event, change) in page { try rebuild.carryOut(event, change, into: store) }
                }
                guard committed.put((page, try fresh.database.events.lastSeq())) else { break }  // the comparer failed: its error follows
                carriedOut += page.count
                progress?(WorkProgress(step: "rebuilding", done: carriedOut, total: max(total, carriedOut), unit: "events"))
            }
            try scratch.batchAllOrNothing { store in try rebuild.flush(into: store) }
            committed.put(([], try fresh.database.events.lastSeq()))
            committed.finish()
        } catch {
            committed.finish(throwing: error)
            guard let comparison = try? comparer.wait(), comparison.divergence != nil else { throw error }
            return (comparison, try contentHash(fresh.database))
        }
        let comparison = try comparer.wait()
        progress?(WorkProgress(step: "hashing", done: 0, total: 2, unit: "stores"))
        let hash = try contentHash(fresh.database)
        progress?(WorkProgress(step: "hashing", done: 1, total: 2, unit: "stores"))
        return (comparison, hash)
    }

    /// A logged row, its event and the change it records.
    typealias DecodedEvent = (row: LoggedRow, event: Event, change: EventChange)

    /// Reads the log through event `last` into `pages`, 1,024 events each, decoded. An event
    /// that does not decode ends the pages with its error, the page it falls in left out (as a
    /// rebuild reading for itself stops there, before carrying that page out).
    private static func readPages(_ database: any CatalogBackend, through last: Int64, into pages: PageHandoff<[DecodedEvent]>) {
        var page: [DecodedEvent] = []
        page.reserveCapacity(1_024)
        struct Stopped: Error {}
        do {
            try database.events.scanRows(after: 0, through: last) { row in
                do {
                    let event = try row.event()
                    page.append((row, event, try event.change()))
                } catch { throw ReplayFailure(description: "\(error)") }
                if page.count == 1_024 {
                    guard pages.put(page) else { throw Stopped() }
                    page.removeAll(keepingCapacity: true)
                }
            }
            if !page.isEmpty { pages.put(page) }
            pages.finish()
        } catch is Stopped {
            pages.finish()
        } catch {
            pages.finish(throwing: error)
        }
    }

    /// The live log folded, object by object, through each kept snapshot up to event `folded`
    /// in turn (each one checked, then the start of the next pass), and — `toTheEnd` — on to
    /// `folded` itself, so that an event that does not fold is named. Returns why the first
    /// wrong snapshot is wrong (nil: none is).
    private static func foldDivergence(
        _ database: any CatalogBackend, resolve: @escaping SceneSnapshot.Resolver,
        through folded: Int64, toTheEnd: Bool
    ) throws -> String? {
        var from: StoredSnapshot?
        for snapshot in try database.snapshots.list() where snapshot.seq <= folded {
            let fold = ObjectwiseFold(database: database, resolve: resolve, base: from, through: snapshot.seq)
            if let wrong = try snapshotDivergence(snapshot, fold: fold, in: database) { return wrong }
            from = snapshot
        }
        if toTheEnd {
            try ObjectwiseFold(database: database, resolve: resolve, base: from, through: folded).forEachObject(failure: doesNotFold) { _ in }
        }
        return nil
    }

    /// An event the fold of the live log could not fold, named.
    static func doesNotFold(_ row: LoggedRow, _ error: any Error) -> any Error {
        ReplayFailure(description: "\(name(row)) does not fold: \(error)")
    }

    /// The live log against the one the rebuild wrote, event by event as both grow: the same
    /// operation, object, time and payload text. The rebuilt log is not folded: the same events
    /// over the same component versions (the content hashes compare those) fold to the same
    /// scene, the fold being deterministic.
    struct LogComparison {
        let rebuilt: Catalog
        /// Live events not yet paired with a rebuilt one (a component batch still to be added),
        /// from `nextWaiting` on.
        var waiting: [DecodedEvent] = []
        var nextWaiting = 0
        var rebuiltSeq: Int64 = 0
        var events = 0
        var divergence: String?
        /// The live event the divergence is at (nil: none, or past the live log's end).
        var divergentSeq: Int64?

        init(rebuilt: Catalog) {
            self.rebuilt = rebuilt
        }

        /// Pairs the next live events, `page`, with what the rebuild logged through its event
        /// `rebuiltThrough` (the rebuild may have committed more by now).
        mutating func compare(_ page: [DecodedEvent], rebuiltThrough: Int64) throws {
            events += page.count
            guard divergence == nil else { return }
            waiting.removeFirst(nextWaiting)
            nextWaiting = 0
            waiting += page
            try rebuilt.database.events.scanRows(after: rebuiltSeq, through: rebuiltThrough) { other in
                rebuiltSeq = other.seq
                guard divergence == nil else { return }
                guard nextWaiting < waiting.count else {
                    divergence = "the rebuilt log has more events than the live one (from its event \(other.seq))"
                    return
                }
                let entry = waiting[nextWaiting]
                nextWaiting += 1
                divergence = pair(entry.row, entry.event, other)
                if divergence != nil { divergentSeq = entry.event.seq }
            }
        }

        /// After the last page: a live event the rebuild never logged is a divergence.
        mutating func finish() {
            guard divergence == nil, nextWaiting < waiting.count else { return }
            divergence = "\(SceneVerification.name(waiting[nextWaiting].event)) is missing from the rebuilt log"
            divergentSeq = waiting[nextWaiting].event.seq
        }

        private func pair(_ row: LoggedRow, _ event: Event, _ other: LoggedRow) -> String? {
            guard
                other.operationName != row.operationName || other.objectID != row.objectID || other.sceneTime != row.sceneTime
                    || other.payloadText != row.payloadText
            else { return nil }
            return
                "\(SceneVerification.name(event)) replays as \(other.operationName)\(other.objectID.map { " on \($0)" } ?? "") at t=\(JSONValue.numberText(other.sceneTime)): "
                + "\(excerpt(row.payloadText)) ≠ \(excerpt(other.payloadText))"
        }
    }

    static func name(_ event: Event) -> String {
        "event \(event.seq) (\(event.operation)\(event.objectID.map { " on \($0)" } ?? "") at t=\(JSONValue.numberText(event.sceneTime)))"
    }

    static func name(_ row: LoggedRow) -> String {
        "event \(row.seq) (\(row.operationName)\(row.objectID.map { " on \($0)" } ?? "") at t=\(JSONValue.numberText(row.sceneTime)))"
    }

    /// Why a kept snapshot is not the scene `fold` makes up to its event (nil: it is).
    ///
    /// One pass: the kept rows are read beside the fold's, in id order, and hashed as they go
    /// (as ``Catalog/loadSnapshot`` checks a snapshot), so a million-object scene is never held.
    /// Rows that hash to the snapshot's hash and equal the fold's row for row are the fold's
    /// scene; the first row that differs names the difference.
    static func snapshotDivergence(
        _ snapshot: StoredSnapshot, fold: ObjectwiseFold, in database: any CatalogBackend,
        failure: (LoggedRow, any Error) -> any Error = doesNotFold
    ) throws -> String? {
        let name = "the snapshot at event \(snapshot.seq) (t=\(JSONValue.numberText(snapshot.sceneTime)))"
        var kept = PageCursor<SnapshotObjectRow>(limit: 4_096) { after, limit in
            try database.snapshots.objectPage(of: snapshot.seq, after: after?.id ?? "", limit: limit)
        }
        var keptDigest = StoreSchema.SnapshotDigest()
        var differing: (id: String, kept: String?, fresh: String?)?
        /// The next kept row, taken into the hash.
        func take() throws -> SnapshotObjectRow? {
            guard let row = try kept.peek() else { return nil }
            keptDigest.add(id: row.id, state: row.state)
            kept.advance()
            return row
        }
        var foldFailure: (any Error)?
        do {
            try fold.forEachObject(failure: failure) { row in
                while let other = try kept.peek(), StoreSchema.idPrecedes(other.id, row.id) {
                    _ = try take()
                    if differing == nil { differing = (other.id, other.state, nil) }
                }
                if let other = try kept.peek(), other.id == row.id {
                    _ = try take()
                    if differing == nil, other.state != row.state { differing = (row.id, other.state, row.state) }
                } else if differing == nil {
                    differing = (row.id, nil, row.state)
                }
            }
        } catch {
            // A damaged snapshot is said first, as when its rows were hashed before folding.
            foldFailure = error
        }
        while let other = try take() {
            if differing == nil { differing = (other.id, other.state, nil) }
        }
        guard keptDigest.hex == snapshot.hash else { return "\(name) is damaged: its rows do not match its hash" }
        if let foldFailure { throw foldFailure }
        return differing.map { "\(name) does not match the log: object \($0.id) is \(excerpt($0.kept)) in it, \(excerpt($0.fresh)) in a fresh fold" }
    }

    private static func excerpt(_ text: String?) -> String {
        guard let text else { return "absent" }
        return text.count > 120 ? String(text.prefix(120)) + "…" : text
    }

    /// Verification of a compacted log: the base snapshot, the events after it and the later
    /// snapshots, folded object by object (each checked snapshot the start of the next pass)
    /// into a scene that must hold what the live store holds.
    static func verifyCompacted(_ catalog: Catalog, base: LogBase, progress: ProgressHandler? = nil) throws -> Result {
        let database = catalog.database
        let resolve = catalog.resolver()
        let snapshots = try database.snapshots.list()
        guard let baseSnapshot = snapshots.first(where: { $0.seq == base.seq }) else {
            throw ReplayFailure(description: "the log's base snapshot (event \(base.seq)) is missing")
        }
        func doesNotReplay(_ row: LoggedRow, _ error: any Error) -> any Error {
            ReplayFailure(description: "event \(row.seq) (\(row.operationName) at t=\(JSONValue.numberText(row.sceneTime))) does not replay: \(error)")
        }
        let last = try database.events.lastSeq()
        var divergence: String?
        var from = baseSnapshot
        do {
            for snapshot in snapshots where snapshot.seq > base.seq && divergence == nil {
                let fold = ObjectwiseFold(database: database, resolve: resolve, base: from, through: snapshot.seq)
                if let wrong = try snapshotDivergence(snapshot, fold: fold, in: database, failure: doesNotReplay) {
                    divergence = wrong
                } else {
                    from = snapshot
                }
            }
            // The whole log from its base, compared with the store a page of objects at a time.
            var comparison = StoreComparison(database: database)
            let events = try ObjectwiseFold(database: database, resolve: resolve, base: baseSnapshot, through: max(last, base.seq))
                .forEachObject(progress: progress, failure: doesNotReplay) { row in try comparison.add(row.id, try row.sceneObject(resolve: resolve)) }
            try comparison.finish()
            if divergence == nil, let first = comparison.firstDifference {
                divergence = "the scene folded from the log's base does not hold what the store holds: \(excerpt(first.live)) ≠ \(excerpt(first.folded))"
            }
            return Result(live: comparison.live.hex, rebuilt: comparison.folded.hex, events: events, firstDivergence: divergence, base: baseSnapshot)
        } catch StoreError.damagedSnapshot(let seq) where seq == base.seq {
            return Result(live: "", rebuilt: "", events: 0, firstDivergence: "\(StoreError.damagedSnapshot(seq: seq))")
        }
    }

    /// Carries out one logged change again, at its scene time. Component additions are not
    /// handled here: ``verify(_:scratch:replay:)`` adds them in their original batches. A
    /// malformed event is an error naming it.
    package static func replay(_ event: Event, into database: any CatalogBackend) throws {
        let change: EventChange
        do { change = try event.change() } catch { throw ReplayFailure(description: error.description) }
        let time = event.sceneTime
        switch change {
        case .componentAdd:
            break
        case .componentRemove(let name):
            try database.components.remove(name, at: time)
        case .objectAdd(let id, let type, let owners):
            try database.objects.add(id: id, type: type, owners: owners, at: time)
        case .objectRemove(let id, _):
            _ = try database.objects.remove(id, at: time)
        case .propertySet(let id, let key, let value, let policy):
            try database.properties.set(value, for: key, on: id, policy: policy, at: time)
        case .propertyUnset(let id, let key, _):
            _ = try database.properties.unset(key, on: id, at: time)
        case .propertyClear(let id, _):
            _ = try database.properties.clear(on: id, at: time)
        case .send(let object, _):
            try database.applications.change(records: [(.send, object, event.payload)], at: time)
        case .typeDeclare(let name, let properties):
            try database.types.declare(name, properties: properties, at: time)
        case .apply(let id, let application):
            var members = application.record.objectValue ?? [:]
            members["start"] = nil  // recordApply stamps it again from the scene time
            try database.applications.recordApply([(object: id, payload: .object(members))], at: time)
        }
    }

    /// SHA-256 of the state's canonical JSON — `{"components": […], "objects": […], "types": […]}`
    /// — fed to the digest a piece at a time (objects a page at a time), so that hashing a large
    /// store never holds its whole text.
    package static func contentHash(_ database: any CatalogBackend) throws -> String {
        var digest = ContentDigest.Stream()
        digest.update("{\"components\":[")
        var first = true
        for name in try database.components.names() {
            for version in try database.components.history(name) {
                let entry: JSONValue = ["name": .string(version.name), "version": .string(version.version), "hash": .string(version.contentHash)]
                digest.update((first ? "" : ",") + entry.canonicalText)
                first = false
            }
        }
        digest.update("],\"objects\":[")
        first = true
        var after: String?
        while true {
            let page = try database.objects.page(after: after, limit: 1_024)
            let lists = try database.properties.list(on: page.map(\.id))
            for object in page {
                // {"id", "owners", "properties", "type"}: the canonical text, written directly.
                var entry = first ? "{\"id\":" : ",{\"id\":"
                JSONValue.writeString(object.id, into: &entry)
                entry += ",\"owners\":["
                for (index, owner) in object.owners.sorted().enumerated() {
                    if index > 0 { entry += "," }
                    JSONValue.writeString(owner, into: &entry)
                }
                entry += "],\"properties\":["
                for (index, association) in (lists[object.id] ?? []).sorted(by: { $0.key < $1.key }).enumerated() {
                    if index > 0 { entry += "," }
                    entry += association.canonicalText
                }
                entry += "],\"type\":"
                JSONValue.writeString(object.type, into: &entry)
                digest.update(entry + "}")
                first = false
            }
            guard page.count == 1_024 else { break }
            after = page.last!.id
        }
        let types = try database.types.list().map { type -> JSONValue in
            ["name": .string(type.name), "properties": .object(type.properties.mapValues { .string($0.rawValue) })]
        }
        digest.update("],\"types\":" + JSONValue.array(types).canonicalText + "}")
        return digest.hex
    }
}

extension Catalog {
    /// The content hash of the store as it is now — what `replay --verify` prints as "live":
    /// equal on two stores that hold the same components, objects, associations and types.
    package func contentHash() throws -> String { try SceneVerification.contentHash(database) }
}
