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
/// ```swift
/// let check = try SceneVerification.verify(catalog, scratch: "/tmp/rebuilt.sqlite")
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
    public struct ReplayFailure: Error, CustomStringConvertible {
        /// Which event, and why it could not be carried out.
        public var description: String
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
    package static func verify(_ catalog: Catalog, scratch path: String,
                              replay: @escaping (Event, any CatalogBackend) throws -> Void = SceneVerification.replay,
                              progress: ProgressHandler? = nil) throws -> Result {
        if let base = try catalog.database.snapshots.logBase() { return try verifyCompacted(catalog, base: base, progress: progress) }
        let total = progress == nil ? 0 : Int(try catalog.database.events.lastSeq())
        try? FileManager.default.removeItem(atPath: path)
        let fresh = try Catalog(path: path, loadBuiltIns: false)
        var comparison = LogComparison(live: catalog, rebuilt: fresh, snapshots: try catalog.database.snapshots.list())
        var rebuild = LogRebuild(target: fresh.database, replay: replay)
        // The log a page at a time: each page carried out in one transaction of the rebuild,
        // then its events compared with what the rebuild logged; memory holds a page and the
        // two scenes, never the log.
        var page: [(row: LoggedRow, event: Event, change: EventChange)] = []
        func carryOut() throws {
            try fresh.database.batch {
                for (_, event, change) in page { try rebuild.carryOut(event, change) }
            }
            try comparison.compare(page)
            page.removeAll(keepingCapacity: true)
            progress?(WorkProgress(step: "rebuilding", done: comparison.events, total: max(total, comparison.events), unit: "events"))
        }
        progress?(WorkProgress(step: "rebuilding", done: 0, total: total, unit: "events"))
        try catalog.database.events.scanRows(after: 0) { row in
            guard comparison.divergence == nil else { return }
            do {
                let event = try row.event()
                page.append((row, event, try event.change()))
            } catch { throw ReplayFailure(description: "\(error)") }
            if page.count == 1_024 { try carryOut() }
        }
        if comparison.divergence == nil {
            try carryOut()
            try fresh.database.batch { try rebuild.flush() }
            try comparison.finish()
        }
        progress?(WorkProgress(step: "hashing", done: 0, total: 2, unit: "stores"))
        let live = try contentHash(catalog.database)
        progress?(WorkProgress(step: "hashing", done: 1, total: 2, unit: "stores"))
        return Result(live: live, rebuilt: try contentHash(fresh.database), events: comparison.events,
                      firstDivergence: comparison.divergence)
    }

    /// The live log against the one the rebuild wrote, event by event as both grow: the same
    /// operation, object, time and payload text; every kept snapshot equal to the live fold at
    /// its event. The rebuilt log is not folded as well: the same events over the same component
    /// versions (the content hashes compare those) fold to the same scene, the fold being
    /// deterministic.
    struct LogComparison {
        let live: Catalog
        let rebuilt: Catalog
        let snapshots: [Int64: StoredSnapshot]
        let resolve: SceneSnapshot.Resolver
        var scene = SceneSnapshot()
        /// Live events not yet paired with a rebuilt one (a component batch still to be added),
        /// from `nextWaiting` on.
        var waiting: [(row: LoggedRow, event: Event, change: EventChange)] = []
        var nextWaiting = 0
        var rebuiltSeq: Int64 = 0
        var events = 0
        var divergence: String?

        init(live: Catalog, rebuilt: Catalog, snapshots: [StoredSnapshot]) {
            self.live = live
            self.rebuilt = rebuilt
            self.snapshots = Dictionary(uniqueKeysWithValues: snapshots.map { ($0.seq, $0) })
            resolve = live.resolver()
        }

        mutating func compare(_ page: [(row: LoggedRow, event: Event, change: EventChange)]) throws {
            waiting.removeFirst(nextWaiting)
            nextWaiting = 0
            waiting += page
            events += page.count
            try rebuilt.database.events.scanRows(after: rebuiltSeq) { other in
                rebuiltSeq = other.seq
                guard divergence == nil else { return }
                guard nextWaiting < waiting.count else {
                    divergence = "the rebuilt log has more events than the live one (from its event \(other.seq))"
                    return
                }
                let entry = waiting[nextWaiting]
                nextWaiting += 1
                divergence = try pair(entry.row, entry.event, entry.change, other)
            }
        }

        mutating func finish() throws {
            try compare([])
            guard divergence == nil, nextWaiting < waiting.count else { return }
            divergence = "\(SceneVerification.name(waiting[nextWaiting].event)) is missing from the rebuilt log"
        }

        private mutating func pair(_ row: LoggedRow, _ event: Event, _ change: EventChange, _ other: LoggedRow) throws -> String? {
            if other.operationName != row.operationName || other.objectID != row.objectID || other.sceneTime != row.sceneTime
                || other.payloadText != row.payloadText {
                return "\(SceneVerification.name(event)) replays as \(other.operationName)\(other.objectID.map { " on \($0)" } ?? "") at t=\(JSONValue.numberText(other.sceneTime)): "
                    + "\(excerpt(row.payloadText)) ≠ \(excerpt(other.payloadText))"
            }
            do { try scene.fold(change, at: event.sceneTime, resolve: resolve) } catch {
                throw ReplayFailure(description: "\(SceneVerification.name(event)) does not fold: \(error)")
            }
            if let snapshot = snapshots[event.seq] { return try snapshotDivergence(snapshot, folded: scene, in: live.database) }
            return nil
        }
    }

    static func name(_ event: Event) -> String {
        "event \(event.seq) (\(event.operation)\(event.objectID.map { " on \($0)" } ?? "") at t=\(JSONValue.numberText(event.sceneTime)))"
    }

    /// Why a kept snapshot is not the scene `folded` from the log up to its event (nil: it is).
    ///
    /// Both sides are hashed as they are read, row by row in id order (as ``Catalog/loadSnapshot``
    /// checks a snapshot), so a million-object scene is not held twice more as text; the rows
    /// are gathered only to name the first difference.
    static func snapshotDivergence(_ snapshot: StoredSnapshot, folded: SceneSnapshot, in database: any CatalogBackend) throws -> String? {
        let name = "the snapshot at event \(snapshot.seq) (t=\(JSONValue.numberText(snapshot.sceneTime)))"
        var keptDigest = StoreSchema.SnapshotDigest()
        try database.snapshots.forEachObject(of: snapshot.seq) { id, state in keptDigest.add(id: id, state: state) }
        guard keptDigest.hex == snapshot.hash else { return "\(name) is damaged: its rows do not match its hash" }
        var freshDigest = StoreSchema.SnapshotDigest()
        for id in folded.objects.keys.sorted() { freshDigest.add(id: id, state: try folded.objects[id]!.storedState().canonicalText) }
        guard freshDigest.hex != snapshot.hash else { return nil }
        var kept: [(id: String, state: String)] = []
        try database.snapshots.forEachObject(of: snapshot.seq) { kept.append(($0, $1)) }
        let fresh = try folded.storedRows().map { (id: $0.id, state: $0.state) }
        let keptByID = Dictionary(kept, uniquingKeysWith: { a, _ in a })
        let freshByID = Dictionary(fresh, uniquingKeysWith: { a, _ in a })
        let differing = Set(keptByID.keys).union(freshByID.keys).sorted().first { keptByID[$0] != freshByID[$0] }
        return "\(name) does not match the log" + (differing.map { ": object \($0) is \(excerpt(keptByID[$0]) ) in it, \(excerpt(freshByID[$0])) in a fresh fold" } ?? "")
    }

    private static func excerpt(_ text: String?) -> String {
        guard let text else { return "absent" }
        return text.count > 120 ? String(text.prefix(120)) + "…" : text
    }

    /// Verification of a compacted log: the base snapshot, the events after it and the later
    /// snapshots, folded into a scene that must hold what the live store holds.
    static func verifyCompacted(_ catalog: Catalog, base: LogBase, progress: ProgressHandler? = nil) throws -> Result {
        let database = catalog.database
        let resolve = catalog.resolver()
        let snapshots = Dictionary(uniqueKeysWithValues: try database.snapshots.list().map { ($0.seq, $0) })
        guard let baseSnapshot = snapshots[base.seq] else { throw ReplayFailure(description: "the log's base snapshot (event \(base.seq)) is missing") }
        var scene: SceneSnapshot
        do { scene = try catalog.loadSnapshot(baseSnapshot, resolve: resolve) } catch {
            return Result(live: "", rebuilt: "", events: 0, firstDivergence: "\(error)")
        }
        var count = 0
        var divergence: String?
        let total = progress == nil ? 0 : Int(try database.events.lastSeq() - base.seq)
        try database.events.scan(after: base.seq) { event in
            guard divergence == nil else { return }
            do { try scene.fold(event, resolve: resolve) } catch {
                throw ReplayFailure(description: "event \(event.seq) (\(event.operation) at t=\(JSONValue.numberText(event.sceneTime))) does not replay: \(error)")
            }
            count += 1
            if let snapshot = snapshots[event.seq] { divergence = try snapshotDivergence(snapshot, folded: scene, in: database) }
            if let progress, count % progressPage == 0 { progress(WorkProgress(step: "folding the log", done: count, total: max(total, count), unit: "events")) }
        }
        progress?(WorkProgress(step: "comparing with the store", done: 0, total: scene.objects.count, unit: "objects"))
        let rebuilt = sceneView(scene), live = try storeView(database, only: Set(scene.objects.keys))
        if divergence == nil, live != rebuilt {
            let first = zip(live.arrayValue ?? [], rebuilt.arrayValue ?? []).first { $0 != $1 }
            divergence = "the scene folded from the log's base does not hold what the store holds"
                + (first.map { ": \(excerpt($0.0.canonicalText)) ≠ \(excerpt($0.1.canonicalText))" } ?? "")
        }
        return Result(live: ContentDigest.sha256Hex(Data(live.canonicalText.utf8)), rebuilt: ContentDigest.sha256Hex(Data(rebuilt.canonicalText.utf8)),
                      events: count, firstDivergence: divergence, base: baseSnapshot)
    }

    /// The live store's objects `ids` (absent ones too), with their types and values as read.
    /// Object references are left out on both sides: the scene keeps a reference as it was
    /// given, while the store holds what the policy made of it (a copy's id, a weak reference
    /// to a removed object read as absent); copies are objects of the store only.
    static func storeView(_ database: any CatalogBackend, only ids: Set<String>) throws -> JSONValue {
        .array(try ids.sorted().map { id in
            guard let object = try database.objects.get(id) else { return ["id": .string(id), "absent": true] }
            let values = try database.properties.list(on: id).filter { $0.value.type != .object }.map { ($0.key, $0.value.jsonValue) }
            return ["id": .string(id), "type": .string(object.type), "model": .object(Dictionary(values, uniquingKeysWith: { a, _ in a }))]
        })
    }

    /// The same view of a folded scene.
    static func sceneView(_ scene: SceneSnapshot) -> JSONValue {
        .array(scene.objects.keys.sorted().map { id in
            let object = scene.objects[id]!
            return ["id": .string(id), "type": .string(object.type),
                    "model": .object(object.model.filter { $0.value.type != .object }.mapValues(\.jsonValue))]
        })
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
            members["start"] = nil   // recordApply stamps it again from the scene time
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
            var page: [StoredObject] = []
            try database.objects.forEach(after: after, limit: 1_024, reverse: false) { page.append($0) }
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
    public func contentHash() throws -> String { try SceneVerification.contentHash(database) }
}
