import CatalogKit
import Hummingbird

/// `/`: the catalog as a page — every component's name, kind, version, tags and summary, each
/// text escaped (a summary is anyone's input), and no script or style of its own inline.
struct CatalogPage {
    let catalog: Catalog

    func add(to router: Router<BasicRequestContext>) {
        let catalog = self.catalog
        router.get("/") { _, _ -> Response in
            let rows = try catalog.components.list().map { component in
                "<tr><td>\(HTML.escape(component.name))</td><td>\(HTML.escape(component.kind.rawValue))</td><td>\(HTML.escape(component.version))</td>"
                    + "<td>\(HTML.escape(component.tags.joined(separator: ", ")))</td><td>\(HTML.escape(component.summary))</td></tr>"
            }
            let page = """
                <!doctype html>
                <html lang="en"><head><meta charset="utf-8"><title>Component Catalog</title></head>
                <body><h1>Component Catalog</h1>
                <table><thead><tr><th>Name</th><th>Kind</th><th>Version</th><th>Tags</th><th>Summary</th></tr></thead>
                <tbody>
                \(rows.joined(separator: "\n"))
                </tbody></table></body></html>

                """
            return Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: page)))
        }
    }
}

/// Text put into a page as text: `&`, `<`, `>`, `"` and `'` escaped, so that nothing from the
/// store becomes markup, an attribute's end or a script.
enum HTML {
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
