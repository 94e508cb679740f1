/// The ownership graph and its collector: an object is deleted with its last owner.
///
/// Owners of X are its explicit owners (`object_owner`) and every object holding X through a
/// `retain` or `copy` association. When edges go away (an owner is deleted, a retaining property
/// replaced or unset) the objects that lost an owner — and everything they own — are collected
/// unless still reachable from an owner outside that set. This is mark-and-sweep rather than
/// reference counting, so ownership cycles (A owns B owns A) are collected too; objects created
/// without owners are roots and live until removed explicitly.
package enum Ownership {
    package static let childrenSQL = """
        SELECT object_oid FROM object_owner WHERE owner_oid = ?1
        UNION SELECT target_oid FROM association
        WHERE object_oid = ?1 AND policy IN ('retain', 'copy') AND target_oid IS NOT NULL
        """
    package static let ownersSQL = """
        SELECT owner_oid FROM object_owner WHERE object_oid = ?1
        UNION SELECT object_oid FROM association WHERE target_oid = ?1 AND policy IN ('retain', 'copy')
        """

    static func children(of oid: Int64, _ transaction: any StoreTransaction) throws -> [Int64] {
        try transaction.column(childrenSQL, [.integer(oid)]).compactMap(\.integer)
    }

    /// Deletes every object in `candidates`' ownership subtree that no surviving owner reaches.
    /// Returns the ids deleted, sorted. Candidates that no longer exist are ignored.
    static func collect(candidates: Set<Int64>, _ transaction: any StoreTransaction) throws -> [String] {
        guard !candidates.isEmpty else { return [] }  // the usual case on the property write path
        var subtree = Set<Int64>()
        var queue = try candidates.filter { try ObjectWrites.exists($0, transaction) }.sorted()
        while let oid = queue.popLast() {
            guard subtree.insert(oid).inserted else { continue }
            queue += try children(of: oid, transaction)
        }
        guard !subtree.isEmpty else { return [] }
        // Seeds: members with an owner outside the subtree (all remaining owners are alive).
        var alive = Set<Int64>()
        var marking: [Int64] = []
        for oid in subtree where try transaction.column(ownersSQL, [.integer(oid)]).contains(where: { !subtree.contains($0.integer ?? 0) }) {
            marking.append(oid)
        }
        while let oid = marking.popLast() {
            guard alive.insert(oid).inserted else { continue }
            marking += try children(of: oid, transaction).filter(subtree.contains)
        }
        let garbage = subtree.subtracting(alive)
        guard !garbage.isEmpty else { return [] }
        let list = garbage.sorted().map(String.init).joined(separator: ",")
        let ids = try transaction.column("SELECT id FROM object WHERE oid IN (\(list)) ORDER BY id").compactMap(\.text)
        // Cascades remove their associations and owner edges.
        try transaction.execute("DELETE FROM object WHERE oid IN (\(list))")
        return ids
    }
}
