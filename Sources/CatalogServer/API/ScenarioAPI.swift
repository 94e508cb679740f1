import CatalogKit
import Hummingbird

/// `/api/scenarios/NAME/run`: a built-in scenario played through the engine on the served
/// catalog's components — the JSON `catalog scenario run FILE --format json` prints, with
/// `fps` as `--fps` (a film of every object, which the gallery plays a tile from) and
/// `reducedMotion=true` as `--reduced-motion`. Kept while the components stand.
struct ScenarioAPI {
    let catalog: Catalog

    func add(to router: Router<BasicRequestContext>) {
        let catalog = self.catalog, answers = AnswerCache()
        let api = router.group("api")
        api.get("scenarios/:name/run") { request, context -> Response in
            let name = try context.parameters.decoded("name")
            try request.form.only(["fps", "reducedMotion"])
            let reduced = try Query.reducedMotion(request)
            let fps = try request.form.get("fps").map { text throws -> Double in
                guard let fps = Double(text), fps > 0, fps <= 1000 else { throw Query.bad("fps", text, "frames per second, more than 0 and at most 1000") }
                return fps
            }
            let text = try await answers.text(key: "\(name) \(fps.map { JSONValue.numberText($0) } ?? "-") \(reduced)", catalog: catalog) {
                guard var scenario = try BuiltInScenarios.named(name) else {
                    throw WebError(.unknownRoute, "no scenario \(name): /scenarios lists them", status: .notFound)
                }
                if let fps { scenario = try scenario.observingFrames(fps: fps) }
                return try scenario.run(components: catalog, reducedMotion: reduced).jsonValue.prettyText + "\n"
            }
            return .jsonText(text)
        }
    }
}
