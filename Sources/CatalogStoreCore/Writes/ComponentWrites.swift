import CatalogModel

/// Components added, updated and removed inside a transaction of either backend: the version
/// rules, reference checks and cycle refusal every addition follows (see ``ComponentStore``).
package enum ComponentWrites {
    package static let currentSQL = """
        SELECT v.id, v.version, v.content_hash, v.kind FROM component c JOIN component_version v ON v.id = c.current_version_id
        WHERE c.name = ?1
        """
    static let keptVersionSQL = "SELECT id, content_hash FROM component_version WHERE name = ?1 AND version = ?2"

    package static func add(_ definitions: [ComponentDefinition], _ transaction: any StoreTransaction) throws -> [AddOutcome] {
        var outcomes: [AddOutcome] = []
        for definition in definitions {
            let hash = definition.contentHash
            let current = try transaction.row(currentSQL, [.text(definition.name)])
            let currentVersionText = current?[1].text ?? ""
            if current != nil {
                let currentVersion = SemanticVersion(currentVersionText)!
                if current?[2].text == hash {
                    outcomes.append(.unchanged(name: definition.name, version: currentVersionText))
                    continue
                }
                guard definition.version > currentVersion else {
                    throw StoreError.versionNotHigher(
                        name: definition.name, version: definition.version.description,
                        current: currentVersion.description)
                }
            }
            for target in definition.references {
                // A chain's steps and a reducedMotion stand-in run animations: anything else could
                // never be applied.
                let kind: String?
                if let member = definitions.first(where: { $0.name == target }) {
                    kind = member.kind.rawValue
                } else {
                    kind = try transaction.row(currentSQL, [.text(target)])?[3].text
                }
                guard let kind else { throw StoreError.unknownReference(name: definition.name, target: target) }
                let runsAnimations = definition.kind == .chain || definition.reducedMotion?.componentName == target
                if runsAnimations, kind != ComponentKind.animation.rawValue {
                    throw StoreError.referenceKind(name: definition.name, target: target, kind: kind)
                }
            }
            // A version outlives `remove` (the log may apply it), so name@version means one content
            // for ever: the same content is the kept row again, other content is refused.
            let kept = try transaction.row(keptVersionSQL, [.text(definition.name), .text(definition.version.description)])
            if let kept, kept[1].text != hash {
                throw StoreError.versionKept(name: definition.name, version: definition.version.description)
            }
            let seq = try transaction.append(
                .componentAdd, object: nil,
                ComponentAddPayload(
                    name: definition.name, version: definition.version.description, hash: hash, definition: definition.document,
                    source: definition.origin))
            let versionID =
                try kept?[0] ?? transaction.row(
                    """
                    INSERT INTO component_version (name, version, kind, summary, tags, definition, content_hash, added_seq)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) RETURNING id
                    """,
                    [
                        .text(definition.name), .text(definition.version.description), .text(definition.kind.rawValue), .text(definition.summary),
                        .text(JSONValue.array(definition.tags.map(JSONValue.string)).canonicalText), .text(definition.canonicalJSON), .text(hash),
                        .integer(seq)
                    ])?.first ?? .null
            try transaction.indexForSearch(versionID: versionID, name: definition.name, summary: definition.summary, tags: definition.tags)
            try transaction.execute(
                """
                INSERT INTO component (name, current_version_id) VALUES (?1, ?2)
                ON CONFLICT (name) DO UPDATE SET current_version_id = excluded.current_version_id
                """, [.text(definition.name), versionID])
            try transaction.execute("DELETE FROM component_tag WHERE name = ?1", [.text(definition.name)])
            for tag in Set(definition.tags).sorted() {
                try transaction.execute("INSERT INTO component_tag (tag, name) VALUES (?1, ?2)", [.text(tag), .text(definition.name)])
            }
            try transaction.execute("DELETE FROM component_reference WHERE name = ?1", [.text(definition.name)])
            for target in definition.references {
                try transaction.execute("INSERT INTO component_reference (target, name) VALUES (?1, ?2)", [.text(target), .text(definition.name)])
            }
            if current != nil {
                outcomes.append(.updated(name: definition.name, from: currentVersionText, to: definition.version.description))
            } else {
                outcomes.append(.added(name: definition.name, version: definition.version.description))
            }
        }
        // References must not loop back (a chain whose step's decorator runs the chain…): the
        // transaction is rolled back naming the cycle.
        for name in definitions.map(\.name) {  // in the batch's order, so the loop is named the same way every time
            if let cycle = try cycle(from: name, transaction) { throw StoreError.referenceCycle(cycle) }
        }
        return outcomes
    }

    /// A path of references from `start` back to itself, or nil.
    package static func cycle(from start: String, _ transaction: any StoreTransaction) throws -> [String]? {
        var path: [String] = [start]
        var visited: Set<String> = []
        func visit(_ name: String) throws -> Bool {
            for target in try transaction.column("SELECT target FROM component_reference WHERE name = ?1 ORDER BY target", [.text(name)]).compactMap(\.text) {
                if target == start { path.append(target); return true }
                guard visited.insert(target).inserted else { continue }
                path.append(target)
                if try visit(target) { return true }
                path.removeLast()
            }
            return false
        }
        return try visit(start) ? path : nil
    }

    /// Takes a component out of the catalog, refusing while another component uses it. Its
    /// versions stay kept: the log may apply them, and every accepted log replays.
    package static func remove(_ name: String, _ transaction: any StoreTransaction) throws {
        guard try transaction.exists("SELECT EXISTS (SELECT 1 FROM component WHERE name = ?1)", [.text(name)]) else {
            throw StoreError.unknownComponent(name)
        }
        let dependents = try transaction.column("SELECT name FROM component_reference WHERE target = ?1 ORDER BY name", [.text(name)]).compactMap(\.text)
        guard dependents.isEmpty else { throw StoreError.componentInUse(name: name, dependents: dependents) }
        try transaction.execute("DELETE FROM component WHERE name = ?1", [.text(name)])
        try transaction.append(.componentRemove, object: nil, ComponentRemovePayload(name: name))
    }

    package static let fingerprintKey = "builtin_catalog"

    /// Inside the transaction of ``ComponentStore/loadBuiltIns(fingerprint:definitions:)``: the
    /// fingerprint checked again (another process may have loaded them meanwhile), then each
    /// built-in added when missing or of a higher version than the stored one.
    package static func loadBuiltIns(fingerprint: String, definitions: [ComponentDefinition], _ transaction: any StoreTransaction) throws -> [AddOutcome] {
        guard try transaction.row("SELECT value FROM setting WHERE key = ?1", [.text(fingerprintKey)])?.first?.text != fingerprint else { return [] }
        var chosen: [ComponentDefinition] = []
        for definition in definitions {
            let current = try transaction.row(currentSQL, [.text(definition.name)])?[1].text.flatMap(SemanticVersion.init)
            if let current {
                if definition.version > current { chosen.append(definition) }
            } else if try !transaction.exists("SELECT EXISTS (SELECT 1 FROM component_version WHERE name = ?1)", [.text(definition.name)]) {
                chosen.append(definition)  // never stored; one with kept versions was removed, and stays removed
            }
        }
        let outcomes = try add(chosen, transaction)
        try transaction.execute(
            "INSERT INTO setting (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            [.text(fingerprintKey), .text(fingerprint)])
        return outcomes
    }
}
