import CatalogModel
import Foundation

/// Where a PostgreSQL catalog lives, read from a connection URL:
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=…&connect_timeout=…]`
/// (`postgresql://` too), as libpq reads it.
///
/// The password comes from the URL, else `PGPASSWORD`, else `~/.pgpass` (`PGPASSFILE`), as
/// for `psql`; it is never part of ``description`` or of any message. `sslmode` is `disable`
/// (the default on loopback), `require` (TLS, the server's certificate not checked) or
/// `verify-full` (TLS, the certificate checked against the system's roots and the host name).
///
/// ```swift
/// let endpoint = try PostgresEndpoint(url: "postgres://catalog@db.example.com/catalog?sslmode=verify-full")
/// endpoint.description   // "postgres://catalog@db.example.com:5432/catalog"
/// ```
package struct PostgresEndpoint: Sendable, Hashable, CustomStringConvertible {
    package enum TLSMode: String, Sendable, Hashable, CaseIterable {
        case disable, require
        case verifyFull = "verify-full"
    }

    package var host: String
    package var port: Int
    package var user: String
    package var database: String
    package var password: String?
    package var tls: TLSMode
    /// Seconds to wait for the server to answer a connection attempt.
    package var connectTimeout: Double

    /// True for the strings this type reads (a `postgres://` or `postgresql://` URL).
    package static func isURL(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// Why a connection URL was refused: the rule it breaks, naming the part.
    package struct URLError: CatalogError, Sendable, Hashable {
        package var description: String
        package var code: ErrorCode { .invalidLocation }
    }

    /// Reads `url`; `environment` and `passwordFile` (the `~/.pgpass` format) supply a password
    /// the URL does not carry.
    package init(url: String, environment: [String: String] = ProcessInfo.processInfo.environment, passwordFile: String? = nil) throws {
        guard Self.isURL(url), let components = URLComponents(string: url) else {
            throw URLError(description: "'\(Self.redacted(url))' is not a PostgreSQL URL: write postgres://USER@HOST[:PORT]/DATABASE")
        }
        guard let host = components.host, !host.isEmpty else { throw URLError(description: "\(Self.redacted(url)): no host (postgres://USER@HOST/DATABASE)") }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else {
            throw URLError(description: "\(Self.redacted(url)): name one database after the host (postgres://USER@HOST/DATABASE)")
        }
        let user = components.user.flatMap { $0.removingPercentEncoding } ?? environment["PGUSER"] ?? environment["USER"] ?? "postgres"
        self.host = host
        port = components.port ?? 5432
        self.user = user
        self.database = database.removingPercentEncoding ?? database
        tls = .disable
        connectTimeout = 10
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                guard let mode = TLSMode(rawValue: item.value ?? "") else {
                    throw URLError(description: "\(Self.redacted(url)): sslmode is one of \(TLSMode.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                tls = mode
            case "connect_timeout":
                guard let seconds = item.value.flatMap(Double.init), seconds > 0, seconds <= 600 else {
                    throw URLError(description: "\(Self.redacted(url)): connect_timeout is a number of seconds from 1 to 600")
                }
                connectTimeout = seconds
            case "application_name":
                break
            default:
                throw URLError(description: "\(Self.redacted(url)): unknown parameter '\(item.name)' (known: sslmode, connect_timeout, application_name)")
            }
        }
        password =
            components.password?.removingPercentEncoding ?? environment["PGPASSWORD"]
            ?? Self.passwordFromFile(
                passwordFile ?? environment["PGPASSFILE"] ?? (environment["HOME"].map { $0 + "/.pgpass" }),
                host: host, port: port, database: self.database, user: user)
    }

    /// The URL without its password: what messages show.
    package var description: String { "postgres://\(user)@\(server)/\(database)" }
    /// `host:port`: how messages name the server.
    package var server: String { "\(host):\(port)" }

    /// `url` with any password replaced, for messages about a URL that could not be read.
    static func redacted(_ url: String) -> String {
        guard let at = url.range(of: "@"), let scheme = url.range(of: "://"), scheme.upperBound < at.lowerBound else { return url }
        let credentials = url[scheme.upperBound..<at.lowerBound]
        guard let colon = credentials.firstIndex(of: ":") else { return url }
        return String(url[..<colon]) + ":***" + String(url[at.lowerBound...])
    }

    /// The first matching line of a `~/.pgpass` file (`host:port:database:user:password`, `*`
    /// matching anything, `\:` and `\\` escaped), as libpq reads it. libpq ignores a file that
    /// others may read; so does this.
    static func passwordFromFile(_ path: String?, host: String, port: Int, database: String, user: String) -> String? {
        guard let path, let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & 0o077 != 0 { return nil }
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            var fields: [String] = [], current = "", escaped = false
            for character in line {
                if escaped {
                    current.append(character); escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == ":", fields.count < 4 {
                    fields.append(current)
                    current = ""
                } else {
                    current.append(character)
                }
            }
            fields.append(current)
            guard fields.count == 5 else { continue }
            let wanted = [host, String(port), database, user]
            if zip(fields.prefix(4), wanted).allSatisfy({ $0 == "*" || $0 == $1 }) { return fields[4] }
        }
        return nil
    }
}
