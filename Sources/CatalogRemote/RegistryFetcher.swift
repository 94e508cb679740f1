import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL

/// Fetches registry files over HTTP(S) with async-http-client: TLS verified (against the
/// system's authorities, or a registry's own `ca`), at most ``maximumBytes`` read, the whole
/// exchange within ``timeout``, and redirects followed only within the URL's origin (scheme,
/// host and port) or to a host the registry's `allowedHosts` lists.
///
/// ```swift
/// let data = try await RegistryFetcher().fetch("https://acme.example/r/pop.json")
/// ```
package struct RegistryFetcher: Sendable {
    /// More than any item a catalog writes (a definition is at most 1 MiB, its CSS export less).
    package static let maximumBytes = 8 << 20
    package static let maximumRedirects = 5
    package var timeout: TimeAmount = .seconds(20)

    package init(timeout: TimeAmount = .seconds(20)) { self.timeout = timeout }

    /// The body of a 200 answer to `url` (within `timeout` where given, else ``timeout``).
    package func fetch(
        _ url: String, headers: [String: String] = [:], allowedHosts: [String] = [], certificateAuthority: String? = nil, timeout: TimeAmount? = nil
    ) async throws -> Data {
        let timeout = timeout ?? self.timeout
        var tls = TLSConfiguration.makeClientConfiguration()
        if let certificateAuthority { tls.trustRoots = .file(certificateAuthority) }
        var configuration = HTTPClient.Configuration(tlsConfiguration: tls, redirectConfiguration: .disallow)
        configuration.timeout = .init(connect: .seconds(10), read: timeout)
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let data = try await fetch(url, client: client, headers: headers, allowedHosts: allowedHosts, timeout: timeout)
            try await client.shutdown()
            return data
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    private func fetch(_ first: String, client: HTTPClient, headers: [String: String], allowedHosts: [String], timeout: TimeAmount) async throws -> Data {
        guard let origin = URL(string: first), let scheme = origin.scheme?.lowercased(), ["http", "https"].contains(scheme), origin.host != nil else {
            throw RegistryError(.fetchFailed, first, "is not an http or https URL")
        }
        var current = origin
        for _ in 0...Self.maximumRedirects {
            var request = HTTPClientRequest(url: current.absoluteString)
            for (name, value) in headers { request.headers.add(name: name, value: value) }
            let response: HTTPClientResponse
            do {
                response = try await client.execute(request, timeout: timeout)
            } catch {
                throw RegistryError(.fetchFailed, current.absoluteString, Self.describe(error))
            }
            if (300..<400).contains(Int(response.status.code)), let location = response.headers.first(name: "Location") {
                guard let next = URL(string: location, relativeTo: current)?.absoluteURL else {
                    throw RegistryError(.fetchFailed, current.absoluteString, "redirects to \(location), which is not a URL")
                }
                guard Self.sameOrigin(next, origin) || Self.allowed(next, allowedHosts) else {
                    throw RegistryError(
                        .redirectRefused, first,
                        "redirects to \(next.absoluteString), another origin than \(Self.origin(origin)); list its host in the registry's allowedHosts to follow it"
                    )
                }
                current = next
                continue
            }
            guard response.status == .ok else {
                throw RegistryError(.fetchFailed, current.absoluteString, "answered \(response.status.code) \(response.status.reasonPhrase)")
            }
            if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > Self.maximumBytes {
                throw RegistryError(.itemTooLarge, current.absoluteString, "sends \(length) bytes, more than \(Self.maximumBytes)")
            }
            do {
                return Data(try await response.body.collect(upTo: Self.maximumBytes).readableBytesView)
            } catch is NIOTooManyBytesError {
                throw RegistryError(.itemTooLarge, current.absoluteString, "sends more than \(Self.maximumBytes) bytes")
            } catch {
                throw RegistryError(.fetchFailed, current.absoluteString, "the body broke off: \(Self.describe(error))")
            }
        }
        throw RegistryError(.fetchFailed, first, "redirects more than \(Self.maximumRedirects) times")
    }

    static func origin(_ url: URL) -> String {
        "\(url.scheme?.lowercased() ?? "")://\(url.host?.lowercased() ?? "")\(url.port.map { ":\($0)" } ?? "")"
    }

    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        func port(_ url: URL) -> Int? { url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80) }
        return a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased() && port(a) == port(b)
    }

    static func allowed(_ url: URL, _ hosts: [String]) -> Bool {
        guard let host = url.host?.lowercased() else { return false }
        let withPort = url.port.map { "\(host):\($0)" } ?? host
        return hosts.map { $0.lowercased() }.contains { $0 == host || $0 == withPort }
    }

    /// What failed, in words: refused, timed out, a TLS failure, the connection closed.
    static func describe(_ error: any Error) -> String {
        if let client = error as? HTTPClientError {
            switch client {
            case .deadlineExceeded, .readTimeout, .connectTimeout: return "timed out"
            case .remoteConnectionClosed: return "the server closed the connection early"
            default: return "\(client)"
            }
        }
        if let tls = error as? NIOSSLError { return "TLS failed: \(tls)" }
        return "\(error)"
    }
}
