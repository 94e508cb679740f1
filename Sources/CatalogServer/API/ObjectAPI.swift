import CatalogKit
import Hummingbird

/// `/api/objects…` and `/api/state`: the same JSON as `object list`, `object show`, `state` and
/// `state --all` print with `--format json` (`/api/state` pages as `/api/objects` does).
struct ObjectAPI {
    let catalog: Catalog

    func add(to router: Router<BasicRequestContext>) {
        let catalog = self.catalog
        let api = router.group("api")
        api.get("objects") { request, _ -> Response in
            try await offload {
                let query = request.form
                let limit = try Query.limit(request)
                var all: [JSONValue] = []
                try catalog.objects.forEach(after: query.get("after"), limit: limit, reverse: false) { all.append($0.jsonValue) }
                return .json(.array(all))
            }
        }
        api.get("objects/:id") { _, context -> Response in
            try await offload {
                .json(try catalog.objects.describe(try context.parameters.decoded("id")).jsonValue)
            }
        }
        api.get("state") { request, _ -> Response in
            try await offload {
                let at = try Query.number(request, "at", expected: "a scene time in seconds")
                let states = try catalog.states(
                    at: at, after: request.form.get("after"), limit: try Query.limit(request), reducedMotion: Query.reducedMotion(request))
                return .json(.array(states.map(\.jsonValue)))
            }
        }
        api.get("objects/:id/state") { request, context -> Response in
            try await offload {
                let at = try Query.number(request, "at", expected: "a scene time in seconds")
                return .json(try catalog.state(of: try context.parameters.decoded("id"), at: at, reducedMotion: Query.reducedMotion(request)).jsonValue)
            }
        }
    }
}
