import CatalogModel
internal import CatalogStore

extension Catalog {
    /// A new catalog at `path` holding `source`'s components — every kept version, token sets
    /// first — and declared types, and nothing of its scene: what `scenario run` plays on, so
    /// that the source is never written and no object of it stands in the way.
    ///
    /// ```swift
    /// let scratch = try Catalog.scratchCopy(of: catalog, at: "/tmp/scratch.sqlite")
    /// try scratch.play(scenario)
    /// ```
    package static func scratchCopy(of source: Catalog, at path: String) throws -> Catalog {
        // Not the built-ins: the source's own versions are copied, whichever those are.
        let scratch = try Catalog(path: path, loadBuiltIns: false)
        for type in try source.types.list() where try scratch.types.get(type.name) == nil {
            try scratch.types.declare(type.name, properties: type.properties)
        }
        var versions: [StoredComponent] = []
        for name in try source.database.components.names() { versions += try source.database.components.history(name) }
        // Token sets before what references them; each name's versions in the order they were added.
        let ordered = versions.sorted { ($0.kind == .tokens ? 0 : 1, $0.addedSeq) < ($1.kind == .tokens ? 0 : 1, $1.addedSeq) }
        if !ordered.isEmpty { try scratch.components.add(try ordered.map { try $0.decode() }) }
        return scratch
    }
}
