import Foundation
import Logging
import MCP

/// Standard input and output for MCP, answering every request read before the input ended.
/// The SDK's server handles each request in a task of its own and stops at the end of input, so
/// a client that writes its requests and then closes (a shell pipe, a script) would otherwise
/// lose the answers still being computed.
actor DrainingTransport: Transport {
    private let stdio = StdioTransport()
    nonisolated let logger = Logger(label: "catalog.mcp", factory: { _ in SwiftLogNoOpLogHandler() })
    private var asked = 0
    private var answered = 0
    private var drained: CheckedContinuation<Void, Never>?

    func connect() async throws { try await stdio.connect() }

    func disconnect() async { await stdio.disconnect() }

    func send(_ data: Data) async throws {
        try await stdio.send(data)
        answered += Self.count(in: data) { $0["id"] != nil && ($0["result"] != nil || $0["error"] != nil) }
        if answered >= asked, let waiting = drained {
            drained = nil
            waiting.resume()
        }
    }

    func receive() -> AsyncThrowingStream<Data, any Error> {
        AsyncThrowingStream { continuation in
            Task {
                do {
                    for try await data in await stdio.receive() {
                        await self.read(data)
                        continuation.yield(data)
                    }
                    await self.drain()
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
        }
    }

    private func read(_ data: Data) {
        asked += Self.count(in: data) { $0["id"] != nil && $0["method"] != nil }
    }

    /// Returns once every request read has its answer written.
    private func drain() async {
        guard answered < asked else { return }
        await withCheckedContinuation { drained = $0 }
    }

    /// The messages in `data` (one, or a batch) that `matches` accepts.
    private static func count(in data: Data, matching matches: ([String: Any]) -> Bool) -> Int {
        switch try? JSONSerialization.jsonObject(with: data) {
        case let message as [String: Any]: matches(message) ? 1 : 0
        case let batch as [[String: Any]]: batch.filter(matches).count
        default: 0
        }
    }
}
