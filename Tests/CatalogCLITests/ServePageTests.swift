import Foundation
import TestSupport
import Testing

/// `catalog serve`'s pages and writes, the real binary on a free port: each page shows what the
/// commands print (its YAML is the definition, its exports are `export`'s bytes, its state is
/// `state`'s), paging and filters match `list` and `search`, static files come from the binary
/// only, and the API's writes are the commands' writes, only with the token.
struct ServePageTests {
    typealias Server = ServeProcess

    /// Text a page holds, as the browser reads it: the escapes undone.
    static func unescape(_ html: String) -> String {
        html.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The text of the element `<TAG id="ID"…>…</TAG>` (its first).
    static func text(_ page: String, tag: String = "pre", id: String) -> String? {
        guard let open = page.range(of: "<\(tag) id=\"\(id)\"") else { return nil }
        guard let start = page[open.upperBound...].firstIndex(of: ">"), let end = page[start...].range(of: "</\(tag)>") else { return nil }
        return unescape(String(page[page.index(after: start)..<end.lowerBound]))
    }

    /// The link targets of the page's component rows, in order.
    static func componentNames(_ page: String) -> [String] {
        let body = page.components(separatedBy: "<tbody>").dropFirst().first?.components(separatedBy: "</tbody>").first ?? ""
        return body.components(separatedBy: "<a href=\"/components/").dropFirst().map { String($0.prefix(while: { $0 != "\"" })) }
    }

    static func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    @Test func staticFilesComeFromTheBinaryAndNoPathLeavesThem() throws {
        let folder = TemporaryFolder()
        let server = try Server(db: folder.file("c.sqlite"))
        let script = try server.get("/static/app.js")
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../../Sources/CatalogServer/Static/app.js")
        #expect(script.status == 200 && script.headers["content-type"] == "text/javascript; charset=utf-8")
        #expect(script.body == (try String(contentsOf: source, encoding: .utf8)), "the file compiled in is the repository's")
        for file in ["gallery.js", "scene.js", "editor.js"] {
            let served = try server.get("/static/\(file)")
            let kept = try String(contentsOf: source.deletingLastPathComponent().appending(path: file), encoding: .utf8)
            #expect(served.status == 200 && served.body == kept, "\(file)")
        }
        #expect(try server.get("/static/app.css").headers["content-type"] == "text/css; charset=utf-8")
        for path in [
            "/static/../Package.swift", "/static/..%2FPackage.swift", "/static/%2e%2e/%2e%2e/etc/passwd", "/static/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
            "/static//etc/passwd", "/static/%2fetc%2fpasswd", "/static/app.js%00.txt", "/static/APP.JS", "/static/app.js/..", "/static/",
            "/../../etc/passwd", "/static/StaticFiles.swift", "/static/..\\..\\Package.swift", "/%2e%2e/Package.swift"
        ] {
            let answer = try server.get(path)
            #expect([400, 404].contains(answer.status), "\(path): \(answer.status)")
            #expect(!answer.body.contains("root:") && !answer.body.contains("swift-tools-version") && !answer.body.contains("import Hummingbird"), "\(path)")
        }
        // Pages load their script and style by file: no inline script, style or handler anywhere.
        for path in ["/", "/objects", "/log", "/components/pop", "/components/fade-sequence", "/scene", "/compare?a=pop&b=fade-in"] {
            let page = try server.get(path)
            #expect(page.status == 200, "\(path)")
            // The app's script first, then the page's own, each a file of /static/.
            let scripts = page.body.components(separatedBy: "<script").dropFirst()
            #expect(scripts.first?.hasPrefix(" src=\"/static/app.js\"") == true, "\(path)")
            #expect(scripts.allSatisfy { $0.range(of: #"^ src="/static/[a-z-]+\.js" defer></script>"#, options: .regularExpression) != nil }, "\(path)")
            #expect(
                !page.body.contains("<style") && !page.body.contains(" style=") && page.body.range(of: #" on[a-z]+="#, options: .regularExpression) == nil,
                "\(path)")
        }
    }

    @Test(arguments: CLIBackend.allCases)
    func pagesShowWhatTheCommandsPrint(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let db = try backend.database(in: folder)
        try ServeCommandTests.hostile.write(toFile: folder.file("hostile.json"), atomically: true, encoding: .utf8)
        // pop 1.2.0: a longer default duration and one more tag, for the history and the diff.
        let pop = try #require(Self.json(CLI.run(["--db", db, "show", "pop", "--format", "json"]).stdout) as? [String: Any])
        var definition = try #require(pop["definition"] as? [String: Any])
        definition["version"] = "1.2.0"
        definition["tags"] = (definition["tags"] as? [String] ?? []) + ["newer"]
        var parameters = try #require(definition["parameters"] as? [String: [String: Any]])
        parameters["duration"]?["default"] = 0.45
        definition["parameters"] = parameters
        try JSONSerialization.data(withJSONObject: definition).write(to: URL(fileURLWithPath: folder.file("pop.json")))
        #expect(try CLI.run(["--db", db, "add", folder.file("hostile.json"), folder.file("pop.json")]).status == 0)
        for index in 0..<120 { #expect(try CLI.run(["--db", db, "object", "add", String(format: "o%03d", index), "--type", "view"]).status == 0) }
        // A text field that bounces its placeholder: the decorator attaches, with its child labels.
        #expect(try CLI.run(["--db", db, "object", "add", "field", "--type", "textField"]).status == 0)
        #expect(try CLI.run(["--db", db, "prop", "set", "field", "placeholder", "\"Email\""]).status == 0)
        #expect(try CLI.run(["--db", db, "prop", "set", "field", "alwaysBouncePlaceholder", "true"]).status == 0)
        #expect(try CLI.run(["--db", db, "send", "textChanged", "--to", "field"]).status == 0)
        #expect(try CLI.run(["--db", db, "object", "add", "v", "--type", "view"]).status == 0)
        #expect(try CLI.run(["--db", db, "prop", "set", "v", "title", "\"<i>hi</i>\""]).status == 0)
        #expect(try CLI.run(["--db", db, "apply", "fade-in", "--to", "v", "--at", "1"]).status == 0)
        let server = try Server(db: db)
        func names(_ arguments: [String]) throws -> [String] {
            try (Self.json(CLI.run(["--db", db] + arguments + ["--format", "json"]).stdout) as! [[String: Any]]).map { $0["name"] as! String }
        }

        // The catalog: the list, each filter and the search, as `list` and `search` give them.
        #expect(Self.componentNames(try server.get("/").body) == (try names(["list"])))
        #expect(Self.componentNames(try server.get("/?kind=chain").body) == (try names(["list", "--kind", "chain"])))
        #expect(Self.componentNames(try server.get("/?tag=fade").body) == (try names(["list", "--tag", "fade"])))
        let searched = try names(["search", "fade"])
        #expect(try searched.count > 2 && Self.componentNames(server.get("/?q=fade").body) == searched)
        let chains = try names(["list", "--kind", "chain"])
        #expect(Self.componentNames(try server.get("/?q=fade&kind=chain").body) == searched.filter { chains.contains($0) })
        #expect(try server.get("/?kind=gadget").status == 400)
        // A form's GET writes a space as `+`.
        let spaced = try server.get("/?q=slide+in").body
        let slideIn = try names(["search", "slide in"])
        #expect(spaced.contains("value=\"slide in\"") && Self.componentNames(spaced) == slideIn && !slideIn.isEmpty)

        // A component: its YAML is the definition (adding it to a new catalog gives the same hash).
        for name in ["pop", "hostile", "fade-sequence"] {
            let page = try server.get("/components/\(name)").body
            let yaml = try #require(Self.text(page, id: "yaml"), "\(name)")
            try yaml.write(toFile: folder.file("\(name).yaml"), atomically: true, encoding: .utf8)
            let fresh = folder.file("fresh-\(name).sqlite")
            #expect(try CLI.run(["--db", fresh, "add", folder.file("\(name).yaml")]).status == 0, "\(name): \(yaml)")
            let hash = { (db: String) throws -> String? in
                (try Self.json(CLI.run(["--db", db, "show", name, "--format", "json"]).stdout) as? [String: Any])?["hash"] as? String
            }
            #expect(try hash(fresh) == hash(db) && hash(db) != nil, "\(name)")
        }
        // …its exports are `export`'s bytes, every form.
        let popPage = try server.get("/components/pop").body
        for form in ["css", "waapi", "js", "lottie"] {
            #expect(Self.text(popPage, id: "export-\(form)") == (try CLI.run(["--db", db, "export", "pop", "--to", form]).stdout), "\(form)")
        }
        // …its history, each version linked, and the diff between two as `diff` finds it.
        #expect(popPage.contains("?version=1.1.0\">1.1.0</a>") && popPage.contains("?version=1.2.0\">1.2.0</a>"))
        let diffPage = try server.get("/components/pop?from=1.1.0&to=1.2.0").body
        let diff = try #require(Self.json(CLI.run(["--db", db, "diff", "pop@1.1.0", "pop@1.2.0", "--format", "json"]).stdout) as? [String: Any])
        let fields = try #require(diff["fields"] as? [[String: Any]])
        #expect(fields.count >= 2)
        for field in fields {
            #expect(diffPage.contains("<code>\(field["path"] as? String ?? "?")</code></td><td>\(field["change"] as? String ?? "?")</td>"), "\(field)")
        }
        let motion = try #require((diff["motion"] as? [String: Any])?["properties"] as? [[String: Any]])
        for change in motion { #expect(diffPage.contains("<tr><td>\(change["property"] as! String)</td>")) }
        // An older version shows as such; an unknown one is the command's error.
        #expect(try server.get("/components/pop?version=1.1.0").body.contains("an older version; current: 1.2.0"))
        #expect(try server.get("/components/pop?version=9.9.9").status == 404 && server.get("/components/ghost").status == 404)

        // Objects, 50 to a page, the pages' ids together `object list`'s.
        var ids: [String] = []
        var path: String? = "/objects"
        while let next = path {
            let page = try server.get(next).body
            let table = page.components(separatedBy: "<tbody>")[1].components(separatedBy: "</tbody>")[0]
            // Ids are links: percent-encoded (a child's id holds `/`).
            let rows = table.components(separatedBy: "<tr><td><a href=\"/objects/").dropFirst().map {
                String($0.prefix(while: { $0 != "\"" })).removingPercentEncoding ?? ""
            }
            #expect(rows.count <= 50)
            ids += rows
            path = page.components(separatedBy: "id=\"next\" href=\"").dropFirst().first.map { Self.unescape(String($0.prefix(while: { $0 != "\"" }))) }
        }
        let listed = try (Self.json(CLI.run(["--db", db, "object", "list", "--format", "json"]).stdout) as! [[String: Any]]).map { $0["id"] as! String }
        #expect(ids == listed && ids.count == listed.count && ids.count >= 122)
        // Decorators and children, as `state` has them.
        let linked = try JSONSerialization.jsonObject(with: Data(CLI.run(["--db", db, "state", "field", "--format", "json"]).stdout.utf8)) as? [String: Any]
        let decorators = linked?["decorators"] as? [String] ?? []
        #expect(decorators == ["bouncy-placeholder"] && (linked?["children"] as? [String: String])?.count == 2)
        let linkPage = try server.get("/objects/field").body
        for decorator in decorators { #expect(linkPage.contains("<li><a href=\"/components/\(decorator)\">\(decorator)</a></li>")) }
        for (name, child) in linked?["children"] as? [String: String] ?? [:] {
            #expect(linkPage.contains("<li>\(name): <a href=\"/objects/") && linkPage.contains(">\(child)</a>"))
            // A child's page, by the link the page gives (its id percent-encoded).
            let childPage = try server.get("/objects/" + child.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
            #expect(childPage.status == 200 && childPage.body.contains("<h1 id=\"title\">\(child) "), "\(child): \(childPage.status)")
            let api = try server.get("/api/objects/" + child.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
            let shown = try CLI.run(["--db", db, "object", "show", child, "--format", "json"]).stdout
            #expect(api.status == 200 && api.body == shown)
        }
        // One object: its properties, and its state at a time as `state` prints it.
        let object = try server.get("/objects/v?at=1.1").body
        #expect(object.contains("<code>title</code>") && object.contains("&quot;&lt;i&gt;hi&lt;/i&gt;&quot;"))
        #expect(
            Self.text(object, id: "state-json") == (try CLI.run(["--db", db, "state", "v", "--at", "1.1", "--format", "json"]).stdout).dropLast().description)
        #expect(try server.get("/objects/ghost").status == 404 && server.get("/objects/v?at=soon").status == 400)

        // The log: its latest events, and where the live stream takes over.
        let events = try (Self.json(CLI.run(["--db", db, "log", "--format", "json"]).stdout) as! [[String: Any]]).map { $0["seq"] as! Int }
        let log = try server.get("/log").body
        let shown = log.components(separatedBy: "<tr data-seq=\"").dropFirst().map { Int($0.prefix(while: \.isNumber))! }
        #expect(shown == Array(events.suffix(100)) && log.contains("data-after=\"\(events.last!)\""))
    }

    /// `PUT /api/objects/ID/properties/KEY` and `POST /api/apply`: with the token they write what
    /// `prop set` and `apply` write (the same JSON as `prop get` and `apply --format json`
    /// print); without it, or with a bad body, nothing is written.
    @Test(arguments: CLIBackend.allCases)
    func writesAreTheCommandsWritesWithTheTokenOnly(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let twinFolder = TemporaryFolder()
        let db = try backend.database(in: folder), twin = try backend.database(in: twinFolder)
        for database in [db, twin] {
            #expect(try CLI.run(["--db", database, "object", "add", "v", "--type", "view"]).status == 0)
            #expect(try CLI.run(["--db", database, "prop", "set", "v", "frame", "0,0,100,40", "--type", "rect"]).status == 0)
        }
        let token = "another-token-0123456789"
        let server = try Server(db: db, token: token)
        let bearer = "Bearer \(token)"
        let log = { try CLI.run(["--db", db, "log", "--format", "json"]).stdout }
        let before = try log()
        // Without the token, with a wrong one, or with a body that is not right: nothing written.
        for (path, body, authorization, status) in [
            ("/api/objects/v/properties/tint", ##"{"value": "#ff0000", "type": "color"}"##, nil, 401),
            ("/api/objects/v/properties/tint", ##"{"value": "#ff0000", "type": "color"}"##, "Bearer nope", 401),
            ("/api/objects/v/properties/tint", ##"{"value": "#ff0000", "typo": "color"}"##, bearer, 400),
            ("/api/objects/v/properties/tint", #"{"type": "color"}"#, bearer, 400),
            ("/api/objects/v/properties/tint", ##"{"value": "#ff00", "type": "colour"}"##, bearer, 400),
            ("/api/objects/v/properties/tint", #"{"value": "not-a-colour", "type": "color"}"#, bearer, 400),
            ("/api/objects/v/properties/tint", "[1]", bearer, 400),
            ("/api/objects/v/properties/tint", "{", bearer, 400),
            ("/api/objects/ghost/properties/tint", #"{"value": 1}"#, bearer, 404),
            ("/api/objects/v/properties/tint", #"{"value": 1, "at": "later"}"#, bearer, 400)
        ] {
            let answer = try server.send("PUT", path, body: body, authorization: authorization)
            #expect(answer.status == status && answer.body.contains(#""error""#), "\(body): \(answer.status) \(answer.body)")
        }
        for (body, status) in [(#"{"component": "fade-in", "to": ["v"]}"#, 401)] {
            #expect(try server.post("/api/apply", body: body).status == status)
        }
        #expect(try server.post("/api/apply", body: #"{"component": "ghost", "to": ["v"]}"#, authorization: bearer).status == 404)
        #expect(try server.post("/api/apply", body: #"{"component": "fade-in", "to": "v"}"#, authorization: bearer).status == 400)
        // A NUL character (which no name or id can hold) is bad input on both backends alike.
        for path in ["/api/objects?after=a%00", "/api/components/fade%00in", "/api/log?object=v%00", "/objects/v%00"] {
            #expect(try server.get(path).status == 400, "\(path)")
        }
        let nul = try server.post("/api/apply", body: #"{"component": "fade-in", "to": ["v\u0000"]}"#, authorization: bearer)
        #expect(nul.status == 400 && nul.body.contains("NUL"), "\(nul.body)")
        #expect(try log() == before, "nothing written")

        // With the token: as `prop set`, converted to the type named.
        let set = try server.send("PUT", "/api/objects/v/properties/tint", body: ##"{"value": "#ff0000", "type": "color", "at": 0.5}"##, authorization: bearer)
        #expect(set.status == 200, "\(set.body)")
        #expect(try CLI.run(["--db", twin, "prop", "set", "v", "tint", "#ff0000", "--type", "color", "--at", "0.5"]).status == 0)
        let got = try CLI.run(["--db", db, "prop", "get", "v", "tint", "--format", "json"]).stdout
        #expect(got == (try CLI.run(["--db", twin, "prop", "get", "v", "tint", "--format", "json"]).stdout))
        let answer = try #require(Self.json(set.body) as? [String: Any])
        #expect(NSDictionary(dictionary: answer["set"] as? [String: Any] ?? [:]).isEqual(to: try Self.json(got) as! [String: Any]))
        // null removes it.
        let unset = try server.send("PUT", "/api/objects/v/properties/tint", body: #"{"value": null}"#, authorization: bearer)
        #expect(unset.status == 200 && unset.body.contains(#""set": null"#))
        #expect(try CLI.run(["--db", db, "prop", "get", "v", "tint"]).status != 0)
        #expect(try CLI.run(["--db", twin, "prop", "unset", "v", "tint"]).status == 0)

        // Apply: the JSON `apply --format json` prints, from the same write.
        let applied = try server.post(
            "/api/apply", body: #"{"component": "pop", "to": ["v"], "parameters": {"duration": 0.5}, "at": 2}"#, authorization: bearer)
        let printed = try CLI.run(["--db", twin, "apply", "pop", "--to", "v", "--param", "duration=0.5", "--at", "2", "--format", "json"])
        #expect(applied.status == 201 && printed.status == 0 && applied.body == printed.stdout, "\(applied.body) \(printed.stderr)")
        // The two stores now hold the same scene: the state at any time is the same.
        for at in ["2", "2.2", "3"] {
            let state = { (database: String) throws -> String in try CLI.run(["--db", database, "state", "v", "--at", at, "--format", "json"]).stdout }
            #expect(try state(db) == state(twin), "t=\(at)")
        }
    }
}
