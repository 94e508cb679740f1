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
        let lists = AnswerCache()
        api.get("components") { request, _ -> Response in
            let query = request.form
            let (kind, limit) = (try Query.kind(request), try Query.limit(request))
            let key = "\(kind?.rawValue ?? "")|\(query.get("tag") ?? "")|\(query.get("after") ?? "")|\(limit.map(String.init) ?? "")"
            return .jsonText(
                try await lists.text(key: key, catalog: catalog) {
                    let components = try catalog.components.list(kind: kind, tag: query.get("tag"), after: query.get("after"), limit: limit)
                    return JSONValue.array(components.map(\.summaryJSON)).prettyText + "\n"
                })
        }
        api.get("components/:name") { request, context -> Response in
            try await offload {
                let reference = ComponentReference(name: try context.parameters.decoded("name"), version: request.form.get("version"))
                return .json(try catalog.components.version(reference).documentJSON())
            }
        }
        api.get("components/:name/history") { _, context -> Response in
            try await offload {
                .json(.array(try catalog.components.versions(of: try context.parameters.decoded("name")).map(\.historyJSON)))
            }
        }
        api.get("components/:name/sample") { request, context -> Response in
            try await offload {
                let query = request.form
                try query.only(["version", "at", "fps", "from", "to", "param", "reducedMotion"])
                let reference = ComponentReference(name: try context.parameters.decoded("name"), version: query.get("version"))
                let sampling = try catalog.sampling(
                    of: reference.description, parameters: try Self.parameters(request),
                    reducedMotion: Query.reducedMotion(request))
                // `at=T,T…`, or `fps=N` from `from` to `to`, a page at a time.
                let page = try SampleQuery(query).times(end: sampling.effect.endTime)
                var answer = Response.json(sampling.json(at: page.times))
                if let next = page.next { answer.headers[.link] = Self.nextPage(request, from: next) }
                return answer
            }
        }
        api.get("components/:name/plot") { request, context -> Response in
            try await offload {
                let query = request.form
                let reference = ComponentReference(name: try context.parameters.decoded("name"), version: query.get("version"))
                let found = try catalog.component(reference.description, kinds: [.animation], for: "plot")
                let plot = try ComponentPlot(
                    definition: found.definition, parameters: try Self.parameters(request), reducedMotion: Query.reducedMotion(request),
                    file: found.source, context: DefinitionContext(tokens: try catalog.tokens.binding()))
                return Response(status: .ok, headers: [.contentType: "image/svg+xml"], body: .init(byteBuffer: ByteBuffer(string: plot.svg())))
            }
        }
        api.get("components/:name/export") { request, context -> Response in
            try await offload {
                let query = request.form
                let reference = ComponentReference(name: try context.parameters.decoded("name"), version: query.get("version"))
                try query.only(["version", "to", "selector", "fps"])
                let to = query.get("to") ?? "css"
                guard let form = ExportFormat(rawValue: to) else { throw Query.bad("to", to, "css, waapi, js, lottie, dotlottie or svg") }
                // The options `export` takes, each with the form it goes with.
                let selector = query.get("selector"), fps = query.get("fps")
                if let selector {
                    guard form == .css else { throw Query.bad("selector", selector, "taken with to=css only") }
                    guard ExportFormat.isSelector(selector) else { throw Query.bad("selector", selector, "a CSS selector") }
                }
                let rate = try fps.map { text throws -> Double in
                    guard form == .lottie || form == .dotlottie else { throw Query.bad("fps", text, "taken with to=lottie or to=dotlottie only") }
                    guard let rate = Double(text), ExportFormat.isFrameRate(rate) else { throw Query.bad("fps", text, "frames per second, from 1 to 240") }
                    return rate
                }
                let bytes = try form.data(of: reference.description, selector: selector, fps: rate, catalog: catalog)
                return Response(status: .ok, headers: [.contentType: form.contentType], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
            }
        }
        api.get("search") { request, _ -> Response in
            try await offload {
                guard request.form.get("q") != nil else { throw Query.bad("q", "", "the words to look for") }
                // `search`'s ranking; `kind` and `tag` keep only those of a kind and with a tag.
                return .json(.array(try ComponentFilter(request, searching: true).components(in: catalog).map(\.summaryJSON)))
            }
        }
        api.get("diff") { request, _ -> Response in
            try await offload {
                let query = request.form
                guard let from = query.get("from"), ComponentReference(from).version != nil else {
                    throw Query.bad("from", query.get("from") ?? "", "NAME@VERSION")
                }
                return .json(try catalog.diff(from, query.get("to") ?? ComponentReference(from).name).json)
            }
        }
        // A draft against a stored version: `diff`'s answer with the draft as the newer side (the
        // editor's review before saving), refused as `validate` refuses it. Reads only.
        api.post("diff") { request, _ -> Response in
            let text = String(buffer: try await request.body.collect(upTo: limit))
            return try await offload {
                let query = request.form
                try query.only(["from"])
                guard let from = query.get("from") else { throw Query.bad("from", "", "NAME or NAME@VERSION") }
                return .json(try catalog.diff(from, draft: text, source: "draft").json)
            }
        }
        // A draft (an editor's definition, not stored) sampled: the same answer as `sample -`, and
        // the same errors as `validate`, each naming the field. Reads only: no token needed.
        api.post("sample") { request, _ -> Response in
            let text = String(buffer: try await request.body.collect(upTo: limit))
            return try await offload {
                let query = request.form
                try query.only(["at", "fps", "from", "to", "param", "reducedMotion"])
                let sampling = try ComponentResolver(catalog: catalog).sampling(
                    draft: text, source: "draft", parameters: try Self.parameters(request), reducedMotion: Query.reducedMotion(request))
                let page = try SampleQuery(query).times(end: sampling.effect.endTime)
                var answer = Response.json(sampling.json(at: page.times))
                if let next = page.next { answer.headers[.link] = Self.nextPage(request, from: next) }
                return answer
            }
        }
        api.post("components") { request, _ -> Response in
            try token.check(request)
            let body = try await request.body.collect(upTo: limit)
            let text = String(buffer: body)
            return try await offload(writing: true) {
                // JSON or YAML alike (a JSON document is YAML): the file name only labels errors.
                let definitions = try DefinitionDecoder.decodeAll(text: text, file: "request.yaml")
                let outcomes = try catalog.components.add(definitions)
                return .json(.array(outcomes.map(Self.json)), status: .created)
            }
        }
    }

    /// `<…&from=NEXT>; rel="next"`: the same request from the next page's first frame (RFC 8288).
    static func nextPage(_ request: Request, from next: Double) -> String {
        // By the decoded name: `%66rom=0` is `from` too, and kept it would start every page at 0.
        let kept = (request.uri.query ?? "").split(separator: "&").filter { pair in
            FormQuery.decode(pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0]) != "from"
        }
        let query = (kept + ["from=\(JSONValue.numberText(next))"]).joined(separator: "&")
        return "<\(request.uri.path)?\(query)>; rel=\"next\""
    }

    /// `param=NAME=VALUE`, repeatable, as `--param` takes them.
    static func parameters(_ request: Request) throws -> [String: String] {
        var parameters: [String: String] = [:]
        for pair in request.form.getAll("param") {
            // Scalars, not characters: `=` followed by a combining mark is one character.
            guard let equals = pair.unicodeScalars.firstIndex(of: "=") else { throw Query.bad("param", String(pair), "NAME=VALUE") }
            parameters[String(pair.unicodeScalars[..<equals])] = String(pair.unicodeScalars[pair.unicodeScalars.index(after: equals)...])
        }
        return parameters
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
