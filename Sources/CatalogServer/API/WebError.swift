import CatalogKit
import Hummingbird

/// An error only the web has (a wrong host, no token, an unknown path, a body too large), with
/// its code and HTTP status, answered as the command line's error object.
struct WebError: CatalogError {
    let code: ErrorCode
    let message: String
    let status: HTTPResponse.Status

    init(_ code: ErrorCode, _ message: String, status: HTTPResponse.Status) {
        self.code = code
        self.message = message
        self.status = status
    }

    var description: String { message }
}

/// Answers every error as `{"error": {"code", "message", …fields}}` — the object `--format json`
/// prints — with the status its code calls for: 404 for what is not there (an export of a decorator too), 400 for bad input,
/// 401 without the token, 409 for a write the catalog refuses (or one before the scene's last time), 500 for a bug.
struct APIErrors<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as WebError {
            return .json(error.jsonValue(), status: error.status)
        } catch let error as any CatalogError {
            return .json(error.jsonValue(), status: error.code.status)
        } catch let conflict as StoredStateConflict {
            return .json(conflict.error.jsonValue(), status: .conflict)
        } catch let error as any HTTPResponseError {
            // Hummingbird's own: no route, a body beyond `collect(upTo:)` (NIOTooManyBytesError).
            switch error.status {
            case .notFound: return .json(WebError(.unknownRoute, "no page or API at \(request.uri.path)", status: .notFound).jsonValue(), status: .notFound)
            case .contentTooLarge:
                return .json(
                    WebError(.bodyTooLarge, "a request body holds at most \(DefinitionLimits.maximumBytes) bytes", status: .contentTooLarge).jsonValue(),
                    status: .contentTooLarge)
            case let status where status.code < 500:
                return .json(WebError(.usage, status.reasonPhrase, status: status).jsonValue(), status: status)
            default:
                return .json(WebError(.unexpected, "the server failed: \(error)", status: .internalServerError).jsonValue(), status: .internalServerError)
            }
        } catch {
            return .json(WebError(.unexpected, "the server failed: \(error)", status: .internalServerError).jsonValue(), status: .internalServerError)
        }
    }
}

extension ErrorCode {
    /// The HTTP status of an error with this code.
    var status: HTTPResponse.Status {
        switch self {
        // A component of another kind has no export, plot or sample: that sub-resource is not there.
        case .unknownComponent, .unknownVersion, .unknownObject, .unknownProperty, .unknownParameter, .unknownRoute, .wrongComponent: .notFound
        case .unauthorized: .unauthorized
        case .methodNotAllowed: .methodNotAllowed
        case .unexpected, .serverUnreachable, .connectionLost, .serverError, .cannotOpen: .internalServerError
        case .versionNotHigher, .versionKept, .componentInUse, .objectExists, .readOnly, .sceneTimeBackwards: .conflict
        default: .badRequest
        }
    }
}

/// A refusal of a well-formed request that comes from what the store holds — the kind of the
/// component it names, the roles and parameter types that component declares, the type an
/// object's decorators declare for a key — answered 409, as a conflict with the stored state,
/// where the same error caused by the request alone is 400.
struct StoredStateConflict: Error {
    let error: any CatalogError

    /// Runs `body`, turning its bad-input refusals (400) into conflicts (409).
    static func refusals<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as any CatalogError where error.code.status == .badRequest {
            throw StoredStateConflict(error: error)
        }
    }
}

extension Response {
    /// JSON text already written as ``json(_:status:)`` writes it.
    static func jsonText(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// JSON as the command line prints it (pretty, keys sorted, a final newline): the same bytes.
    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: value.prettyText + "\n")))
    }
}
