import Foundation
import Hummingbird

/// A request's query as browsers write it (`application/x-www-form-urlencoded`): `+` is a space,
/// and names and values are percent-decoded — what a form's GET and `URLSearchParams` send, so a
/// search for "fade in" is "fade in", not "fade+in". (Hummingbird's own reading keeps `+` and
/// leaves names encoded.)
///
/// ```swift
/// request.form.get("q")            // "fade in" for ?q=fade+in
/// request.form.getAll("param")     // ["duration=0.5"] for ?param=duration%3D0.5
/// ```
struct FormQuery: Sendable {
    let pairs: [(name: String, value: String)]

    init(_ query: String?) {
        pairs = (query ?? "").split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (Self.decode(parts[0]), parts.count > 1 ? Self.decode(parts[1]) : "")
        }
    }

    static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    /// The first value of `name`.
    func get(_ name: String) -> String? { pairs.first { $0.name == name }?.value }

    /// Every value of `name`, in order (a repeated `param=`).
    func getAll(_ name: String) -> [String] { pairs.filter { $0.name == name }.map(\.value) }

    /// Refuses a field outside `names`: where the document gives a route's fields as one object
    /// that takes nothing else (`export`, `sample`), a stray field is a mistake, not a no-op.
    func only(_ names: Set<String>) throws {
        if let stray = pairs.first(where: { !names.contains($0.name) }) {
            throw Query.bad(stray.name, stray.value, "a field this request takes (\(names.sorted().joined(separator: ", ")))")
        }
    }
}

extension Request {
    /// The query, form-decoded (``FormQuery``).
    var form: FormQuery { FormQuery(uri.query) }
}
