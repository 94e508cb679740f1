import ArgumentParser
import CatalogKit

struct TokensShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show one token: its set, type, value as written and resolved, description, deprecation.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The token's path, e.g. motion.duration.moderate-01 (braces allowed).") var path: String
    @Option(help: "Output format: table or json.") var format: OutputFormat = .table

    /// The token as `--format json` prints it, and the lines the table shows.
    func token() throws -> (json: JSONValue, lines: [String]) {
        let path = TokenReference.alias(self.path) ?? self.path
        guard let found = try global.open(forReading: true).tokens.token(path) else {
            throw CommandFailure("no token '\(path)' in the token sets", code: .unknownComponent, fields: ["token": .string(path)])
        }
        let token = found.token
        var json: [String: JSONValue] = [
            "path": .string(token.path), "type": .string(token.type.rawValue), "value": token.value,
            "resolved": found.resolved, "set": .string(found.set), "version": .string(found.version)
        ]
        if let description = token.description { json["description"] = .string(description) }
        if let deprecated = token.deprecated { json["deprecated"] = deprecated }
        if let extensions = token.extensions { json["extensions"] = extensions }
        var lines = [
            "path: \(token.path)", "set: \(found.set) \(found.version)", "type: \(token.type.rawValue)",
            "value: \(token.value.canonicalText)", "resolved: \(TokenExport.cssValue(found.resolved, type: token.type) ?? found.resolved.canonicalText)"
        ]
        if let description = token.description { lines.append("description: \(description)") }
        if let deprecated = token.deprecated { lines.append("deprecated: \(deprecated.stringValue ?? "yes")") }
        return (.object(json), lines)
    }

    func run() throws {
        let (json, lines) = try token()
        switch format {
        case .json: printJSON(json)
        case .table: print(lines.joined(separator: "\n"))
        }
    }
}
