/// One row of the event log as stored: its payload still text (see ``EventLog/scanRows(after:through:until:pageSize:_:)``).
///
/// ```swift
/// try catalog.events.scanRows(after: 0) { row in
///     print(row.seq, row.operationName, row.payloadText)   // as stored, not decoded
/// }
/// ```
package struct LoggedRow: Sendable, Hashable {
    package init(seq: Int64, sceneTime: Double, operationName: String, objectID: String?, payloadText: String) {
        self.seq = seq
        self.sceneTime = sceneTime
        self.operationName = operationName
        self.objectID = objectID
        self.payloadText = payloadText
    }

    /// The event's sequence number.
    package var seq: Int64
    /// Its scene time.
    package var sceneTime: Double
    /// The operation as stored; ``event()`` refuses one this build does not know.
    package var operationName: String
    /// The object it is about, if any.
    package var objectID: String?
    /// Its payload, as the canonical JSON text stored.
    package var payloadText: String

    /// The operation, nil when this build does not know it.
    package var operation: EventOperation? { EventOperation(rawValue: operationName) }

    /// The row's one-line canonical JSON, its payload copied as stored (``Event/jsonLine(seq:sceneTime:operation:objectID:payloadText:)``).
    package func jsonLine() throws -> String {
        try Event.jsonLine(seq: seq, sceneTime: sceneTime, operation: operationName, objectID: objectID, payloadText: payloadText)
    }

    /// The row read as an event; a row this build cannot read is an error naming it.
    package func event() throws -> Event {
        // Only this build's operations are ever written; another name is a log this build
        // cannot read, said so rather than skipped.
        guard let operation else { throw StoreError.unreadableEvent(seq: seq, reason: "unknown operation '\(operationName)'") }
        let payload: JSONValue
        do { payload = try JSONReader.read(payloadText) } catch {
            throw StoreError.unreadableEvent(seq: seq, reason: "payload: \(error)")
        }
        return Event(seq: seq, sceneTime: sceneTime, operation: operation, objectID: objectID, payload: payload)
    }
}
