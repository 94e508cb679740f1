/// The stable names of what can go wrong, as `--format json` errors and the web API carry them
/// (`{"error": {"code": "unknown-component", …}}`). A script branches on the code; the message
/// beside it is for people and may be reworded. Codes are only ever added.
///
/// ```swift
/// ErrorCode.unknownComponent.rawValue   // "unknown-component"
/// ErrorCode.unknownComponent.family     // .catalog
/// ```
public enum ErrorCode: String, CaseIterable, Sendable, Hashable, Codable {
    // MARK: command — the command line itself
    /// Arguments the command does not take, or that do not go together.
    case usage
    /// An error the catalog has no code for: worth reporting as a bug.
    case unexpected

    // MARK: input — what was given to read
    /// A definition that breaks a rule (fields `file`, `path`, `rule`).
    case invalidDefinition = "invalid-definition"
    /// Text that is not JSON.
    case invalidJSON = "invalid-json"
    case invalidTimingFunction = "invalid-timing-function"
    case invalidCSSValue = "invalid-css-value"
    /// A property value that does not convert to the type asked for.
    case invalidValue = "invalid-value"
    /// Sample or frame times outside the limits, or not numbers.
    case invalidTimes = "invalid-times"
    /// A row of a bulk import (fields `file`, `line`).
    case invalidImport = "invalid-import"
    /// A store archive that is not one, or was changed (fields `file`, `line`).
    case invalidArchive = "invalid-archive"
    case cannotReadFile = "cannot-read-file"
    case cannotWriteFile = "cannot-write-file"

    // MARK: database — opening and keeping the store
    /// A `--db` that is neither a file path nor a `postgres://` URL.
    case invalidLocation = "invalid-location"
    case notADatabase = "not-a-database"
    case cannotOpen = "cannot-open"
    /// Opened for reading only: nothing was written.
    case readOnly = "read-only"
    /// A migration history this build refuses (a changed file, a gap, a newer schema).
    case migrationRefused = "migration-refused"
    case serverUnreachable = "server-unreachable"
    case authenticationFailed = "authentication-failed"
    case unknownDatabase = "unknown-database"
    /// The connection broke mid-command; the server rolled back what was not committed.
    case connectionLost = "connection-lost"
    case tlsFailed = "tls-failed"
    /// Any other error a database server reported (field `sqlState`).
    case serverError = "server-error"

    // MARK: catalog — components and their versions
    case unknownComponent = "unknown-component"
    /// A version the component never had, or no longer keeps.
    case unknownVersion = "unknown-version"
    /// A component a command cannot take (an animation where a chain goes, several definitions where one does).
    case wrongComponent = "wrong-component"
    case versionNotHigher = "version-not-higher"
    case versionKept = "version-kept"
    case componentInUse = "component-in-use"
    case unknownReference = "unknown-reference"
    case referenceKind = "reference-kind"
    case referenceCycle = "reference-cycle"
    /// A component that cannot be written in the asked-for web form.
    case notExportable = "not-exportable"

    // MARK: objects — objects, types and their properties
    case unknownObject = "unknown-object"
    case objectExists = "object-exists"
    case invalidObjectID = "invalid-object-id"
    case invalidTypeName = "invalid-type-name"
    case builtInType = "built-in-type"
    case ownsItself = "owns-itself"
    case invalidKey = "invalid-key"
    case invalidPolicy = "invalid-policy"
    case unknownProperty = "unknown-property"
    /// A stored value of another type than the one asked for.
    case typeMismatch = "type-mismatch"
    /// A value that does not convert to the type its key is declared with.
    case propertyType = "property-type"
    case overrideType = "override-type"
    case overrideRule = "override-rule"
    /// A value animations start from beyond the limit for animated values.
    case valueOutOfRange = "value-out-of-range"

    // MARK: scene — applying, sending, asking for state
    case noTargets = "no-targets"
    case missingRequirements = "missing-requirements"
    case attachesTo = "attaches-to"
    case noRect = "no-rect"
    case unknownSlot = "unknown-slot"
    case nothingBound = "nothing-bound"
    case boundTwice = "bound-twice"
    case unknownRole = "unknown-role"
    case unboundRole = "unbound-role"
    case invalidEventName = "invalid-event-name"
    /// A scene time that is not finite or beyond the limit.
    case invalidSceneTime = "invalid-scene-time"
    case sceneTimeBackwards = "scene-time-backwards"
    /// An application replay could not evaluate, refused before it was logged.
    case notReplayable = "not-replayable"

    // MARK: log — the event log, snapshots and replay
    case unreadableEvent = "unreadable-event"
    case malformedEvent = "malformed-event"
    case emptyLog = "empty-log"
    case noSnapshot = "no-snapshot"
    case damagedSnapshot = "damaged-snapshot"
    case compactsEverything = "compacts-everything"
    case nothingToCompact = "nothing-to-compact"
    /// History that was compacted away: a state before the log's base, an export of a compacted log.
    case compacted = "compacted"
    case versionNotKept = "version-not-kept"
    /// An event of the log that could not be carried out again.
    case replayFailed = "replay-failed"
    /// The log does not rebuild the live state (`replay --verify`).
    case replayMismatch = "replay-mismatch"
    /// A store that cannot take an import (it already holds events).
    case storeNotEmpty = "store-not-empty"

    /// The groups the README lists codes in.
    public enum Family: String, CaseIterable, Sendable {
        case command, input, database, catalog, objects, scene, log
    }

    public var family: Family {
        switch self {
        case .usage, .unexpected: .command
        case .invalidDefinition, .invalidJSON, .invalidTimingFunction, .invalidCSSValue, .invalidValue, .invalidTimes,
             .invalidImport, .invalidArchive, .cannotReadFile, .cannotWriteFile: .input
        case .invalidLocation, .notADatabase, .cannotOpen, .readOnly, .migrationRefused, .serverUnreachable,
             .authenticationFailed, .unknownDatabase, .connectionLost, .tlsFailed, .serverError: .database
        case .unknownComponent, .unknownVersion, .wrongComponent, .versionNotHigher, .versionKept, .componentInUse,
             .unknownReference, .referenceKind, .referenceCycle, .notExportable: .catalog
        case .unknownObject, .objectExists, .invalidObjectID, .invalidTypeName, .builtInType, .ownsItself, .invalidKey,
             .invalidPolicy, .unknownProperty, .typeMismatch, .propertyType, .overrideType, .overrideRule, .valueOutOfRange: .objects
        case .noTargets, .missingRequirements, .attachesTo, .noRect, .unknownSlot, .nothingBound, .boundTwice, .unknownRole,
             .unboundRole, .invalidEventName, .invalidSceneTime, .sceneTimeBackwards, .notReplayable: .scene
        case .unreadableEvent, .malformedEvent, .emptyLog, .noSnapshot, .damagedSnapshot, .compactsEverything, .nothingToCompact,
             .compacted, .versionNotKept, .replayFailed, .replayMismatch, .storeNotEmpty: .log
        }
    }
}
