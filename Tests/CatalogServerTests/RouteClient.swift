import CatalogKit
import CatalogServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting

/// An answer of the router, as a test reads it: status, headers by lowercased name, body text.
struct RouteAnswer {
    var status: Int
    var headers: [String: String]
    var body: String

    var json: JSONValue? { try? JSONValue(jsonData: Data(body.utf8)) }
    /// The error code of an error answer.
    var code: String? { json?["error"]?["code"]?.stringValue }
}

/// Requests to a catalog's routes in process (HummingbirdTesting's router client): no socket,
/// no second process.
///
/// ```swift
/// try await RouteClient.with(catalog, token: "…") { client in
///     #expect(try await client.get("/api/components").status == 200)
/// }
/// ```
struct RouteClient {
    let client: any TestClientProtocol
    let token: String?

    static func with(_ catalog: Catalog, token: String? = nil, _ body: @Sendable (RouteClient) async throws -> Void) async throws {
        let server = CatalogServer(catalog: catalog, configuration: .init(port: 8080, writeToken: token))
        try await server.application(testClientAuthority: "localhost").test(.router) { client in
            try await body(RouteClient(client: client, token: token))
        }
    }

    func get(_ path: String, headers: HTTPFields = [:]) async throws -> RouteAnswer {
        try await send(.get, path, headers: headers)
    }

    /// A request; with a body, it is JSON and carries the write token.
    func send(_ method: HTTPRequest.Method, _ path: String, body: String? = nil, headers: HTTPFields = [:]) async throws -> RouteAnswer {
        var headers = headers
        if body != nil {
            headers[.contentType] = "application/json"
            if let token { headers[.authorization] = "Bearer \(token)" }
        }
        return try await client.execute(uri: path, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) }) { response in
            var fields: [String: String] = [:]
            for field in response.headers { fields[field.name.canonicalName] = field.value }
            return RouteAnswer(status: Int(response.status.code), headers: fields, body: String(buffer: response.body))
        }
    }
}
