import CatalogModel
import Foundation

/// A component version as stored: envelope columns plus the canonical definition.
public struct StoredComponent: Sendable, Hashable {
    public var name: String
    public var version: String
    public var kind: ComponentKind
    public var summary: String
    public var tags: [String]
    public var contentHash: String
    /// Canonical JSON of the definition.
    public var definition: String
    /// Event-log sequence number of the add that stored this version.
    public var addedSeq: Int64

    /// The definition decoded (validated again: stored JSON always was).
    public func decode() throws -> ComponentDefinition {
        try DefinitionDecoder.decode(text: definition, file: "\(name)@\(version).json")
    }

    public var summaryJSON: JSONValue {
        ["name": .string(name), "version": .string(version), "kind": .string(kind.rawValue), "summary": .string(summary),
         "tags": .array(tags.map(JSONValue.string)), "hash": .string(contentHash)]
    }
}

/// What `add` did with one definition.
public enum AddOutcome: Sendable, Hashable {
    case added(name: String, version: String)
    case updated(name: String, from: String, to: String)
    /// Identical content was already stored; nothing was written.
    case unchanged(name: String, version: String)
}
