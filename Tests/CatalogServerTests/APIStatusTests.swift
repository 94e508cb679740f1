import CatalogKit
import CatalogServer
import Foundation
import Testing
import TestSupport

/// The API's answers, in process: the document names every route and no other, a method it
/// does not list is 405 with `Allow`, every status says what is wrong, and what the document
/// allows is taken. (schemathesis, which needs a socket, runs against `catalog serve` in
/// CatalogCLITests.)
struct APIStatusTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../..").standardized

    /// `METHOD /path` for each route the server's source registers (`:name` written `{name}`).
    static func routesInSource() throws -> Set<String> {
        let folder = root.appending(path: "Sources/CatalogServer")
        var routes: Set<String> = []
        let pattern = try NSRegularExpression(pattern: #"(api|router)\.(get|post|put|delete|patch)\("([^"]+)"\)"#)
        for case let file as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)! where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let group = String(text[Range(match.range(at: 1), in: text)!]), method = String(text[Range(match.range(at: 2), in: text)!])
                var path = String(text[Range(match.range(at: 3), in: text)!])
                path = (group == "api" ? "/api/" : "/") + path.drop(while: { $0 == "/" })
                path = path.split(separator: "/", omittingEmptySubsequences: false).map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }.joined(
                    separator: "/")
                if path.hasPrefix("/api/") { routes.insert("\(method.uppercased()) \(path)") }
            }
        }
        return routes
    }

    @Test func theDocumentNamesEveryAPIRouteAndNoOther() async throws {
        let catalog = try Catalog(path: TemporaryFolder().file("c.sqlite"))
        try await RouteClient.with(catalog) { client in
            let answer = try await client.get("/api/openapi.json")
            #expect(answer.status == 200 && answer.headers["content-type"] == "application/json; charset=utf-8")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any])
            #expect(document["openapi"] as? String == "3.1.0")
            let paths = try #require(document["paths"] as? [String: [String: Any]])
            let documented = Set(paths.flatMap { path, operations in operations.keys.map { "\($0.uppercased()) \(path)" } })
            let routes = try Self.routesInSource()
            #expect(
                routes.count >= 16 && documented == routes,
                "only documented: \(documented.subtracting(routes)); only served: \(routes.subtracting(documented))")
        }
    }

    /// A method the document does not list for a path is 405 with `Allow` naming the ones it
    /// does — the document's own list; paths it does not have stay 404.
    @Test func undeclaredMethodsAre405WithAllow() async throws {
        let catalog = try Catalog(path: TemporaryFolder().file("c.sqlite"))
        try await RouteClient.with(catalog) { client in
            for (method, path, allow) in [
                ("DELETE", "/api/components", "GET, POST"), ("TRACE", "/api/search?q=x", "GET"),
                ("POST", "/api/objects/v/state", "GET"), ("PATCH", "/api/objects/v/properties/k", "PUT")
            ] {
                let answer = try await client.send(.init(method)!, path)
                #expect(
                    answer.status == 405 && answer.headers["allow"] == allow && answer.code == "method-not-allowed",
                    "\(method) \(path): \(answer.status) \(answer.headers) \(answer.body)")
            }
            #expect(try await client.send(.delete, "/api/nowhere").status == 404)
        }
    }

    /// What schemathesis found, each answered with the status its cause calls for: a parameter
    /// the component lacks and an export of a kind that has none are not there (404); a write
    /// before the scene's last time conflicts with the log (409); a frame rate that would make
    /// one frame outlast everything is refused (400), never a crash; a bad `after` is refused
    /// even when `Last-Event-ID` is given.
    @Test func statusesSayWhatIsWrong() async throws {
        let catalog = try Catalog(path: TemporaryFolder().file("c.sqlite"))
        try catalog.objects.add(id: "v", type: "view", at: 2)
        try await RouteClient.with(catalog, token: "statuses-token-0123456789") { server in
            for (path, status, expected) in [
                ("/api/components/fade-in/sample?at=0&param=zz%3D1", 404, "unknown-parameter"),
                ("/api/components/fade-in/plot?param=zz%3D1", 404, "unknown-parameter"),
                ("/api/components/hyperlink/export", 404, "wrong-component"),
                ("/api/components/fade-in/export?to=lottie&fps=5e-324", 400, "usage"),
                ("/api/components/fade-in/export?to=lottie&fps=0.5", 400, "usage"),
                ("/api/log/stream?after=9223372036854775808", 400, "usage")
            ] {
                let answer = try await server.get(path, headers: [.init("Last-Event-ID")!: "0"])
                #expect(answer.status == status && answer.code == expected, "\(path): \(answer.status) \(answer.body)")
            }
            #expect(try await server.get("/api/components/fade-in/export?to=lottie&fps=1").status == 200)
            // A dotLottie: a ZIP archive.
            let archive = try await server.get("/api/components/fade-in/export?to=dotlottie&fps=30")
            #expect(archive.status == 200 && archive.headers["content-type"] == "application/zip" && archive.body.hasPrefix("PK"), "\(archive.status)")
            // An animated SVG: the command's document, as an image.
            let svg = try await server.get("/api/components/fade-in/export?to=svg")
            #expect(svg.status == 200 && svg.headers["content-type"] == "image/svg+xml; charset=utf-8" && svg.body.hasPrefix("<svg xmlns="), "\(svg.body)")
            let backwards = try await server.send(.put, "/api/objects/v/properties/title", body: #"{"value": "x", "at": 1}"#)
            #expect(backwards.status == 409 && backwards.code == "scene-time-backwards", "\(backwards.body)")
            let apply = try await server.send(.post, "/api/apply", body: #"{"component": "fade-in", "to": ["v"], "parameters": {"zz": 1}}"#)
            #expect(apply.status == 404 && apply.code == "unknown-parameter", "\(apply.body)")
        }
    }

    /// Requests the document allows are taken, and what it forbids is refused (what schemathesis
    /// found with every check on): `sample`'s times as the document writes them, paged past
    /// 100,000 (an endless animation too); an `apply` that names no target is bad input (400),
    /// one the named component cannot take is a conflict with what is stored (409); a property
    /// value by its `type`, `null` removing whatever the type; a value of another type than a
    /// decorator declares is a conflict (409).
    @Test func requestsTheDocumentAllowsAreTaken() async throws {
        let catalog = try Catalog(path: TemporaryFolder().file("c.sqlite"))
        let endless = """
            name: endless
            kind: animation
            version: 1.0.0
            animation: {type: basic, keyPath: opacity, fromValue: 0, toValue: 1, duration: 1, repeatCount: .inf}
            """
        try catalog.components.add([try DefinitionDecoder.decode(text: endless, file: "endless.yaml")])
        try catalog.objects.add(id: "v", type: "view")
        try catalog.objects.add(id: "link", type: "label")
        try catalog.setProperty(.url("https://swift.org"), for: "url", on: "link")
        @Sendable func times(_ answer: RouteAnswer) -> [Double] { answer.json?["samples"]?.arrayValue?.compactMap { $0["t"]?.numberValue } ?? [] }
        try await RouteClient.with(catalog, token: "document-token-0123456789") { server in

            // 100,501 frames: a full page, then the rest from where the Link header says.
            let first = try await server.get("/api/components/fade-in/sample?fps=1000&from=0&to=100.5")
            #expect(first.status == 200 && times(first).count == 100_000 && times(first).last == 99.999)
            let next = try #require(first.headers["link"], "\(first.headers)")
            #expect(next == #"</api/components/fade-in/sample?fps=1000&to=100.5&from=100>; rel="next""#)
            let rest = try await server.get(String(next.dropFirst().prefix { $0 != ">" }))
            #expect(times(rest).count == 501 && times(rest).first == 100 && times(rest).last == 100.5 && rest.headers["link"] == nil)
            let forever = try await server.get("/api/components/endless/sample?fps=10")
            #expect(times(forever).count == 100_000 && forever.headers["link"]?.contains("from=10000>") == true, "\(forever.headers)")
            #expect(times(try await server.get("/api/components/fade-in/sample?fps=10&from=1&to=0.5")) == [])
            // Times as a browser's String(t) writes them.
            let written = times(try await server.get("/api/components/fade-in/sample?at=0.3436999999985098,1e-7,-0.5"))
            #expect(written.count == 3 && zip(written, [0.3436999999985098, 1e-7, -0.5]).allSatisfy { abs($0 - $1) <= 1e-15 }, "\(written)")
            for (path, expected) in [
                ("/api/components/fade-in/sample?at=1e3", "invalid-times"), ("/api/components/fade-in/sample?at=0x10", "invalid-times"),
                ("/api/components/fade-in/sample?at=0,,1", "invalid-times"), ("/api/components/fade-in/sample?at=01", "invalid-times"),
                ("/api/components/fade-in/sample?at=1e-", "invalid-times"), ("/api/components/fade-in/sample?at=0&from=1", "usage"),
                ("/api/components/fade-in/sample?at=0&zz=1", "usage"), ("/api/components/fade-in/export?to=css&zz=1", "usage")
            ] {
                let answer = try await server.get(path)
                #expect(answer.status == 400 && answer.code == expected, "\(path): \(answer.status) \(answer.body)")
            }
            // `=` then a combining mark is one Character; the parameter still splits at the `=`.
            let combining = try await server.get("/api/components/fade-in/sample?at=0&param=zz%3D%CC%81")
            #expect(combining.status == 404 && combining.code == "unknown-parameter", "\(combining.body)")

            for (body, status, expected) in [
                (#"{"component": "fade-in"}"#, 400, "usage"),
                (#"{"component": "fade-in", "to": ["v", "v"]}"#, 400, "usage"),
                (#"{"component": "fade-in", "to": ["v"], "at": -1}"#, 400, "usage"),
                (#"{"component": "fade-in", "to": ["v"], "reducedMotion": null}"#, 400, "usage"),
                (#"{"component": "fade-in", "roles": {"content": "v"}}"#, 409, "no-targets"),
                (#"{"component": "fade-in", "to": ["v"], "parameters": {"duration": "soon"}}"#, 409, "invalid-definition")
            ] {
                let answer = try await server.send(.post, "/api/apply", body: body)
                #expect(answer.status == status && answer.code == expected, "\(body): \(answer.status) \(answer.body)")
            }
            for (key, body, status) in [
                ("tint", ##"{"value": "#3366ff", "type": "color"}"##, 200), ("tint", #"{"value": [1, 0, 0], "type": "color"}"#, 200),
                ("tint", #"{"value": null, "type": "color"}"#, 200), ("tint", #"{"value": "red", "type": "color"}"#, 400),
                ("tint", ##"{"value": "#\##u{FF11}\##u{FF12}\##u{FF13}", "type": "color"}"##, 400), ("n", #"{"value": "0.5", "type": "number"}"#, 400),
                ("raw", ##"{"value": "#3366ff", "type": "json"}"##, 200), ("home", #"{"value": "mailto:a@b.c", "type": "url"}"#, 200),
                ("home", #"{"value": "//swift.org", "type": "url"}"#, 400), ("n", #"{"value": 5, "policy": "weak"}"#, 400),
                ("n", #"{"value": null, "policy": "weak"}"#, 400), ("ref", #"{"value": "two words", "type": "object"}"#, 404),
                ("ref", #"{"value": "v", "type": "object", "policy": "weak"}"#, 200)
            ] {
                let answer = try await server.send(.put, "/api/objects/v/properties/\(key)", body: body)
                #expect(answer.status == status, "\(key) \(body): \(answer.status) \(answer.body)")
            }
            let raw = try await server.get("/api/objects/v")
            #expect(raw.body.contains(##""value": "#3366ff""##) && !raw.body.contains(#""key": "tint""#), "\(raw.body)")
            let declared = try await server.send(.put, "/api/objects/link/properties/url", body: #"{"value": 5}"#)
            #expect(declared.status == 409, "\(declared.body)")
        }
    }
}
