import CatalogStorePostgres
import Foundation
import TestSupport
import Testing

/// Reading `--db postgres://…` the way libpq does: parts, defaults, the password from the URL,
/// `PGPASSWORD` or `~/.pgpass`, and refusals that name the rule without echoing a password.
struct PostgresEndpointTests {
    let folder = TemporaryFolder()

    @Test func aURLGivesHostPortUserDatabaseAndTLS() throws {
        let endpoint = try PostgresEndpoint(url: "postgresql://team@db.example.com:6543/catalog?sslmode=verify-full&connect_timeout=3", environment: [:])
        #expect(endpoint.host == "db.example.com")
        #expect(endpoint.port == 6543)
        #expect(endpoint.user == "team")
        #expect(endpoint.database == "catalog")
        #expect(endpoint.tls == .verifyFull)
        #expect(endpoint.connectTimeout == 3)
        #expect(endpoint.password == nil)
        let defaults = try PostgresEndpoint(url: "postgres://localhost/catalog", environment: ["USER": "ana"])
        #expect(defaults.port == 5432 && defaults.user == "ana" && defaults.tls == .disable && defaults.connectTimeout == 10)
    }

    @Test func thePasswordComesFromTheURLThenPGPASSWORDThenPgpassAndIsNeverShown() throws {
        let inURL = try PostgresEndpoint(url: "postgres://team:s%40cret@db/catalog", environment: ["PGPASSWORD": "other"])
        #expect(inURL.password == "s@cret")
        #expect(!inURL.description.contains("cret"))
        #expect(try PostgresEndpoint(url: "postgres://team@db/catalog", environment: ["PGPASSWORD": "other"]).password == "other")

        let pgpass = folder.file("pgpass")
        try Data("# comment\nother:5432:*:team:wrong\ndb:*:catalog:team:from\\:file\n*:*:*:*:fallback\n".utf8).write(to: URL(fileURLWithPath: pgpass))
        chmod(pgpass, 0o600)
        #expect(try PostgresEndpoint(url: "postgres://team@db/catalog", environment: ["PGPASSFILE": pgpass]).password == "from:file")
        #expect(try PostgresEndpoint(url: "postgres://someone@elsewhere/x", environment: ["PGPASSFILE": pgpass]).password == "fallback")
        // As libpq: a password file others can read is ignored.
        chmod(pgpass, 0o644)
        #expect(try PostgresEndpoint(url: "postgres://team@db/catalog", environment: ["PGPASSFILE": pgpass]).password == nil)
    }

    @Test(arguments: [
        ("postgres://team:hunter2@/catalog", "no host"),
        ("postgres://team:hunter2@db", "name one database"),
        ("postgres://team:hunter2@db/catalog?sslmode=sometimes", "sslmode is one of disable, require, verify-full"),
        ("postgres://team:hunter2@db/catalog?connect_timeout=0", "connect_timeout is a number of seconds"),
        ("postgres://team:hunter2@db/catalog?pool=3", "unknown parameter 'pool'")
    ])
    func aBadURLIsRefusedNamingTheRuleNotThePassword(url: String, rule: String) {
        do {
            _ = try PostgresEndpoint(url: url, environment: [:])
            Issue.record("\(url) was accepted")
        } catch {
            #expect("\(error)".contains(rule), "\(error)")
            #expect(!"\(error)".contains("hunter2"), "\(error)")
        }
    }
}
