import Hummingbird

/// The frame every page shares: the head (the app's stylesheet and script, files of the server's
/// own, so the Content-Security-Policy needs no inline allowance), the navigation, and the body.
///
/// ```swift
/// PageShell.response(title: "Objects", page: "objects", body: "<h1>Objects</h1>")
/// ```
enum PageShell {
    /// - Parameters:
    ///   - page: names the page for the script (`<body data-page=…>`).
    ///   - data: more `data-` attributes for the script, escaped here.
    ///   - body: the page's markup, its store text already escaped.
    ///   - scripts: the page's own scripts, files of `/static/`, run after the app's.
    static func response(title: String, page: String, data: [(String, String)] = [], scripts: [String] = [], body: String) -> Response {
        response(html: html(title: title, page: page, data: data, scripts: scripts, body: body))
    }

    /// A page's whole text (``response(title:page:data:body:)`` answers it).
    static func html(title: String, page: String, data: [(String, String)] = [], scripts: [String] = [], body: String) -> String {
        let attributes = ([("page", page)] + data).map { " data-\($0.0)=\"\(HTML.escape($0.1))\"" }.joined()
        let own = scripts.map { "<script src=\"/static/\(HTML.escape($0))\" defer></script>" }.joined()
        let html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTML.escape(title)) · Component Catalog</title>
            <link rel="icon" href="data:,"><link rel="stylesheet" href="/static/app.css"><script src="/static/app.js" defer></script>\(own)</head>
            <body\(attributes)>
            <header><a class="home" href="/">Component Catalog</a><nav><a href="/">Components</a><a href="/compare">Compare</a><a href="/scene">Scene</a><a href="/scenarios">Scenarios</a><a href="/objects">Objects</a><a href="/log">Log</a></nav></header>
            <main>
            \(body)
            </main></body></html>

            """
        return html
    }

    /// A page's text as an answer.
    static func response(html: String) -> Response {
        Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: html)))
    }
}
