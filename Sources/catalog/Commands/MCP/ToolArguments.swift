import CatalogKit
import MCP

extension CatalogTools {
    /// A tool call's arguments, checked and turned into the command line's options.
    struct Arguments {
        var tool: String
        var values: [String: Value]

        func fail(_ name: String, _ rule: String) -> CommandFailure {
            CommandFailure("\(tool): \(name): \(rule)", code: .usage, fields: ["field": .string(name)])
        }

        func string(_ name: String) throws -> String {
            guard let value = values[name] else { throw fail(name, "is required") }
            guard let text = value.stringValue else { throw fail(name, "must be a string") }
            return text
        }

        /// A component the catalog holds, by name: never a file, nor standard input.
        func component() throws -> String {
            let text = try string("component")
            let name = String(text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)[0])
            guard ComponentDefinition.isValidName(name) else { throw fail("component", "must be a component's NAME or NAME@VERSION, not \"\(text)\"") }
            return text
        }

        /// The options `names` give, as the command line writes them; any other argument is refused.
        func options(_ names: [String]) throws -> [String] {
            let positional: Set = ["component", "text", "path"]
            if let stray = values.keys.sorted().first(where: { !names.contains($0) && !positional.contains($0) }) {
                throw fail(stray, "is not an argument of this tool")
            }
            // `--NAME=VALUE`: a value that starts with `-` is still the option's value.
            var options: [String] = []
            for name in names {
                guard let value = values[name], !value.isNull else { continue }
                switch name {
                case "params", "context":
                    guard let members = value.objectValue else { throw fail(name, "must be an object") }
                    for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                        options.append("\(name == "params" ? "--param" : "--context")=\(key)=\(try text(of: member, at: "\(name).\(key)"))")
                    }
                case "at":
                    guard let times = value.arrayValue, !times.isEmpty else { throw fail(name, "must be a non-empty list of seconds") }
                    options.append("--at=" + (try times.enumerated().map { try number(of: $1, at: "at[\($0)]") }.joined(separator: ",")))
                case "reducedMotion":
                    guard let flag = value.boolValue else { throw fail(name, "must be true or false") }
                    if flag { options.append("--reduced-motion") }
                case "fps", "from", "limit":
                    options.append("--\(name)=\(try number(of: value, at: name))")
                case "to" where tool == "sample":
                    options.append("--to=\(try number(of: value, at: name))")
                default:
                    guard let text = value.stringValue else { throw fail(name, "must be a string") }
                    options.append("--\(name)=\(text)")
                }
            }
            return options
        }

        private func number(of value: Value, at path: String) throws -> String {
            if let integer = value.intValue { return String(integer) }
            if let double = value.doubleValue, double.isFinite { return "\(double)" }
            throw fail(path, "must be a number")
        }

        private func text(of value: Value, at path: String) throws -> String {
            if let text = value.stringValue { return text }
            return try number(of: value, at: path)
        }
    }
}
