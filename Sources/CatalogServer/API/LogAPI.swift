import CatalogKit
import Foundation
import HTTPTypes
import Hummingbird
import ServiceLifecycle
import Synchronization

/// `/api/log` (the JSON `log --format json` prints) and `/api/log/stream`: the log as server-sent
/// events, as `log --follow` prints it — every event after the one named (`Last-Event-ID`, as a
/// browser's `EventSource` sends on reconnecting, or `?after=SEQ`) exactly once, in order, then
/// each as it commits in any process; `id:` is the event's seq, `data:` its JSON line.
struct LogAPI {
    let catalog: Catalog

    func add(to router: Router<BasicRequestContext>) {
        let catalog = self.catalog
        let api = router.group("api")
        api.get("log") { request, _ -> Response in
            try await offload {
                let query = request.form
                let after = try Self.sequence(query.get("after"), name: "after")
                let limit = try Query.limit(request)
                let operation = try Self.operation(query.get("operation"))
                var all: [JSONValue] = []
                try catalog.events.forEach(since: after, object: query.get("object"), operation: operation, limit: limit) { all.append($0.jsonValue) }
                return .json(.array(all))
            }
        }
        api.get("log/stream") { request, _ -> Response in
            let query = request.form
            // A reconnecting EventSource names the last event it had; it resumes at the next.
            // Both are checked, whichever is used: a bad one is refused, not hidden by the other.
            let queried = try Self.sequence(query.get("after"), name: "after")
            let after = try request.headers[.lastEventID].map { try Self.sequence($0, name: "Last-Event-ID") } ?? queried
            let object = query.get("object")
            let (events, continuation) = AsyncStream<String>.makeStream()
            let stopped = Atomic<Bool>(false)
            continuation.onTermination = { _ in stopped.store(true, ordering: .relaxed) }
            // `follow` waits for commits by blocking: on a thread of its own, never the server's.
            let thread = Thread {
                // A client that went away is noticed only by writing to it: a comment line every
                // second while idle fails then, which ends the stream, and the follow with it.
                var beat = DispatchTime.now()
                let heartbeat = { () -> Bool in
                    if DispatchTime.now().uptimeNanoseconds - beat.uptimeNanoseconds >= 1_000_000_000 {
                        beat = DispatchTime.now()
                        continuation.yield(":\n\n")
                    }
                    return stopped.load(ordering: .relaxed)
                }
                do {
                    try catalog.events.follow(since: after, object: object, stopped: heartbeat) { seq, line in
                        continuation.yield("id: \(seq)\ndata: \(line)\n\n")
                        return !stopped.load(ordering: .relaxed)
                    }
                } catch {
                    continuation.yield("event: error\ndata: \((error as? any CatalogError)?.jsonValue().canonicalText ?? "{}")\n\n")
                }
                continuation.finish()
            }
            thread.start()
            let body = ResponseBody { writer in
                // A comment first, so that the client sees the stream open before any event.
                try await writer.write(ByteBuffer(string: ": catalog log\n\n"))
                // The stream never ends of itself: a shutting-down server ends it (and the
                // follower stops at its next event), or stopping would wait for it forever.
                try await withGracefulShutdownHandler {
                    for await chunk in events { try await writer.write(ByteBuffer(string: chunk)) }
                } onGracefulShutdown: {
                    continuation.finish()
                }
                stopped.store(true, ordering: .relaxed)
                try await writer.finish(nil)
            }
            return Response(status: .ok, headers: [.contentType: "text/event-stream; charset=utf-8"], body: body)
        }
    }

    /// `operation=`: one the log records (`prop.set`), or none.
    static func operation(_ text: String?) throws -> EventOperation? {
        guard let text else { return nil }
        guard let operation = EventOperation(rawValue: text) else {
            throw Query.bad("operation", text, EventOperation.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return operation
    }

    static func sequence(_ text: String?, name: String) throws -> Int64 {
        guard let text else { return 0 }
        guard let seq = Int64(text), seq >= 0 else { throw Query.bad(name, text, "an event's sequence number, 0 or more") }
        return seq
    }
}

extension HTTPField.Name {
    static let lastEventID = Self("Last-Event-ID")!
    /// RFC 8288 web linking: a page's `rel="next"`.
    static let link = Self("Link")!
}
