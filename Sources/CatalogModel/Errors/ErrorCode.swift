/// The stable names of what can go wrong, as `--format json` errors and the web API carry them
/// (`{"error": {"code": "unknown-component", …}}`). A script branches on the code; the message
/// beside it is for people and may be reworded. Codes are only ever added.
///
/// ```swift
/// ErrorCode.unknownComponent.rawValue   // "unknown-component"
/// ErrorCode(rawValue: "unknown-component")   // .unknownComponent
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
    /// A timing function that is not a CA name, a CSS easing, four control points or a spring.
    case invalidTimingFunction = "invalid-timing-function"
    /// A CSS value (a transform, a colour, a length) that does not parse.
    case invalidCSSValue = "invalid-css-value"
    /// A property value that does not convert to the type asked for.
    case invalidValue = "invalid-value"
    /// Sample or frame times outside the limits, or not numbers.
    case invalidTimes = "invalid-times"
    /// A row of a bulk import (fields `file`, `line`).
    case invalidImport = "invalid-import"
    /// A store archive that is not one, or was changed (fields `file`, `line`).
    case invalidArchive = "invalid-archive"
    /// A file that is missing or cannot be read (field `file`).
    case cannotReadFile = "cannot-read-file"
    /// An output file (`-o`) that cannot be written (field `file`).
    case cannotWriteFile = "cannot-write-file"

    // MARK: database — opening and keeping the store
    /// A `--db` that is neither a file path nor a `postgres://` URL.
    case invalidLocation = "invalid-location"
    /// A file that is not a SQLite database (field `location`).
    case notADatabase = "not-a-database"
    /// A database that cannot be opened or created there: a missing or read-only folder (field `location`).
    case cannotOpen = "cannot-open"
    /// Opened for reading only: nothing was written.
    case readOnly = "read-only"
    /// A migration history this build refuses (a changed file, a gap, a newer schema).
    case migrationRefused = "migration-refused"
    /// No PostgreSQL server answered at the URL's host and port within the connect timeout.
    case serverUnreachable = "server-unreachable"
    /// The PostgreSQL server refused the user or the password.
    case authenticationFailed = "authentication-failed"
    /// The PostgreSQL server has no database of that name.
    case unknownDatabase = "unknown-database"
    /// The connection broke mid-command; the server rolled back what was not committed.
    case connectionLost = "connection-lost"
    /// TLS could not be set up as `sslmode` asks (no TLS on the server, a certificate nobody vouches for).
    case tlsFailed = "tls-failed"
    /// Any other error a database server reported (field `sqlState`).
    case serverError = "server-error"

    // MARK: catalog — components and their versions
    /// No component of that name (field `component`; `removed: true` when it was taken out).
    case unknownComponent = "unknown-component"
    /// A version the component never had, or no longer keeps.
    case unknownVersion = "unknown-version"
    /// A component a command cannot take (an animation where a chain goes, several definitions where one does).
    case wrongComponent = "wrong-component"
    /// An update whose version is not higher than the current one (fields `version`, `current`).
    case versionNotHigher = "version-not-higher"
    /// A version already kept with other content: a changed definition needs a new version.
    case versionKept = "version-kept"
    /// A component another one uses, so it cannot be removed (field `dependents`).
    case componentInUse = "component-in-use"
    /// A definition that names a component the catalog does not hold (field `reference`).
    case unknownReference = "unknown-reference"
    /// A parameter value given for a parameter the component does not declare (fields `file`,
    /// `path`, `rule`; HTTP 404).
    case unknownParameter = "unknown-parameter"
    /// A definition that names a component of the wrong kind (a chain step naming a layout).
    case referenceKind = "reference-kind"
    /// Components that use each other in a cycle (field `cycle`).
    case referenceCycle = "reference-cycle"
    /// A component that cannot be written in the asked-for web form.
    case notExportable = "not-exportable"
    /// A `--context MODIFIER=CONTEXT` that no token set's resolver has (fields `modifier`, `context`).
    case unknownContext = "unknown-context"

    // MARK: objects — objects, types and their properties
    /// No object with that id (field `id`).
    case unknownObject = "unknown-object"
    /// An object with that id already exists.
    case objectExists = "object-exists"
    /// An object id that is empty, too long or holds spaces or control characters.
    case invalidObjectID = "invalid-object-id"
    /// An object type name that breaks its rule.
    case invalidTypeName = "invalid-type-name"
    /// A declaration that would redefine a built-in object type.
    case builtInType = "built-in-type"
    /// An object named as its own owner.
    case ownsItself = "owns-itself"
    /// A property key that is empty, too long or holds spaces or control characters.
    case invalidKey = "invalid-key"
    /// A policy that is not `retain`, `copy` or `weak`, or one the value cannot take (`weak` for a number).
    case invalidPolicy = "invalid-policy"
    /// An object that holds nothing under the key asked for (fields `id`, `key`).
    case unknownProperty = "unknown-property"
    /// A stored value of another type than the one asked for.
    case typeMismatch = "type-mismatch"
    /// A value that does not convert to the type its key is declared with.
    case propertyType = "property-type"
    /// A parameter override (`COMPONENT.PARAMETER`) of another type than the parameter.
    case overrideType = "override-type"
    /// A parameter override that breaks the parameter's limits.
    case overrideRule = "override-rule"
    /// A value animations start from beyond the limit for animated values.
    case valueOutOfRange = "value-out-of-range"

    // MARK: scene — applying, sending, asking for state
    /// An animation or decorator applied to no object.
    case noTargets = "no-targets"
    /// A target that lacks a property the component `requires`.
    case missingRequirements = "missing-requirements"
    /// A decorator attached to an object of a type it does not decorate.
    case attachesTo = "attaches-to"
    /// A layout with no rect: neither the `rect` parameter nor a container with bounds.
    case noRect = "no-rect"
    /// A slot bound that the layout does not have.
    case unknownSlot = "unknown-slot"
    /// A layout applied with none of its slots bound.
    case nothingBound = "nothing-bound"
    /// One object bound to two slots of a layout.
    case boundTwice = "bound-twice"
    /// A role bound that the chain does not have.
    case unknownRole = "unknown-role"
    /// A chain applied with one of its roles unbound.
    case unboundRole = "unbound-role"
    /// An event name that is empty, too long or holds spaces or control characters.
    case invalidEventName = "invalid-event-name"
    /// A scene time that is not finite or beyond the limit.
    case invalidSceneTime = "invalid-scene-time"
    /// A scene time before the last event's: the scene clock never goes back.
    case sceneTimeBackwards = "scene-time-backwards"
    /// An application replay could not evaluate, refused before it was logged.
    case notReplayable = "not-replayable"

    // MARK: log — the event log, snapshots and replay
    /// A logged event whose payload cannot be read.
    case unreadableEvent = "unreadable-event"
    /// A logged event whose payload lacks a field its operation needs.
    case malformedEvent = "malformed-event"
    /// A command that needs events run on an empty log.
    case emptyLog = "empty-log"
    /// No snapshot is kept at the sequence number asked for.
    case noSnapshot = "no-snapshot"
    /// A snapshot whose rows do not hash to what it recorded.
    case damagedSnapshot = "damaged-snapshot"
    /// A compaction that would remove every event: keep at least the newest.
    case compactsEverything = "compacts-everything"
    /// A compaction point at or before the log's base: nothing would be removed.
    case nothingToCompact = "nothing-to-compact"
    /// History that was compacted away: a state before the log's base, an export of a compacted log.
    case compacted = "compacted"
    /// A component version the log applies that the store no longer keeps.
    case versionNotKept = "version-not-kept"
    /// An event of the log that could not be carried out again.
    case replayFailed = "replay-failed"
    /// The log does not rebuild the live state (`replay --verify`).
    case replayMismatch = "replay-mismatch"
    /// A store that cannot take an import (it already holds events).
    case storeNotEmpty = "store-not-empty"

    // MARK: web — `catalog serve`
    /// A write without the server's write token, or with another one (HTTP 401).
    case unauthorized
    /// A request for a host the server does not serve — how DNS rebinding looks (HTTP 421).
    case wrongHost = "wrong-host"
    /// No such page or API path (HTTP 404).
    case unknownRoute = "unknown-route"
    /// A request body beyond the limit (HTTP 413).
    case bodyTooLarge = "body-too-large"
    /// A method the API path does not take (HTTP 405, with `Allow`).
    case methodNotAllowed = "method-not-allowed"

    // MARK: registry — components from other catalogs (`catalog add URL`, `install`)
    /// A registry item that could not be fetched: down, timed out, not 200, cut short, not an item.
    case fetchFailed = "fetch-failed"
    /// An item whose content is not what its integrity (or the lock's) says.
    case integrityMismatch = "integrity-mismatch"
    /// A redirect to another origin that the registry's `allowedHosts` does not list.
    case redirectRefused = "redirect-refused"
    /// An item larger than any a catalog writes.
    case itemTooLarge = "item-too-large"
    /// Items that depend on each other in a circle.
    case dependencyCycle = "dependency-cycle"
    /// An item named as a local component it did not come from (`--as` renames it).
    case nameCollision = "name-collision"
    /// A locked item missing from the cache, where `install` finds items without the network.
    case notCached = "not-cached"
    /// A component `update` was asked for that the lock does not name (not added from a registry).
    case notLocked = "not-locked"
    /// A `catalog.json` or `catalog.lock` the command cannot read as one.
    case invalidRegistryConfiguration = "invalid-registry-configuration"

    /// The groups the README lists codes in.
    package enum Family: String, CaseIterable, Sendable {
        /// Command line, input, database, catalog, objects, scene, log, web and registry, in the README's order.
        case command, input, database, catalog, objects, scene, log, web, registry
    }

    /// The family this code belongs to.
    package var family: Family {
        switch self {
        case .usage, .unexpected: .command
        case .invalidDefinition, .invalidJSON, .invalidTimingFunction, .invalidCSSValue, .invalidValue, .invalidTimes,
            .invalidImport, .invalidArchive, .cannotReadFile, .cannotWriteFile:
            .input
        case .invalidLocation, .notADatabase, .cannotOpen, .readOnly, .migrationRefused, .serverUnreachable,
            .authenticationFailed, .unknownDatabase, .connectionLost, .tlsFailed, .serverError:
            .database
        case .unknownComponent, .unknownVersion, .wrongComponent, .versionNotHigher, .versionKept, .componentInUse,
            .unknownReference, .unknownParameter, .referenceKind, .referenceCycle, .notExportable, .unknownContext:
            .catalog
        case .unknownObject, .objectExists, .invalidObjectID, .invalidTypeName, .builtInType, .ownsItself, .invalidKey,
            .invalidPolicy, .unknownProperty, .typeMismatch, .propertyType, .overrideType, .overrideRule, .valueOutOfRange:
            .objects
        case .noTargets, .missingRequirements, .attachesTo, .noRect, .unknownSlot, .nothingBound, .boundTwice, .unknownRole,
            .unboundRole, .invalidEventName, .invalidSceneTime, .sceneTimeBackwards, .notReplayable:
            .scene
        case .unreadableEvent, .malformedEvent, .emptyLog, .noSnapshot, .damagedSnapshot, .compactsEverything, .nothingToCompact,
            .compacted, .versionNotKept, .replayFailed, .replayMismatch, .storeNotEmpty:
            .log
        case .unauthorized, .wrongHost, .unknownRoute, .bodyTooLarge, .methodNotAllowed: .web
        case .fetchFailed, .integrityMismatch, .redirectRefused, .itemTooLarge, .dependencyCycle, .nameCollision, .notCached,
            .notLocked, .invalidRegistryConfiguration:
            .registry
        }
    }
}
