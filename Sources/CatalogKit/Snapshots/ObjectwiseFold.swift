import CatalogModel
internal import CatalogStore

/// The whole scene after an event, folded one object at a time and handed over as snapshot
/// rows in id order, so that a scene of a million objects is written or checked without being
/// held: memory is one object and a page of rows.
///
/// The scene is the same as ``SceneSnapshot``'s fold of the log: an object's state changes only
/// by the events about it (the log's per-object index) and by the removals that name it (an
/// owner's removal, an unset or a clear that collected it), and every fold step reads only the
/// object it is about. So each object is its row of the base snapshot, then its own events and
/// the removals naming it, in log order; an object with neither keeps its base row's text as it
/// is (a row read back and written again is the same text).
///
/// ```swift
/// let fold = ObjectwiseFold(database: catalog.database, resolve: catalog.resolver(), base: nil, through: 2_000)
/// try fold.forEachObject { row in print(row.id, row.state) }
/// ```
struct ObjectwiseFold {
    let database: any CatalogBackend
    let resolve: SceneSnapshot.Resolver
    /// The snapshot to start from (nil: the start of the log); its rows are checked against its
    /// hash as they are read.
    let base: StoredSnapshot?
    /// The last event folded.
    let last: Int64

    init(database: any CatalogBackend, resolve: @escaping SceneSnapshot.Resolver, base: StoredSnapshot?, through last: Int64) {
        self.database = database
        self.resolve = resolve
        self.base = base
        self.last = last
    }

    /// One object of the folded scene.
    struct Row {
        var id: String
        /// Its snapshot row's text.
        var state: String
        var running: Int
        /// The object as the fold built it; nil when its base row stands unchanged.
        var object: SceneSnapshot.Object?

        /// The object, read back from its row when the fold kept the row as it was.
        func sceneObject(resolve: SceneSnapshot.Resolver) throws -> SceneSnapshot.Object {
            try object ?? SceneSnapshot.Object(id: id, storedState: state, resolve: resolve)
        }
    }

    /// Calls `body` with every object alive after event ``last``, in id order. Throws
    /// ``StoreError/damagedSnapshot(seq:)`` after the last row when the base's rows do not match
    /// its hash (so a caller writing the rows must do so in a transaction); an event that does
    /// not fold throws what `failure` makes of its row and its error.
    /// `progress` hears the events folded ("folding the log"). Returns how many events the log
    /// holds after the base through ``last``.
    @discardableResult
    func forEachObject(
        progress: ProgressHandler? = nil,
        failure: (LoggedRow, any Error) -> any Error = { $1 },
        _ body: (Row) throws -> Void
    ) throws -> Int {
        let first = base?.seq ?? 0
        let total = Int(max(0, last - first))
        let scanned = try removalsByObject(after: first)
        var removals = scanned.removals
        var rows = PageCursor<SnapshotObjectRow>(limit: 4_096) { [database, base] previous, limit in
            guard let base else { return [] }
            return try database.snapshots.objectPage(of: base.seq, after: previous?.id ?? "", limit: limit)
        }
        var events = PageCursor<LoggedRow>(limit: 2_048) { [database, last] previous, limit in
            try database.events.objectRowsPage(after: first, through: last, from: (previous?.objectID ?? "", previous?.seq ?? 0), limit: limit)
        }
        var digest = StoreSchema.SnapshotDigest()
        var counter = ProgressCounter(progress, step: "folding the log", total: total, unit: "events")
        while true {
            let nextRow = try rows.peek(), nextEvent = try events.peek()
            let id: String
            switch (nextRow?.id, nextEvent?.objectID) {
            case (nil, nil):
                guard let base, digest.hex != base.hash else { return scanned.events }
                throw StoreError.damagedSnapshot(seq: base.seq)
            case (let row?, nil): id = row
            case (nil, let event?): id = event
            case (let row?, let event?): id = StoreSchema.idPrecedes(event, row) ? event : row
            }
            var baseRow: SnapshotObjectRow?
            if let row = nextRow, row.id == id {
                digest.add(id: row.id, state: row.state)
                baseRow = row
                rows.advance()
            }
            var own: [LoggedRow] = []
            while let event = try events.peek(), event.objectID == id {
                own.append(event)
                events.advance()
            }
            let removedAt = removals.removeValue(forKey: id) ?? []
            guard !own.isEmpty || !removedAt.isEmpty else {
                if let baseRow { try body(Row(id: id, state: baseRow.state, running: baseRow.running, object: nil)) }
                continue
            }
            var scene = SceneSnapshot()
            if let baseRow { scene.objects[id] = try SceneSnapshot.Object(id: id, storedState: baseRow.state, resolve: resolve) }
            var nextRemoval = removedAt.startIndex
            for row in own {
                while nextRemoval < removedAt.endIndex, removedAt[nextRemoval] < row.seq {
                    scene.objects[id] = nil
                    nextRemoval += 1
                }
                try fold(row, into: &scene, failure: failure)
            }
            if nextRemoval < removedAt.endIndex { scene.objects[id] = nil }
            counter.advance(by: own.count)
            if let object = scene.objects[id] {
                try body(Row(id: id, state: try object.storedStateText(), running: object.running.count, object: object))
            }
        }
    }

    /// One event about an object folded into the scene holding only that object, as the whole
    /// scene's fold would.
    private func fold(_ row: LoggedRow, into scene: inout SceneSnapshot, failure: (LoggedRow, any Error) -> any Error) throws {
        let event = try row.event()
        do { try scene.fold(try event.change(), at: event.sceneTime, resolve: resolve) } catch { throw failure(row, error) }
    }

    /// The objects that removals after `first` collected (an owner's removal, an unset or a
    /// clear that released them), each with the events that removed it, in log order; and how
    /// many events there are.
    private func removalsByObject(after first: Int64) throws -> (removals: [String: [Int64]], events: Int) {
        var removals: [String: [Int64]] = [:]
        try database.events.scanRows(after: first, through: last, operations: [.objectRemove, .propertyUnset, .propertyClear], pageSize: 2_048) { row in
            switch try row.event().change() {
            case .objectRemove(_, let removed), .propertyUnset(_, _, let removed), .propertyClear(_, let removed):
                for id in removed { removals[id, default: []].append(row.seq) }
            default:
                break
            }
        }
        return (removals, try database.events.count(after: first, through: last))
    }
}
