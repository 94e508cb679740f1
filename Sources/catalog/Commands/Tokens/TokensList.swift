import ArgumentParser
import CatalogKit

struct TokensList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the tokens of the current token sets, by path.")

    @OptionGroup var global: GlobalOptions
    @Option(help: "Only this token set.") var set: String?
    @Option(help: "Only tokens of this type (duration, cubicBezier, transition, …).") var type: String?
    @Option(help: "Output format: table or json.") var format: OutputFormat = .table

    /// The tokens as the table shows them, and as `--format json` prints them.
    func tokens() throws -> (rows: [(path: String, type: String, value: String, set: String)], json: [JSONValue]) {
        let sets = try global.open(forReading: true).tokens.sets().filter { set == nil || $0.name == set }
        if let set, sets.isEmpty { throw CommandFailure("no token set '\(set)'", code: .unknownComponent, fields: ["component": .string(set)]) }
        var rows: [(path: String, type: String, value: String, set: String)] = []
        var json: [JSONValue] = []
        for found in sets {
            for token in found.set.tokens where type == nil || token.type.rawValue == type {
                let resolved = try found.set.resolved(token.path, file: found.name)
                rows.append(
                    (
                        token.path, token.type.rawValue, TokenExport.cssValue(resolved, type: token.type) ?? resolved.canonicalText,
                        "\(found.name)@\(found.version)"
                    ))
                json.append([
                    "path": .string(token.path), "type": .string(token.type.rawValue), "value": token.value, "resolved": resolved,
                    "set": .string(found.name), "version": .string(found.version)
                ])
            }
        }
        return (rows, json)
    }

    func run() throws {
        let (rows, json) = try tokens()
        switch format {
        case .json: printJSON(.array(json))
        case .table:
            var table = Table("PATH", "TYPE", "VALUE", "SET")
            for row in rows.sorted(by: { $0.path < $1.path }) { table.append(row.path, row.type, row.value, row.set) }
            print(table.render())
        }
    }
}
