import CatalogModel
internal import CatalogStore

// The facade's own errors, each with its code and the fields its message is about
// (the model's and the store's are beside their types).

extension ImportError: CatalogError {
    /// ``ErrorCode/invalidImport``.
    public var code: ErrorCode { .invalidImport }
    /// `file` and `line`.
    public var fields: [String: JSONValue] { ["file": .string(file), "line": .number(Double(line))] }
}

extension StoreArchive.FormatError: CatalogError {
    /// ``ErrorCode/invalidArchive``.
    public var code: ErrorCode { .invalidArchive }
    /// `file` and `line`.
    public var fields: [String: JSONValue] { ["file": .string(file), "line": .number(Double(line))] }
}

extension StoreArchive.RefusalError: CatalogError {
    /// ``ErrorCode/compacted`` or ``ErrorCode/storeNotEmpty``.
    public var code: ErrorCode {
        switch self {
        case .compacted: .compacted
        case .notEmpty: .storeNotEmpty
        }
    }

    /// `baseSeq` for a compacted log; `location` and `events` for a store that is not empty.
    public var fields: [String: JSONValue] {
        switch self {
        case .compacted(let base): ["baseSeq": .number(Double(base))]
        case .notEmpty(let path, let events): ["location": .string(path), "events": .number(Double(events))]
        }
    }
}

extension AssociationTypeMismatch: CatalogError {
    /// ``ErrorCode/typeMismatch``.
    public var code: ErrorCode { .typeMismatch }
    /// `key`, `id`, the `stored` type and the `expected` Swift type.
    public var fields: [String: JSONValue] {
        ["key": .string(key), "id": .string(object), "stored": .string(stored.rawValue), "expected": .string(expected)]
    }
}

extension SceneVerification.ReplayFailure: CatalogError {
    /// ``ErrorCode/replayFailed``.
    public var code: ErrorCode { .replayFailed }
}

extension SnapshotRowError: CatalogError {
    /// ``ErrorCode/damagedSnapshot``.
    public var code: ErrorCode { .damagedSnapshot }
    /// `id`: the object whose row is damaged.
    public var fields: [String: JSONValue] { ["id": .string(object)] }
}
