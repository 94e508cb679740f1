import CatalogKit
import Foundation
import Hummingbird

/// Answers a method an API path does not take with `405 method-not-allowed` and the `Allow`
/// header listing the ones it does — as the OpenAPI document declares them, read from the document
/// itself, so the two cannot disagree. Paths the document does not have are left to the router
/// (`404 unknown-route`).
struct MethodGuard<Context: RequestContext>: RouterMiddleware {
    /// Each path of the document as segments (`{name}` matching any one segment), with its methods.
    let routes: [(segments: [String], methods: [String])]

    init(openAPI: [UInt8] = StaticFiles.openAPI) {
        let document = (try? JSONReader.read(String(decoding: openAPI, as: UTF8.self))) ?? .null
        routes = (document["paths"]?.objectValue ?? [:]).map { path, operations in
            let methods = (operations.objectValue ?? [:]).keys.filter { ["get", "put", "post", "delete", "patch"].contains($0) }.map { $0.uppercased() }
                .sorted()
            return (path.split(separator: "/").map(String.init), methods)
        }
    }

    func allowed(for path: String) -> [String]? {
        let segments = path.split(separator: "/").map(String.init)
        return routes.first { route in
            route.segments.count == segments.count
                && zip(route.segments, segments).allSatisfy { template, segment in (template.hasPrefix("{") && template.hasSuffix("}")) || template == segment }
        }?.methods
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let method = request.method.rawValue
        guard request.uri.path.hasPrefix("/api/"), let methods = allowed(for: request.uri.path), !methods.contains(method),
            !(method == "HEAD" && methods.contains("GET"))
        else {
            return try await next(request, context)
        }
        var response = Response.json(
            WebError(
                .methodNotAllowed, "\(request.uri.path) takes \(methods.joined(separator: ", ")), not \(method)",
                status: .methodNotAllowed
            ).jsonValue(), status: .methodNotAllowed)
        response.headers[.allow] = methods.joined(separator: ", ")
        return response
    }
}
