import Foundation
import Synchronization

/// A component version as stored: envelope columns plus the canonical definition.
///
/// ```swift
/// if let stored = try catalog.components.get("bounce-select") {
///     print(stored.version)                  // "1.1.0", the newest
///     let definition = try stored.decode()
/// }
/// ```
public struct StoredComponent: Sendable, Hashable {
    package init(
        name: String, version: String, kind: ComponentKind, summary: String, tags: [String], contentHash: String,
        definition: String, addedSeq: Int64
    ) {
        self.name = name
        self.version = version
        self.kind = kind
        self.summary = summary
        self.tags = tags
        self.contentHash = contentHash
        self.definition = definition
        self.addedSeq = addedSeq
    }

    /// The component's name.
    public var name: String
    /// This version, as written in the definition (`1.2.0`).
    public var version: String
    /// Its kind.
    public var kind: ComponentKind
    /// Its one-line summary.
    public var summary: String
    /// Its tags.
    public var tags: [String]
    /// SHA-256 of the canonical definition: equal content, equal hash.
    public var contentHash: String
    /// Canonical JSON of the definition.
    public var definition: String
    /// Event-log sequence number of the add that stored this version.
    public var addedSeq: Int64

    /// The definition decoded (validated again: stored JSON always was). A stored version never
    /// changes, so each is decoded once per process (keyed by name, version and content hash).
    public func decode() throws -> ComponentDefinition {
        let key = "\(name)@\(version)#\(contentHash)"
        if let decoded = DecodedDefinitions.shared.withLock({ $0[key] }) { return decoded }
        let decoded = try DefinitionDecoder.decode(text: definition, file: "\(name)@\(version).json", stored: true)
        DecodedDefinitions.shared.withLock { cache in
            if cache.count >= DecodedDefinitions.capacity { cache.removeAll() }  // a bound, for processes that see many versions
            cache[key] = decoded
        }
        return decoded
    }

    /// Name, version, kind, summary, tags and hash: a row of `catalog list --format json`.
    package var summaryJSON: JSONValue {
        [
            "name": .string(name), "version": .string(version), "kind": .string(kind.rawValue), "summary": .string(summary),
            "tags": .array(tags.map(JSONValue.string)), "hash": .string(contentHash)
        ]
    }

    /// ``summaryJSON`` with the `definition` itself: what `catalog show --format json` prints.
    package func documentJSON() throws -> JSONValue {
        var document = summaryJSON.objectValue!
        document["definition"] = try JSONValue(jsonData: Data(definition.utf8))
        return .object(document)
    }

    /// ``summaryJSON`` with `added_seq`, the event that added this version: a row of
    /// `catalog history --format json`.
    package var historyJSON: JSONValue {
        var entry = summaryJSON.objectValue!
        entry["added_seq"] = .number(Double(addedSeq))
        return .object(entry)
    }
}

extension [StoredComponent] {
    /// By semantic version, oldest first: the order of ``ComponentStore/history(_:)``.
    package func oldestFirst() -> [StoredComponent] {
        sorted { SemanticVersion($0.version)! < SemanticVersion($1.version)! }
    }
}

/// What `add` did with one definition.
///
/// ```swift
/// let outcomes = try catalog.components.add([definition])
/// if case .updated(let name, let from, let to) = outcomes[0] { print("\(name): \(from) → \(to)") }
/// ```
public enum AddOutcome: Sendable, Hashable {
    /// A name the catalog did not hold.
    case added(name: String, version: String)
    /// A new version of a name it held, `from` the current one `to` this one.
    case updated(name: String, from: String, to: String)
    /// Identical content was already stored; nothing was written.
    case unchanged(name: String, version: String)
}

/// The process-wide cache behind ``StoredComponent/decode()``.
enum DecodedDefinitions {
    static let capacity = 4096
    static let shared = Mutex<[String: ComponentDefinition]>([:])
}
