import ArgumentParser
import CatalogKit
import Foundation
import MCP

/// The tools `catalog mcp` offers, each the command of its name run with `--format json`: the
/// tool's arguments become the command's options (so they are checked as the command checks
/// them), and the answer is the JSON the command prints, or its JSON error. All are read-only;
/// a component is named, never a file (a file path or `-` would read this machine's files or
/// the protocol's own input).
struct CatalogTools: Sendable {
    let global: GlobalOptions

    /// One tool: what it offers and how its arguments become a command line.
    struct Definition: Sendable {
        var tool: Tool
        var run: @Sendable (CatalogTools, Arguments) throws -> String
    }

    static let definitions: [Definition] = [
        Definition(
            tool: tool(
                "list", "List components (current versions) by name, as `catalog list --format json`.",
                [
                    "kind": kindSchema, "tag": string("Only components with this tag."), "after": string("Only names that sort after this one."),
                    "limit": integer("At most this many.", minimum: 0)
                ]),
            run: { tools, arguments in
                var command = try List.parse(try arguments.options(["kind", "tag", "after", "limit"]))
                command.global = tools.global
                return JSONValue.array(try command.components().map(\.summaryJSON)).prettyText
            }),
        Definition(
            tool: tool(
                "search", "Full-text search over names, summaries and tags, best match first, as `catalog search --format json`.",
                ["text": string("Words to look for (each matches by prefix)."), "limit": integer("At most this many.", minimum: 1)], required: ["text"]),
            run: { tools, arguments in
                var command = try Search.parse(try arguments.options(["limit"]) + ["--", try arguments.string("text")])
                command.global = tools.global
                return JSONValue.array(try command.components().map(\.summaryJSON)).prettyText
            }),
        Definition(
            tool: tool("show", "A component's definition, as `catalog show --format json`.", ["component": componentSchema], required: ["component"]),
            run: { tools, arguments in
                var command = try Show.parse(["--", try arguments.component()])
                command.global = tools.global
                return try command.stored().documentJSON().prettyText
            }),
        Definition(
            tool: tool(
                "sample",
                "An animation's timing and values at each time, as `catalog sample --format json`: times in seconds (`at`), or frames (`fps` from `from` to `to`).",
                [
                    "component": componentSchema, "at": .object(["type": "array", "items": ["type": "number"], "description": "Times in seconds."]),
                    "fps": number("Frames per second between from and to."), "from": number("First frame time with fps (default 0)."),
                    "to": number("Last frame time with fps (default: the animation's end)."), "params": paramsSchema,
                    "reducedMotion": boolean("Sample what plays when the user prefers reduced motion."), "context": contextSchema
                ],
                required: ["component"]),
            run: { tools, arguments in
                var command = try Sample.parse(
                    try arguments.options(["at", "fps", "from", "to", "params", "reducedMotion", "context"]) + ["--", try arguments.component()])
                command.global = tools.global
                return try command.jsonText()
            }),
        Definition(
            tool: tool(
                "export", "A component as CSS, Web Animations, an ES module, Lottie or animated SVG, as `catalog export` writes it.",
                [
                    "component": componentSchema, "to": .object(["type": "string", "enum": ["css", "waapi", "js", "lottie", "svg"]]),
                    "selector": string("The CSS rule's selector (css; default .NAME)."), "fps": number("Frames per second of a Lottie document, 1 to 240."),
                    "target": .object(["type": "string", "enum": ["all", "chromium", "firefox", "webkit"], "description": "The engines it must play in alike."]
                    ),
                    "params": paramsSchema, "reducedMotion": boolean("Only what plays when the user prefers reduced motion."), "context": contextSchema
                ],
                required: ["component", "to"]),
            run: { tools, arguments in
                guard ["css", "waapi", "js", "lottie", "svg"].contains(try arguments.string("to")) else {
                    throw arguments.fail("to", "must be css, waapi, js, lottie or svg (a dotLottie archive is not text: catalog export --to dotlottie -o FILE)")
                }
                var command = try Export.parse(
                    try arguments.options(["to", "selector", "fps", "target", "params", "reducedMotion", "context"]) + ["--", try arguments.component()])
                command.global = tools.global
                guard case .text(let text) = try command.product() else { throw CommandFailure("export gave no text", code: .unexpected) }
                return text
            }),
        Definition(
            tool: tool(
                "tokens", "The design tokens of the current token sets, as `catalog tokens list --format json`.",
                ["set": string("Only this token set."), "type": string("Only tokens of this type (duration, cubicBezier, …).")]),
            run: { tools, arguments in
                var command = try TokensList.parse(try arguments.options(["set", "type"]))
                command.global = tools.global
                return JSONValue.array(try command.tokens().json).prettyText
            }),
        Definition(
            tool: tool(
                "token", "One design token, as `catalog tokens show --format json`.", ["path": string("The token's path, e.g. motion.duration.moderate-01.")],
                required: ["path"]),
            run: { tools, arguments in
                var command = try TokensShow.parse(["--", try arguments.string("path")])
                command.global = tools.global
                return try command.token().json.prettyText
            })
    ]

    /// The answer to a tool call: the command's JSON (or text), or its JSON error with `isError`.
    func call(_ name: String, _ arguments: [String: Value]) -> CallTool.Result {
        do {
            guard let definition = Self.definitions.first(where: { $0.tool.name == name }) else {
                throw CommandFailure("no tool \(name): the tools are \(Self.definitions.map(\.tool.name).joined(separator: ", "))", code: .usage)
            }
            return .init(
                content: [.text(text: try definition.run(self, Arguments(tool: name, values: arguments)), annotations: nil, _meta: nil)], isError: false)
        } catch {
            let failure = ErrorPresentation.present(error) ?? CommandFailure("\(error)", code: .unexpected)
            return .init(content: [.text(text: failure.jsonValue().canonicalText, annotations: nil, _meta: nil)], isError: true)
        }
    }
}

extension CatalogTools {
    static func tool(_ name: String, _ description: String, _ properties: [String: Value], required: [String] = []) -> Tool {
        Tool(
            name: name, description: description,
            inputSchema: .object([
                "type": "object", "properties": .object(properties), "required": .array(required.map { .string($0) }), "additionalProperties": false
            ]),
            annotations: .init(readOnlyHint: true, openWorldHint: false))
    }

    static func string(_ description: String) -> Value { .object(["type": "string", "description": .string(description)]) }
    static func number(_ description: String) -> Value { .object(["type": "number", "description": .string(description)]) }
    static func boolean(_ description: String) -> Value { .object(["type": "boolean", "description": .string(description)]) }
    static func integer(_ description: String, minimum: Int) -> Value {
        .object(["type": "integer", "minimum": .int(minimum), "description": .string(description)])
    }

    static let componentSchema: Value = .object([
        "type": "string", "description": "A component in the catalog: NAME or NAME@VERSION."
    ])
    static let kindSchema: Value = .object(["type": "string", "enum": ["animation", "chain", "decorator", "layout"]])
    static let paramsSchema: Value = .object([
        "type": "object", "additionalProperties": ["type": ["string", "number"]], "description": "Parameter values by name."
    ])
    static let contextSchema: Value = .object([
        "type": "object", "additionalProperties": ["type": "string"], "description": "A token resolver modifier → the context to resolve in."
    ])
}
