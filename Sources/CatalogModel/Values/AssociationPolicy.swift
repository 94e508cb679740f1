/// How an associated property holds its value: `objc_AssociationPolicy`, made persistent.
///
/// ```swift
/// try catalog.setProperty(.object("label-2"), for: "peer", on: "label-1", policy: .weak)
/// ```
public enum AssociationPolicy: String, Sendable, Hashable, CaseIterable, Codable {
    /// The holder owns the value; a referenced object lives at least as long as the holder and
    /// is deleted with its last owner. The default.
    case retain
    /// The value is snapshotted; a referenced object is deep-copied into a new object the holder
    /// owns, independent of the original.
    case copy
    /// A non-owning object reference that reads as absent once its target is deleted (the safe
    /// form of `OBJC_ASSOCIATION_ASSIGN`). Only for object references.
    case weak

    /// Whether an object reference held this way keeps its target alive.
    public var owns: Bool { self != .weak }
}
