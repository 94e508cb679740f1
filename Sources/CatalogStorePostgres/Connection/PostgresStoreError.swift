import CatalogModel
import Foundation
import PostgresNIO

/// Why the PostgreSQL store could not do what was asked, worded for the person running the
/// command: each names the server (never the password) and what to do.
package enum PostgresStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing answered at the address (refused, unreachable, or no answer within the timeout).
    case cannotConnect(server: String, reason: String)
    case authentication(server: String, user: String)
    case unknownDatabase(server: String, database: String)
    /// The role may read but not write: nothing was written.
    case readOnly(server: String, user: String, detail: String)
    /// The connection broke mid-command (the server stopped or restarted): the open
    /// transaction, if any, was rolled back by the server.
    case connectionLost(server: String)
    /// TLS was asked for (`sslmode`) and could not be set up.
    case tls(server: String, reason: String)
    /// Any other error the server reported, with its SQLSTATE.
    case server(server: String, sqlState: String, message: String)
    /// A text to send holds U+0000, which PostgreSQL's text cannot: nothing stored holds one
    /// (names, ids and keys refuse control characters), so it is bad input, not a server fault.
    case nulInText(server: String)

    package var description: String {
        switch self {
        case .cannotConnect(let server, let reason):
            "cannot reach the PostgreSQL server at \(server) (\(reason)): check the host and port, and that the server runs"
        case .authentication(let server, let user):
            "PostgreSQL at \(server) refused the password of role '\(user)': give it in the URL, $PGPASSWORD or ~/.pgpass"
        case .unknownDatabase(let server, let database):
            "PostgreSQL at \(server) has no database '\(database)': create it first (createdb \(database)) or name another"
        case .readOnly(_, let user, let detail):
            "permission denied: the catalog is read-only for role '\(user)' (\(detail)); nothing was written"
        case .connectionLost(let server):
            "the connection to the PostgreSQL server at \(server) was lost (stopped or restarted?): what this command had not committed was rolled back; run it again"
        case .tls(let server, let reason):
            "no TLS connection to \(server): \(reason)"
        case .server(let server, let sqlState, let message):
            "PostgreSQL at \(server): \(message) (SQLSTATE \(sqlState))"
        case .nulInText:
            "a name, id, key or text holding a NUL character (U+0000) matches nothing and cannot be stored"
        }
    }

    /// The error postgres-nio reported, as one of these.
    static func from(_ error: any Error, endpoint: PostgresEndpoint, connecting: Bool) -> any Error {
        if let error = error as? PostgresStoreError { return error }
        let server = endpoint.server
        guard let error = error as? PSQLError else {
            return connecting ? PostgresStoreError.cannotConnect(server: server, reason: "\(error)") : error
        }
        switch error.code {
        case .server:
            let state = error.serverInfo?[.sqlState] ?? "?"
            let message = error.serverInfo?[.message] ?? "\(error)"
            switch state {
            case "28P01", "28000": return PostgresStoreError.authentication(server: server, user: endpoint.user)
            case "3D000": return PostgresStoreError.unknownDatabase(server: server, database: endpoint.database)
            case "42501", "25006": return PostgresStoreError.readOnly(server: server, user: endpoint.user, detail: message)
            case "57P01", "57P02", "57P03":
                return connecting ? PostgresStoreError.cannotConnect(server: server, reason: message) : PostgresStoreError.connectionLost(server: server)
            default: return PostgresStoreError.server(server: server, sqlState: state, message: message)
            }
        case .sslUnsupported, .failedToAddSSLHandler, .receivedUnencryptedDataAfterSSLRequest:
            return PostgresStoreError.tls(server: server, reason: "\(error.code)")
        case .authMechanismRequiresPassword:
            return PostgresStoreError.authentication(server: server, user: endpoint.user)
        case .connectionError, .serverClosedConnection, .uncleanShutdown, .clientClosedConnection:
            if connecting, let underlying = error.underlying.map({ "\($0)" }), underlying.contains("handshakeFailed") || underlying.contains("SSL routines") {
                let verify = underlying.contains("CERTIFICATE_VERIFY_FAILED")
                return PostgresStoreError.tls(
                    server: server,
                    reason: verify
                        ? "the server's certificate is not signed by a trusted authority for this host name (sslmode=verify-full); sslmode=require encrypts without checking it"
                        : "the TLS handshake failed: \(underlying)")
            }
            if connecting { return PostgresStoreError.cannotConnect(server: server, reason: reason(error, timeout: endpoint.connectTimeout)) }
            return PostgresStoreError.connectionLost(server: server)
        default:
            return connecting ? PostgresStoreError.cannotConnect(server: server, reason: "\(error.code)") : PostgresStoreError.connectionLost(server: server)
        }
    }
}

extension PostgresStoreError: CatalogError {
    package var code: ErrorCode {
        switch self {
        case .cannotConnect: .serverUnreachable
        case .authentication: .authenticationFailed
        case .unknownDatabase: .unknownDatabase
        case .readOnly: .readOnly
        case .connectionLost: .connectionLost
        case .tls: .tlsFailed
        case .server: .serverError
        case .nulInText: .invalidValue
        }
    }

    package var fields: [String: JSONValue] {
        switch self {
        case .cannotConnect(let server, _), .connectionLost(let server), .tls(let server, _), .nulInText(let server): ["server": .string(server)]
        case .authentication(let server, let user), .readOnly(let server, let user, _): ["server": .string(server), "user": .string(user)]
        case .unknownDatabase(let server, let database): ["server": .string(server), "database": .string(database)]
        case .server(let server, let sqlState, _): ["server": .string(server), "sqlState": .string(sqlState)]
        }
    }
}

/// Why a connection attempt failed, in a few words: SwiftNIO's errors nest the system's
/// message ("Connection refused", "Name or service not known") inside their own descriptions.
private func reason(_ error: PSQLError, timeout: Double) -> String {
    guard let underlying = error.underlying.map({ "\($0)" }) else {
        return error.code == .serverClosedConnection ? "the connection closed before the server answered" : "\(error.code)"
    }
    if underlying.localizedCaseInsensitiveContains("timeout") || underlying.localizedCaseInsensitiveContains("timed out") {
        return "no answer within \(JSONNumber.text(timeout)) s"
    }
    for phrase in ["Connection refused", "Name or service not known", "No route to host", "Network is unreachable", "Temporary failure in name resolution"]
    where underlying.contains(phrase) {
        return phrase.prefix(1).lowercased() + phrase.dropFirst()
    }
    return underlying
}

/// Seconds as a person writes them (10, not 10.0).
enum JSONNumber {
    static func text(_ value: Double) -> String { value.rounded() == value ? String(Int(value)) : String(value) }
}
