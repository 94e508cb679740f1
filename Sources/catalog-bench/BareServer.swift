import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Hummingbird
import Logging
import Synchronization

/// The floor `serve_reads` is measured against: a bare Hummingbird server in this process that
/// answers each path with fixed bytes from memory (what `catalog serve` answered for it), with no
/// middleware, no store and no rendering — what the framework alone costs per request.
final class BareServer: Sendable {
    let port: Int
    private let task: Task<Void, any Error>

    /// Serves `answers` (path → content type and body) on a free port until ``stop()``.
    init(answers: [String: (contentType: String, body: String)]) throws {
        let router = Router()
        for (path, answer) in answers {
            let bytes = ByteBuffer(string: answer.body)
            let headers: HTTPFields = [.contentType: answer.contentType]
            router.get(RouterPath(path)) { _, _ in Response(status: .ok, headers: headers, body: .init(byteBuffer: bytes)) }
        }
        let ready = DispatchSemaphore(value: 0)
        let bound = Mutex(0)
        var logger = Logger(label: "catalog-bench-bare")
        logger.logLevel = .error
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: nil),
            onServerRunning: { channel in
                bound.withLock { $0 = channel.localAddress?.port ?? 0 }
                ready.signal()
            }, logger: logger)
        task = Task { try await app.runService() }
        guard ready.wait(timeout: .now() + 30) == .success else {
            task.cancel()
            throw CocoaError(.fileReadUnknown)
        }
        port = bound.withLock { $0 }
    }

    func stop() { task.cancel() }
}

/// One GET, waited for: the body and its content type.
enum RawGet {
    static func get(port: Int, path: String) throws -> (contentType: String, body: String) {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<(String, String)?>(nil)
        let task = URLSession.shared.dataTask(with: URL(string: "http://127.0.0.1:\(port)\(path)")!) { data, response, _ in
            let type = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") ?? "application/octet-stream"
            result.withLock { $0 = (type, String(decoding: data ?? Data(), as: UTF8.self)) }
            done.signal()
        }
        task.resume()
        guard done.wait(timeout: .now() + 30) == .success, let (type, body) = result.withLock({ $0 }) else { throw CocoaError(.fileReadUnknown) }
        return (type, body)
    }
}
