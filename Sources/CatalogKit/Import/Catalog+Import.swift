import CatalogModel
internal import CatalogStore

/// What an import did.
///
/// ```swift
/// let rows = try BulkImport(text: text, file: "cells.jsonl")
/// let summary = try catalog.importRows(rows)
/// print(summary.objects, summary.properties)
/// ```
public struct ImportSummary: Sendable, Hashable {
    /// Objects created.
    public var objects = 0
    /// Properties set (or removed).
    public var properties = 0
    /// Decorators attached because a row set a key they declare (`url` → `hyperlink`), as
    /// `owner decorator` pairs.
    public var attached: [String] = []
}

extension Catalog {
    /// Adds the objects and sets the properties of `rows` in one transaction, one event per
    /// change: all or nothing. Each row is checked as `prop set` / `object add` check it — types
    /// converted, parameter overrides checked, decorators attached by the keys they declare — and
    /// a row that fails is an ``ImportError`` naming its line; nothing is written then.
    ///
    /// One event per change (not one batch event) keeps the log's meaning: `log --object`,
    /// `state` and `replay` read an imported property exactly as one set by hand.
    ///
    /// `progress` hears the rows checked ("checking"), then the changes written ("writing").
    @discardableResult
    public func importRows(_ rows: BulkImport, at sceneTime: Double? = nil, progress: ProgressHandler? = nil) throws -> ImportSummary {
        if let sceneTime, let problem = NumericLimits.problem(time: sceneTime) { throw SceneError.sceneTime(sceneTime, problem: problem) }
        var changes: [BulkChange] = []
        var summary = ImportSummary()
        var types: [String: String?] = [:]  // objects seen: their type (nil: none now)
        var attached = Set<String>()  // "owner decorator" attached in this file
        var decoratorsByKey: [String: [(StoredComponent, DecoratorDefinition)]] = [:]
        var setHere: [String: [String: PropertyValue]] = [:]  // object → dotted key → value, set by earlier rows
        var objectTypes: [String: ObjectType] = [:]  // by name, read once per import
        func knownType(of id: String) throws -> String? {
            if let known = types[id] { return known }
            let stored = try objects.get(id)?.type
            types[id] = stored
            return stored
        }
        // The stored types of every object the rows name, read a page at a time up front rather
        // than one read per object (ids the file itself creates read as absent, as they are now).
        var named = Set<String>()
        for (_, change) in rows.changes {
            switch change {
            case .object(let id, _, let owner): named.insert(id); if let owner { named.insert(owner) }
            case .property(let id, _, let value, _, _): named.insert(id); if case .object(let target)? = value { named.insert(target) }
            }
        }
        let ids = Array(named)
        for start in stride(from: 0, to: ids.count, by: 10_000) {
            let page = Array(ids[start..<min(start + 10_000, ids.count)])
            let stored = try database.objects.types(of: page)
            for id in page { types.updateValue(stored[id], forKey: id) }  // nil: known to be absent
        }
        var checked = ProgressCounter(progress, step: "checking", total: rows.changes.count, unit: "rows")
        for (line, change) in rows.changes {
            defer { checked.advance() }
            do {
                switch change {
                case .object(let id, let type, let owner):
                    guard try knownType(of: id) == nil else { throw StoreError.objectExists(id) }
                    if let owner { guard try knownType(of: owner) != nil else { throw StoreError.unknownObject(owner) } }
                    types[id] = type
                    changes.append(.add(id: id, type: type, owners: owner.map { [$0] } ?? []))
                    summary.objects += 1
                case .property(let id, let key, var value, _, let policy):
                    guard let objectType = try knownType(of: id) else { throw StoreError.unknownObject(id) }
                    guard AssociationWriter.isValidKey(key) else { throw StoreError.invalidKey(key) }
                    if let given = value {
                        value = try checkedOverride(given, for: key, on: id, pending: setHere[id] ?? [:])
                        if objectTypes[objectType] == nil { objectTypes[objectType] = try self.objectType(objectType) }
                        if let declared = objectTypes[objectType]!.properties[key] {
                            value = try Self.converted(value!, to: declared, key: key, on: objectType)
                        }
                    }
                    if policy == .weak, let value, value.type != .object {
                        throw StoreError.invalidPolicy("policy weak applies only to object references (@id), not to a \(value.type.rawValue)")
                    }
                    if case .object(let target)? = value, try knownType(of: target) == nil { throw StoreError.unknownObject(target) }
                    if decoratorsByKey[key] == nil { decoratorsByKey[key] = try decoratorsAttachingOn(key) }
                    for (stored, decorator) in decoratorsByKey[key]! {
                        guard decorator.attachesTo.isEmpty || decorator.attachesTo.contains(objectType), let declared = decorator.properties[key] else {
                            continue
                        }
                        value = try Self.decoratorValue(value, declared: declared.type, decorator: stored.name, key: key)
                        let pair = "\(id) \(stored.name)"
                        if !attached.contains(pair), try !decorators(of: id).contains(stored.name) {
                            let attach = try attachment(stored.name, decorator, on: id, pending: value.map { [key: $0] } ?? [:])
                            for object in attach.objects {
                                changes.append(.add(id: object.id, type: object.type, owners: [object.owner]))
                                types[object.id] = object.type
                            }
                            for set in attach.sets { changes.append(.set(set)) }
                            attached.insert(pair)
                            summary.attached.append(pair)
                        }
                        break
                    }
                    try Self.checkModelValue(value, for: key, on: id)
                    changes.append(.set(PropertyWrite(id: id, key: key, value: value, policy: policy)))
                    // Only a dotted key can be another row's pending override (`fade.duration`).
                    if key.utf8.contains(UInt8(ascii: ".")) { setHere[id, default: [:]][key] = value }
                    summary.properties += 1
                }
            } catch let error as ImportError {
                throw error
            } catch {
                throw ImportError(file: rows.file, line: line, message: "\(error)")
            }
        }
        let total = changes.count
        progress?(WorkProgress(step: "writing", done: 0, total: total, unit: "changes"))
        // A container whose frame or bounds a row sets lays its applied layout out again, in the
        // same transaction as the rows.
        let writes = changes.compactMap { change -> (id: String, key: String)? in
            guard case .set(let write) = change else { return nil }
            return (write.id, write.key)
        }
        try transaction { catalog in
            try catalog.database.applications.apply(changes, at: sceneTime) { done in
                progress?(WorkProgress(step: "writing", done: done, total: total, unit: "changes"))
            }
            try catalog.relayout(resizedBy: writes, at: sceneTime)
        }
        return summary
    }
}
