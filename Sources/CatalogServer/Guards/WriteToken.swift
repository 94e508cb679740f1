import CatalogKit
import Hummingbird

/// The write token: a write carries `Authorization: Bearer <token>`, compared in constant time
/// (its time does not tell how much of a guess was right). No cookie or query parameter grants
/// anything. A server started without a token takes no writes.
struct WriteToken: Sendable {
    let token: String?

    /// Throws `unauthorized` (HTTP 401) unless the request carries the token.
    func check(_ request: Request) throws {
        guard let token else {
            throw WebError(.unauthorized, "this server is read-only: start it with CATALOG_WRITE_TOKEN set to take writes", status: .unauthorized)
        }
        let given = request.headers[.authorization].map { Array($0.utf8) } ?? []
        let expected = Array("Bearer \(token)".utf8)
        // Every byte compared, whatever the lengths: the difference accumulates, nothing returns early.
        var difference = UInt8(truncatingIfNeeded: given.count ^ expected.count)
        for index in 0..<max(given.count, expected.count) {
            let a = index < given.count ? given[index] : 0, b = index < expected.count ? expected[index] : 0
            difference |= a ^ b
        }
        guard difference == 0 else {
            throw WebError(.unauthorized, "a write needs the header Authorization: Bearer <CATALOG_WRITE_TOKEN>", status: .unauthorized)
        }
    }
}
