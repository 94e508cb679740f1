import CatalogModel
internal import CatalogStore

/// A folded scene's objects against the live store's, as `replay --verify` compares them after
/// a compaction: fed the scene's objects in id order, it reads the store's a page at a time
/// (objects in the same order, their properties in one batch) and hashes both views as they go,
/// so that neither side is held whole.
///
/// Each side is the list, in id order, of `{"id", "type", "model"}` for every object of the
/// scene (`{"id", "absent": true}` for one the store does not hold). Object references are left
/// out on both sides: the scene keeps a reference as it was given, while the store holds what
/// the policy made of it (a copy's id, a weak reference to a removed object read as absent);
/// copies are objects of the store only.
///
/// ```swift
/// var comparison = StoreComparison(database: catalog.database)
/// try comparison.add("cell-1", try SceneSnapshot(events: try catalog.events.list(), until: 1, resolve: catalog.resolver()).objects["cell-1"]!)
/// try comparison.finish()
/// comparison.firstDifference   // nil: the store holds what the scene holds
/// ```
struct StoreComparison {
    let database: any CatalogBackend
    /// SHA-256 of each side's canonical JSON, once ``finish()`` has run.
    private(set) var live = ContentDigest.Stream()
    private(set) var folded = ContentDigest.Stream()
    /// The first object whose two views differ, as canonical JSON.
    private(set) var firstDifference: (live: String, folded: String)?
    private var page: [(id: String, object: SceneSnapshot.Object)] = []
    private var stored: PageCursor<StoredObject>
    private var started = false

    init(database: any CatalogBackend) {
        self.database = database
        stored = PageCursor(limit: 1_024) { after, limit in try database.objects.page(after: after?.id, limit: limit) }
        live.update("[")
        folded.update("[")
    }

    /// The scene's next object (ids in increasing order).
    mutating func add(_ id: String, _ object: SceneSnapshot.Object) throws {
        page.append((id, object))
        if page.count == 1_024 { try compare() }
    }

    /// Compares what is left and closes both lists.
    mutating func finish() throws {
        try compare()
        live.update("]")
        folded.update("]")
    }

    private mutating func compare() throws {
        var present: [(id: String, object: SceneSnapshot.Object, type: String?)] = []
        for (id, object) in page {
            while let next = try stored.peek(), StoreSchema.idPrecedes(next.id, id) { stored.advance() }
            if let next = try stored.peek(), next.id == id {
                present.append((id, object, next.type))
                stored.advance()
            } else {
                present.append((id, object, nil))
            }
        }
        let properties = try database.properties.list(on: present.compactMap { $0.type == nil ? nil : $0.id })
        for (id, object, type) in present {
            let liveView: JSONValue
            if let type {
                let values = (properties[id] ?? []).filter { $0.value.type != .object }.map { ($0.key, $0.value.jsonValue) }
                liveView = ["id": .string(id), "type": .string(type), "model": .object(Dictionary(values, uniquingKeysWith: { a, _ in a }))]
            } else {
                liveView = ["id": .string(id), "absent": true]
            }
            let foldedView: JSONValue = [
                "id": .string(id), "type": .string(object.type),
                "model": .object(object.model.filter { $0.value.type != .object }.mapValues(\.jsonValue))
            ]
            let (liveText, foldedText) = (liveView.canonicalText, foldedView.canonicalText)
            if firstDifference == nil, liveText != foldedText { firstDifference = (liveText, foldedText) }
            live.update((started ? "," : "") + liveText)
            folded.update((started ? "," : "") + foldedText)
            started = true
        }
        page.removeAll(keepingCapacity: true)
    }
}
