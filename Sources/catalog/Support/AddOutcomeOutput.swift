import CatalogKit

extension AddOutcome {
    /// One line of what `add`, `install` and `update` did, with where the item came from.
    func line(from url: String? = nil) -> String {
        let origin = url.map { " from \($0)" } ?? ""
        return switch self {
        case .added(let name, let version): "added \(name) \(version)\(origin)"
        case .updated(let name, let from, let to): "updated \(name) \(from) → \(to)\(origin)"
        case .unchanged(let name, let version): "unchanged \(name) \(version) (identical content already stored)"
        }
    }

    /// The same as JSON: `{"outcome": "added"|"updated"|"unchanged", "name", "version", "from"?, "url"?}`.
    func json(from url: String? = nil) -> JSONValue {
        var fields: [String: JSONValue] =
            switch self {
            case .added(let name, let version): ["outcome": "added", "name": .string(name), "version": .string(version)]
            case .updated(let name, let from, let to): ["outcome": "updated", "name": .string(name), "from": .string(from), "version": .string(to)]
            case .unchanged(let name, let version): ["outcome": "unchanged", "name": .string(name), "version": .string(version)]
            }
        if let url { fields["url"] = .string(url) }
        return .object(fields)
    }
}

/// Prints what was added, a line each or one JSON array.
func printOutcomes(_ outcomes: [AddOutcome], from urls: [String?]? = nil, format: OutputFormat) {
    let urls = urls ?? Array(repeating: nil, count: outcomes.count)
    switch format {
    case .table: for (outcome, url) in zip(outcomes, urls) { print(outcome.line(from: url)) }
    case .json: printJSON(.array(zip(outcomes, urls).map { $0.json(from: $1) }))
    }
}
