import CatalogModel
internal import CatalogStore

// The facade's own errors, each with its code and the fields its message is about
// (the model's and the store's are beside their types).

extension ImportError: CatalogError {
    public var code: ErrorCode { .invalidImport }
    public var fields: [String: JSONValue] { ["file": .string(file), "line": .number(Double(line))] }
}

extension StoreArchive.FormatError: CatalogError {
    public var code: ErrorCode { .invalidArchive }
    public var fields: [String: JSONValue] { ["file": .string(file), "line": .number(Double(line))] }
}

extension StoreArchive.RefusalError: CatalogError {
    public var code: ErrorCode {
        switch self {
        case .compacted: .compacted
        case .notEmpty: .storeNotEmpty
        }
    }

    public var fields: [String: JSONValue] {
        switch self {
        case .compacted(let base): ["baseSeq": .number(Double(base))]
        case .notEmpty(let path, let events): ["location": .string(path), "events": .number(Double(events))]
        }
    }
}

extension AssociationTypeMismatch: CatalogError {
    public var code: ErrorCode { .typeMismatch }
    public var fields: [String: JSONValue] {
        ["key": .string(key), "id": .string(object), "stored": .string(stored.rawValue), "expected": .string(expected)]
    }
}

extension SceneVerification.ReplayFailure: CatalogError {
    public var code: ErrorCode { .replayFailed }
}

extension SnapshotRowError: CatalogError {
    public var code: ErrorCode { .damagedSnapshot }
    public var fields: [String: JSONValue] { ["id": .string(object)] }
}
