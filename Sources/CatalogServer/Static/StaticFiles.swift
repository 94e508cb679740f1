import CatalogKit
import Hummingbird

/// `/static/FILE`: the web app's scripts and stylesheet, compiled into the binary. Nothing is read
/// from disk, so no path (`..`, encoded or not) reaches anything else: a name is in this table or
/// it is `unknown-route`.
enum StaticFiles {
    static let files: [String: (bytes: [UInt8], type: String)] = [
        "app.js": (PackageResources.app_js, "text/javascript; charset=utf-8"),
        "app.css": (PackageResources.app_css, "text/css; charset=utf-8"),
        "gallery.js": (PackageResources.gallery_js, "text/javascript; charset=utf-8"),
        "scene.js": (PackageResources.scene_js, "text/javascript; charset=utf-8"),
        "editor.js": (PackageResources.editor_js, "text/javascript; charset=utf-8"),
        // The scenario pages' player: the same script `catalog scenario page` writes inline.
        "scenario-player.js": (Array(ScenarioPage.player.utf8), "text/javascript; charset=utf-8")
    ]

    /// The API's OpenAPI 3.1 description, served at `/api/openapi.json` (written by hand; the
    /// tests hold the routes and every answer to it).
    static let openAPI = PackageResources.openapi_json

    static func add(to router: Router<BasicRequestContext>) {
        router.get("api/openapi.json") { _, _ -> Response in
            Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(bytes: openAPI)))
        }
        router.get("static/:file") { request, context -> Response in
            guard let name = context.parameters.get("file"), let file = files[name] else {
                throw WebError(.unknownRoute, "no page or API at \(request.uri.path)", status: .notFound)
            }
            return Response(status: .ok, headers: [.contentType: file.type], body: .init(byteBuffer: ByteBuffer(bytes: file.bytes)))
        }
    }
}
