import CatalogKit
import Hummingbird

/// `/api/components…`, `/api/search` and `/api/diff`: the same JSON as `list`, `show`, `history`,
/// `sample`, `search` and `diff` print with `--format json`; and `POST /api/components` (a definition, YAML
/// or JSON, with the write token), which `add` validates and stores.
struct ComponentAPI {
    let catalog: Catalog
    let configuration: CatalogServer.Configuration

    func add(to router: Router<BasicRequestContext>) {
        let catalog = self.catalog, token = WriteToken(token: configuration.writeToken), limit = configuration.maximumBodyBytes
        let api = router.group("api")
        api.get("components") { request, _ -> Response in
            let query = request.uri.queryParameters
            let kind = try query.get("kind").map { text throws -> ComponentKind in
                guard let kind = ComponentKind(rawValue: text) else { throw Query.bad("kind", text, "animation, chain, decorator or layout") }
                return kind
            }
            let limit = try Query.limit(request)
            let components = try catalog.components.list(kind: kind, tag: query.get("tag"), after: query.get("after"), limit: limit)
            return .json(.array(components.map(\.summaryJSON)))
        }
        api.get("components/:name") { request, context -> Response in
            let reference = ComponentReference(name: try context.parameters.require("name"), version: request.uri.queryParameters.get("version"))
            return .json(try catalog.components.version(reference).documentJSON())
        }
        api.get("components/:name/history") { _, context -> Response in
            .json(.array(try catalog.components.versions(of: try context.parameters.require("name")).map(\.historyJSON)))
        }
        api.get("components/:name/sample") { request, context -> Response in
            let query = request.uri.queryParameters
            let reference = ComponentReference(name: try context.parameters.require("name"), version: query.get("version"))
            guard let at = query.get("at") else { throw Query.bad("at", "", "times in seconds, comma-separated (at=0,0.1)") }
            let times = try SampleTimes.list(at)
            // `param=NAME=VALUE`, repeatable, as `--param` takes them.
            var parameters: [String: String] = [:]
            for pair in query.getAll("param") {
                guard let equals = pair.firstIndex(of: "=") else { throw Query.bad("param", String(pair), "NAME=VALUE") }
                parameters[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            return .json(try catalog.sampling(of: reference.description, parameters: parameters).json(at: times))
        }
        api.get("components/:name/export") { request, context -> Response in
            let query = request.uri.queryParameters
            let reference = ComponentReference(name: try context.parameters.require("name"), version: query.get("version"))
            let to = query.get("to") ?? "css"
            guard ["css", "waapi", "js", "lottie"].contains(to) else { throw Query.bad("to", to, "css, waapi, js or lottie") }
            let fps = try query.get("fps").map { text throws -> Double in
                guard let fps = Double(text), fps > 0, fps <= 240 else { throw Query.bad("fps", text, "frames per second, more than 0 and at most 240") }
                return fps
            }
            let found = try catalog.component(reference.description, kinds: [.animation, .chain], for: "export")
            // A Lottie layer is a rectangle of the box: 100 × 100, as `export --to lottie` draws it.
            let (text, type) = try ReferenceBox.with(to == .some("lottie") ? ReferenceBox.nominal : nil) { () throws -> (String, String) in
                let export = try ComponentExport(definition: found.definition, target: to == "waapi" || to == "js" ? .waapi : .css,
                                                 file: found.source, catalog: catalog)
                switch to {
                case "css": return (export.stylesheet(selector: query.get("selector")), "text/css; charset=utf-8")
                case "waapi": return (export.waapi.prettyText + "\n", "application/json; charset=utf-8")
                case "js": return (export.module, "text/javascript; charset=utf-8")
                default: return (try export.lottie(frameRate: fps ?? 60).document.text, "application/json; charset=utf-8")
                }
            }
            return Response(status: .ok, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(string: text)))
        }
        api.get("search") { request, _ -> Response in
            guard let text = request.uri.queryParameters.get("q") else { throw Query.bad("q", "", "the words to look for") }
            return .json(.array(try catalog.components.search(text).map(\.summaryJSON)))
        }
        api.get("diff") { request, _ -> Response in
            let query = request.uri.queryParameters
            guard let from = query.get("from"), ComponentReference(from).version != nil else {
                throw Query.bad("from", query.get("from") ?? "", "NAME@VERSION")
            }
            return .json(try catalog.diff(from, query.get("to") ?? ComponentReference(from).name).json)
        }
        api.post("components") { request, _ -> Response in
            try token.check(request)
            let body = try await request.body.collect(upTo: limit)
            let text = String(buffer: body)
            // JSON or YAML alike (a JSON document is YAML): the file name only labels errors.
            let definitions = try DefinitionDecoder.decodeAll(text: text, file: "request.yaml")
            let outcomes = try catalog.components.add(definitions)
            return .json(.array(outcomes.map(Self.json)), status: .created)
        }
    }

    /// `{"name", "version", "outcome": "added" | "updated" | "unchanged", "from"}` (`from` for an update).
    static func json(_ outcome: AddOutcome) -> JSONValue {
        switch outcome {
        case .added(let name, let version): ["name": .string(name), "version": .string(version), "outcome": "added"]
        case .updated(let name, let from, let to): ["name": .string(name), "version": .string(to), "from": .string(from), "outcome": "updated"]
        case .unchanged(let name, let version): ["name": .string(name), "version": .string(version), "outcome": "unchanged"]
        }
    }
}
