import CatalogModel

/// One change of a bulk write (``ApplicationStore/apply(_:at:)``).
package enum BulkChange: Sendable {
    /// An object, with its owners (each existing, or added earlier in the same write).
    case add(id: String, type: String, owners: [String])
    /// A property set (nil removes it), as `prop set` writes it.
    case set(PropertyWrite)
}

/// The scene's writes inside a transaction of either backend: applications, the changes an
/// event's handlers make, bulk imports (see ``ApplicationStore``).
package enum ApplicationWrites {
    package static func recordApply(
        _ records: [(object: String, payload: JSONValue)], sets: [(id: String, key: String, value: PropertyValue)],
        _ transaction: any StoreTransaction
    ) throws -> Double {
        var writer = AssociationWriter(transaction)
        for set in sets { _ = try writer.set(set.value, for: set.key, on: set.id, policy: .retain) }
        for record in records {
            guard try ObjectWrites.oidIfExists(of: record.object, transaction) != nil else { throw StoreError.unknownObject(record.object) }
            var payload = record.payload.objectValue ?? [:]
            payload["start"] = .number(transaction.sceneTime)
            try transaction.append(.apply, object: record.object, payload: .object(payload))
        }
        return transaction.sceneTime
    }

    package static func change(
        creating objects: [(id: String, type: String, owner: String)],
        sets: [PropertyWrite],
        records: [(operation: EventOperation, object: String?, payload: JSONValue)],
        _ transaction: any StoreTransaction
    ) throws -> Double {
        for object in objects {
            guard ObjectID.isValid(object.id) else { throw StoreError.invalidObjectID(object.id) }
            try ObjectWrites.add(id: object.id, type: object.type, owners: [object.owner], transaction)
        }
        var writer = AssociationWriter(transaction)
        for set in sets { _ = try writer.set(set.value, for: set.key, on: set.id, policy: set.policy) }
        for record in records { try transaction.append(record.operation, object: record.object, payload: record.payload) }
        return transaction.sceneTime
    }

    package static func apply(_ changes: [BulkChange], _ transaction: any StoreTransaction, progress: (Int) -> Void = { _ in }) throws {
        var writer = AssociationWriter(transaction)
        for (index, change) in changes.enumerated() {
            switch change {
            case .add(let id, let type, let owners): writer.created(try ObjectWrites.add(id: id, type: type, owners: owners, transaction))
            case .set(let write): _ = try writer.set(write.value, for: write.key, on: write.id, policy: write.policy)
            }
            if (index + 1) % 1_024 == 0 { progress(index + 1) }
        }
    }
}
