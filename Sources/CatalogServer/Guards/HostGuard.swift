import CatalogKit
import Hummingbird

/// Refuses a request whose `Host` is not the host and port served: a page on another site that
/// rebinds its own name to 127.0.0.1 sends its own name, and is answered `wrong-host` (HTTP 421).
/// A loopback server also answers to `localhost` and `127.0.0.1` on its port, and any server to
/// the names it is told clients use (`--allowed-host`).
struct HostGuard<Context: RequestContext>: RouterMiddleware {
    let host: String
    let also: [String]
    /// The in-process test client's authority (route tests only; nil when serving).
    var testClient: String? = nil
    /// The port listened on, once known.
    let port: @Sendable () -> Int?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let testClient, request.head.authority == testClient { return try await next(request, context) }
        guard let port = port(), let authority = request.head.authority?.lowercased(), allowed(port: port).contains(authority) else {
            throw WebError(
                .wrongHost, "this server answers to \(([host] + also).map { "\($0):\(port() ?? 0)" }.joined(separator: ", ")) only", status: .misdirectedRequest
            )
        }
        return try await next(request, context)
    }

    func allowed(port: Int) -> Set<String> {
        var names = Set([host.lowercased()] + also.map { $0.lowercased() })
        if ["127.0.0.1", "localhost", "::1"].contains(host.lowercased()) { names.formUnion(["127.0.0.1", "localhost", "[::1]"]) }
        if host.contains(":") { names.insert("[\(host.lowercased())]") }
        return Set(names.map { "\($0):\(port)" })
    }
}
