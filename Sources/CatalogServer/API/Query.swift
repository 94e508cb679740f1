import CatalogKit
import Hummingbird

/// Reading a request's query the same way on every route: a value that does not parse is
/// `usage` (HTTP 400) naming the parameter and what it takes.
enum Query {
    static func bad(_ name: String, _ value: String, _ expected: String) -> WebError {
        WebError(.usage, "?\(name)=\(value) is not \(expected)", status: .badRequest)
    }

    /// `?NAME=` a finite number (`expected` says what it is for); nil when absent or empty.
    static func number(_ request: Request, _ name: String, expected: String) throws -> Double? {
        guard let text = request.form.get(name), !text.isEmpty else { return nil }
        guard let value = Double(text), value.isFinite else { throw bad(name, text, expected) }
        return value
    }

    /// `?kind=`: a component kind; nil when absent or empty (a form's "any kind").
    static func kind(_ request: Request) throws -> ComponentKind? {
        guard let text = request.form.get("kind"), !text.isEmpty else { return nil }
        guard let kind = ComponentKind(rawValue: text) else {
            throw bad("kind", text, ComponentKind.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return kind
    }

    /// `?reducedMotion=true`: as the user who prefers reduced motion sees it; `false` or absent
    /// as written; anything else is refused.
    static func reducedMotion(_ request: Request) throws -> Bool {
        guard let text = request.form.get("reducedMotion") else { return false }
        guard text == "true" || text == "false" else { throw bad("reducedMotion", text, "true or false") }
        return text == "true"
    }

    /// `?limit=N`: a page size, 0 or more; nil when not given.
    static func limit(_ request: Request) throws -> Int? {
        try request.form.get("limit").map { text throws -> Int in
            guard let n = Int(text), n >= 0 else { throw bad("limit", text, "a whole number, 0 or more") }
            return n
        }
    }
}
