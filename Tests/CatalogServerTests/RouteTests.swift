import CatalogKit
import CatalogServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TestSupport

/// The routes driven in process through HummingbirdTesting's router client — no socket, no
/// second process: answers are the catalog's own JSON, statuses say what is wrong, writes need
/// the token. (Raw malformed requests, the host guard, the event stream and the browser keep
/// their real-socket tests in CatalogCLITests.)
struct RouteTests {
    static let token = "route-token-0123456789"

    static func application(_ catalog: Catalog) -> some ApplicationProtocol {
        CatalogServer(catalog: catalog, configuration: .init(port: 8080, writeToken: token)).application(testClientAuthority: "localhost")
    }

    static func code(_ response: TestResponse) -> String? {
        let json = try? JSONValue(jsonData: Data(String(buffer: response.body).utf8))
        return json?["error"]?["code"]?.stringValue
    }

    @Test func readsAnswerTheCatalogsJSON() async throws {
        let folder = TemporaryFolder()
        let catalog = try Catalog(path: folder.file("c.sqlite"))
        try catalog.objects.add(id: "v", type: "view")
        try catalog.setProperty(.number(0.5), for: "opacity", on: "v")
        @Sendable func names(_ response: TestResponse) -> [String] {
            (try? JSONValue(jsonData: Data(String(buffer: response.body).utf8)))?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        }
        try await Self.application(catalog).test(.router) { client in
            try await client.execute(uri: "/api/components", method: .get) { response in
                #expect(response.status == .ok && response.headers[.contentType] == "application/json; charset=utf-8")
                #expect(names(response).contains("fade-in") && !names(response).contains("wobble") && names(response) == names(response).sorted())
            }
            // Kept between requests, never past a change.
            let wobble = try DefinitionDecoder.decode(
                text: "name: wobble\nkind: animation\nversion: 1.0.0\nanimation: {type: basic, keyPath: opacity, fromValue: 0, toValue: 1, duration: 0.2}\n",
                file: "wobble.yaml")
            try catalog.components.add([wobble])
            try await client.execute(uri: "/api/components", method: .get) { response in
                #expect(names(response).contains("wobble"))
            }
            try await client.execute(uri: "/api/objects/v/state", method: .get) { response in
                let state = try? JSONValue(jsonData: Data(String(buffer: response.body).utf8))
                #expect(response.status == .ok && state?["id"] == "v" && state?["type"] == "view" && state?["model"]?["opacity"] == 0.5)
            }
            try await client.execute(uri: "/api/components/nothing", method: .get) { response in
                #expect(response.status == .notFound && Self.code(response) == "unknown-component")
            }
            // Beyond 100,000 frames, the next page is linked.
            try await client.execute(uri: "/api/components/fade-in/sample?fps=1000&to=100.5", method: .get) { response in
                #expect(response.status == .ok && response.headers[HTTPField.Name("Link")!]?.contains("from=100>") == true)
            }
            // A `from` written percent-encoded is `from` too: the next page replaces it.
            try await client.execute(uri: "/api/components/fade-in/sample?fps=1000&%66rom=0&to=100.5", method: .get) { response in
                let link = response.headers[HTTPField.Name("Link")!] ?? ""
                #expect(link == #"</api/components/fade-in/sample?fps=1000&to=100.5&from=100>; rel="next""#, "\(link)")
            }
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok && response.headers[HTTPField.Name("Content-Security-Policy")!]?.contains("unsafe-inline") == false)
            }
            try await client.execute(uri: "/api/objects/v/properties/k", method: .patch) { response in
                #expect(response.status == .methodNotAllowed && response.headers[.allow] == "PUT")
            }
        }
    }

    /// The built-in scenarios' pages: markup with no inline script or style (the policy allows
    /// none), their stylesheet and modules at their own routes, unknown ones a 404.
    @Test func scenarioPagesServeTheirPartsUnderThePolicy() async throws {
        let folder = TemporaryFolder()
        let catalog = try Catalog(path: folder.file("c.sqlite"))
        try await Self.application(catalog).test(.router) { client in
            try await client.execute(uri: "/scenarios", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok && html.contains("href=\"/scenarios/placeholder-typing\""))
            }
            try await client.execute(uri: "/scenarios/hyperlink", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok && html.contains("<script type=\"module\" src=\"/static/scenario-player.js\"></script>"))
                #expect(!html.contains("<style") && !html.contains("<script type=\"module\">"))
                #expect(html.contains("\"url\":\"/scenarios/hyperlink/modules/0.js\"") && html.contains("href=\"/scenarios/hyperlink/page.css\""))
            }
            try await client.execute(uri: "/scenarios/hyperlink/modules/0.js", method: .get) { response in
                #expect(response.status == .ok && response.headers[.contentType] == "text/javascript; charset=utf-8")
                #expect(String(buffer: response.body).contains("export function attach(element"))
            }
            try await client.execute(uri: "/scenarios/hyperlink/page.css", method: .get) { response in
                #expect(response.status == .ok && String(buffer: response.body).contains("#scene"))
            }
            try await client.execute(uri: "/static/scenario-player.js", method: .get) { response in
                #expect(response.status == .ok && String(buffer: response.body).contains("function play(scenario"))
            }
            for missing in ["/scenarios/nothing", "/scenarios/hyperlink/modules/7.js", "/scenarios/hyperlink/modules/x"] {
                try await client.execute(uri: missing, method: .get) { response in
                    #expect(response.status == .notFound && Self.code(response) == "unknown-route", "\(missing)")
                }
            }
        }
    }

    /// Every template `/new` offers opens in the editor as a definition the engine samples, and
    /// only a server that takes writes offers them.
    @Test func everyTemplateIsADefinitionTheEngineSamples() async throws {
        let folder = TemporaryFolder()
        let catalog = try Catalog(path: folder.file("c.sqlite"))
        @Sendable func unescaped(_ text: Substring) -> String {
            [("&quot;", "\""), ("&#39;", "'"), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&")].reduce(String(text)) {
                $0.replacingOccurrences(of: $1.0, with: $1.1)
            }
        }
        try await Self.application(catalog).test(.router) { client in
            let list = try await client.execute(uri: "/new", method: .get) { String(buffer: $0.body) }
            let links = list.split(separator: "href=\"/new/").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            #expect(links.count >= 4, "\(list)")
            for link in links {
                let page = try await client.execute(uri: "/new/\(link)", method: .get) { String(buffer: $0.body) }
                guard let start = page.range(of: "data-definition=\"") else {
                    Issue.record("/new/\(link) has no definition")
                    continue
                }
                let definition = unescaped(page[start.upperBound...].prefix { $0 != "\"" })
                try await client.execute(uri: "/api/sample?at=0,0.1", method: .post, body: ByteBuffer(string: definition)) { response in
                    #expect(response.status == .ok, "\(link): \(String(buffer: response.body))")
                }
            }
            try await client.execute(uri: "/new/nothing", method: .get) { #expect($0.status == .notFound) }
        }
        let readOnly = CatalogServer(catalog: catalog, configuration: .init(port: 8080)).application(testClientAuthority: "localhost")
        try await readOnly.test(.router) { client in
            try await client.execute(uri: "/new", method: .get) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/", method: .get) { #expect(!String(buffer: $0.body).contains("new-link")) }
        }
    }

    @Test func writesNeedTheTokenAndSayWhatIsWrong() async throws {
        let folder = TemporaryFolder()
        let catalog = try Catalog(path: folder.file("c.sqlite"))
        try catalog.objects.add(id: "v", type: "view")
        let bearer: HTTPFields = [.authorization: "Bearer \(Self.token)", .contentType: "application/json"]
        try await Self.application(catalog).test(.router) { client in
            let tint = ByteBuffer(string: ##"{"value": "#ff0000", "type": "color"}"##)
            try await client.execute(uri: "/api/objects/v/properties/tint", method: .put, body: tint) { response in
                #expect(response.status == .unauthorized && Self.code(response) == "unauthorized")
            }
            #expect(try catalog.properties.value(for: "tint", on: "v") == nil)
            try await client.execute(uri: "/api/objects/v/properties/tint", method: .put, headers: bearer, body: tint) { response in
                #expect(response.status == .ok)
            }
            #expect(try catalog.properties.value(for: "tint", on: "v") == .color(RGBAColor(red: 1, green: 0, blue: 0)))
            // The request alone is wrong (400); the named component cannot take it (409).
            for (body, status, code) in [
                (#"{"component": "fade-in"}"#, HTTPResponse.Status.badRequest, "usage"),
                (#"{"component": "fade-in", "roles": {"content": "v"}}"#, .conflict, "no-targets"),
                (#"{"component": "nothing", "to": ["v"]}"#, .notFound, "unknown-component")
            ] {
                try await client.execute(uri: "/api/apply", method: .post, headers: bearer, body: ByteBuffer(string: body)) { response in
                    #expect(response.status == status && Self.code(response) == code, "\(body)")
                }
            }
            try await client.execute(uri: "/api/apply", method: .post, headers: bearer, body: ByteBuffer(string: #"{"component": "fade-in", "to": ["v"]}"#)) {
                response in
                #expect(response.status == .created)
            }
            #expect(try catalog.events.list().contains { $0.operation == .apply })
        }
    }
}
