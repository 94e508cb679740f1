import CatalogKit
import Hummingbird

/// Reading a request's query the same way on every route: a value that does not parse is
/// `usage` (HTTP 400) naming the parameter and what it takes.
enum Query {
    static func bad(_ name: String, _ value: String, _ expected: String) -> WebError {
        WebError(.usage, "?\(name)=\(value) is not \(expected)", status: .badRequest)
    }

    /// `?limit=N`: a page size, 0 or more; nil when not given.
    static func limit(_ request: Request) throws -> Int? {
        try request.form.get("limit").map { text throws -> Int in
            guard let n = Int(text), n >= 0 else { throw bad("limit", text, "a whole number, 0 or more") }
            return n
        }
    }
}
