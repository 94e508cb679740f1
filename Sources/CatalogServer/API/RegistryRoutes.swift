import CatalogKit
import Hummingbird

/// `/r/registry.json`, `/r/NAME.json` and `/r/NAME@VERSION.json`: the catalog as a shadcn
/// registry, the bytes `catalog registry build` writes (``Catalog/registryFiles(name:homepage:)``),
/// kept while the components stand. Anything else under `/r/` is 404.
struct RegistryRoutes {
    let catalog: Catalog
    let name: String
    let homepage: String

    func add(to router: Router<BasicRequestContext>) {
        let catalog = self.catalog, name = self.name, homepage = self.homepage, answers = AnswerCache()
        router.get("r/:file") { request, context -> Response in
            let file = try context.parameters.decoded("file")
            guard file.hasSuffix(".json"), file.count > 5 else {
                throw WebError(.unknownRoute, "no page or API at \(request.uri.path)", status: .notFound)
            }
            let text = try await answers.text(key: file, catalog: catalog) {
                if file == "registry.json" { return Catalog.registryText(try catalog.registryIndex(name: name, homepage: homepage)) }
                return Catalog.registryText(try catalog.registryItem(String(file.dropLast(5))).json())
            }
            return .jsonText(text)
        }
    }
}
