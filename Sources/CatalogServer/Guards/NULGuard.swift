import CatalogKit
import Hummingbird

/// Refuses a path or query holding a NUL character (`%00`): no name, id, key or tag the catalog
/// stores can hold one, and PostgreSQL's text cannot, so both backends answer it alike — `400
/// usage` — instead of one matching nothing and the other failing.
struct NULGuard<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.uri.description.range(of: "%00") == nil else {
            throw WebError(.usage, "a request's path and query cannot hold a NUL character (%00)", status: .badRequest)
        }
        return try await next(request, context)
    }
}
