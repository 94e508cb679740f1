/// Why the store refused an operation. Every case says what to do about it.
///
/// ```swift
/// do { try catalog.objects.add(id: "cell-1", type: "cell") }
/// catch let error as StoreError { print(error.code, error) }   // object-exists, and what to do
/// ```
package enum StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A migration history this build refuses, or a migration that failed; the message names the file and what to do.
    case migration(String)
    /// No object has this id.
    case unknownObject(String)
    /// An object with this id already exists.
    case objectExists(String)
    /// An id that breaks the rule for object ids (1–200 characters, no spaces or control characters).
    case invalidObjectID(String)
    /// A type name that breaks the rule for type names.
    case invalidType(String)
    /// No component has this name.
    case unknownComponent(String)
    /// An update whose version is not higher than the current one.
    case versionNotHigher(name: String, version: String, current: String)
    /// A component that `dependents` use, so it cannot be removed.
    case componentInUse(name: String, dependents: [String])
    /// A version kept (perhaps from before a `remove`) with other content than the one being added.
    case versionKept(name: String, version: String)
    /// A definition that names a component (`target`) the catalog does not hold.
    case unknownReference(name: String, target: String)
    /// A chain step (or a reducedMotion stand-in) naming a component that is not an animation.
    case referenceKind(name: String, target: String, kind: String)
    /// Components that reference each other in a loop, first to last (the last is the first again).
    case referenceCycle([String])
    /// A declaration that would redefine a built-in object type.
    case builtInType(String)
    /// A scene time before the last event's (`last`): the clock never goes back.
    case sceneTimeBackwards(requested: Double, last: Double)
    /// A scene time that is not finite or beyond the limit.
    case sceneTimeOutOfRange(Double)
    /// An object named as its own owner.
    case ownsItself(String)
    /// The file at this path is not a SQLite database.
    case notADatabase(String)
    /// The database cannot be opened or created at this path.
    case cannotOpen(String)
    /// The file may be read but not written by this process.
    case readOnly(String, needsMigration: Bool)
    /// A property key that breaks the rule for keys.
    case invalidKey(String)
    /// The object holds nothing under this key.
    case unknownProperty(id: String, key: String)
    /// A policy the value cannot take, or not a policy at all; the message says which.
    case invalidPolicy(String)
    /// A logged event this build cannot read (written by another program or build).
    case unreadableEvent(seq: Int64, reason: String)
    /// Compaction needs a snapshot at its base.
    case noSnapshot(seq: Int64)
    /// Compaction always keeps the newest event: it holds the scene clock and the log's numbering.
    case compactsEverything(newest: Int64)
    /// The state asked for is older than the log's base: those events were compacted.
    case compacted(requested: Double, base: LogBase)
    /// A kept snapshot whose rows do not hash to its recorded hash.
    case damagedSnapshot(seq: Int64)

    /// What is wrong and what to do about it.
    package var description: String {
        switch self {
        case .migration(let message): message
        case .unknownObject(let id): "no object '\(Excerpt.quote(id))'"
        case .objectExists(let id): "object '\(Excerpt.quote(id))' already exists: remove it first or choose another id"
        case .invalidObjectID(let id): "object id '\(Excerpt.quote(id))' \(ObjectID.rule)"
        case .invalidType(let type): "object type '\(Excerpt.quote(type))' must match [A-Za-z][A-Za-z0-9_-]*"
        case .unknownComponent(let name): "no component '\(Excerpt.quote(name))'"
        case .versionNotHigher(let name, let version, let current):
            "\(name) \(version) differs from the stored \(name) \(current) but is not a higher version: bump `version` above \(current)"
        case .versionKept(let name, let version):
            "\(name) \(version) is kept with other content (every version stays kept, even after `remove`, so the log replays): give it a higher `version`"
        case .componentInUse(let name, let dependents):
            "cannot remove \(name): used by \(dependents.joined(separator: ", ")); remove or change those first"
        case .unknownReference(let name, let target):
            "\(name) uses component '\(Excerpt.quote(target))', which is neither stored nor being added"
        case .referenceKind(let name, let target, let kind):
            "\(name) runs \(target), a \(kind): a chain step (or a reducedMotion stand-in) takes an animation"
        case .builtInType(let name): "\(Excerpt.quote(name)) is a built-in type; declare a custom type under another name"
        case .referenceCycle(let names):
            "components reference each other in a loop: \(names.joined(separator: " → ")); break the loop (nothing was added)"
        case .sceneTimeBackwards(let requested, let last):
            "scene time \(requested) is before the last event's time \(last): time only moves forward"
        case .notADatabase(let path): "\(path) is not a catalog database (not an SQLite file): give another path"
        case .cannotOpen(let path): "cannot open \(path): its folder is missing or not writable"
        case .readOnly(let path, let needsMigration):
            needsMigration
                ? "\(path) is read-only and older than this build's schema: open it once with write access to migrate it"
                : "\(path) is read-only: nothing was written (reads work; writing needs write access to the file and its folder)"
        case .ownsItself(let id): "object '\(Excerpt.quote(id))' cannot own itself"
        case .sceneTimeOutOfRange(let requested):
            "scene time \(requested) is out of range: scene times are finite seconds up to \(JSONValue.numberText(NumericLimits.maximumTime))"
        case .invalidPolicy(let message): message
        case .unreadableEvent(let seq, let reason):
            "event \(seq) cannot be read by this build (\(reason)): was the log written by a newer catalog?"
        case .noSnapshot(let seq): "no snapshot is kept at event \(seq)"
        case .compactsEverything(let newest):
            "compaction keeps the newest event (\(newest)), which holds the scene clock and the log's numbering: compact before an earlier point"
        case .compacted(let requested, let base):
            "scene time \(JSONValue.numberText(requested)) is before the log's base (event \(base.seq), t=\(JSONValue.numberText(base.sceneTime))): "
                + "the events before it were compacted into a snapshot, so only states from t=\(JSONValue.numberText(base.sceneTime)) on are kept"
        case .damagedSnapshot(let seq):
            "the snapshot at event \(seq) is damaged (its rows do not match its hash)"
        case .unknownProperty(let id, let key): "\(Excerpt.quote(id)) has no property '\(Excerpt.quote(key))'"
        case .invalidKey(let key): "property key '\(Excerpt.quote(key))' must be 1–200 characters without spaces or control characters"
        }
    }
}

extension StoreError: CatalogError {
    /// The stable code for this refusal.
    package var code: ErrorCode {
        switch self {
        case .migration: .migrationRefused
        case .unknownObject: .unknownObject
        case .objectExists: .objectExists
        case .invalidObjectID: .invalidObjectID
        case .invalidType: .invalidTypeName
        case .unknownComponent: .unknownComponent
        case .versionNotHigher: .versionNotHigher
        case .componentInUse: .componentInUse
        case .versionKept: .versionKept
        case .unknownReference: .unknownReference
        case .referenceKind: .referenceKind
        case .referenceCycle: .referenceCycle
        case .builtInType: .builtInType
        case .sceneTimeBackwards: .sceneTimeBackwards
        case .sceneTimeOutOfRange: .invalidSceneTime
        case .ownsItself: .ownsItself
        case .notADatabase: .notADatabase
        case .cannotOpen: .cannotOpen
        case .readOnly: .readOnly
        case .invalidKey: .invalidKey
        case .unknownProperty: .unknownProperty
        case .invalidPolicy: .invalidPolicy
        case .unreadableEvent: .unreadableEvent
        case .noSnapshot: .noSnapshot
        case .compactsEverything: .compactsEverything
        case .compacted: .compacted
        case .damagedSnapshot: .damagedSnapshot
        }
    }

    /// The refusal's subject, by name: `id`, `component`, `key`, `seq`, … as `--format json` prints them.
    package var fields: [String: JSONValue] {
        switch self {
        case .migration, .invalidPolicy: [:]
        case .unknownObject(let id), .objectExists(let id), .invalidObjectID(let id), .ownsItself(let id): ["id": .string(id)]
        case .invalidType(let type), .builtInType(let type): ["type": .string(type)]
        case .unknownComponent(let name): ["component": .string(name)]
        case .versionNotHigher(let name, let version, let current):
            ["component": .string(name), "version": .string(version), "current": .string(current)]
        case .componentInUse(let name, let dependents): ["component": .string(name), "dependents": .array(dependents.map(JSONValue.string))]
        case .versionKept(let name, let version): ["component": .string(name), "version": .string(version)]
        case .unknownReference(let name, let target): ["component": .string(name), "reference": .string(target)]
        case .referenceKind(let name, let target, let kind): ["component": .string(name), "reference": .string(target), "kind": .string(kind)]
        case .referenceCycle(let names): ["cycle": .array(names.map(JSONValue.string))]
        case .sceneTimeBackwards(let requested, let last): ["time": .number(requested), "last": .number(last)]
        case .sceneTimeOutOfRange(let requested): ["time": .number(requested)]
        case .notADatabase(let path), .cannotOpen(let path): ["location": .string(path)]
        case .readOnly(let path, let needsMigration): ["location": .string(path), "needsMigration": .bool(needsMigration)]
        case .invalidKey(let key): ["key": .string(key)]
        case .unknownProperty(let id, let key): ["id": .string(id), "key": .string(key)]
        case .unreadableEvent(let seq, _): ["seq": .number(Double(seq))]
        case .noSnapshot(let seq), .damagedSnapshot(let seq): ["seq": .number(Double(seq))]
        case .compactsEverything(let newest): ["seq": .number(Double(newest))]
        case .compacted(let requested, let base): ["time": .number(requested), "baseSeq": .number(Double(base.seq)), "baseTime": .number(base.sceneTime)]
        }
    }
}
