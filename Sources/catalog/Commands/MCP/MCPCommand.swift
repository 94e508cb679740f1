import ArgumentParser
import CatalogKit
import MCP

struct MCPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the catalog to AI assistants over the Model Context Protocol (stdio), read-only.",
        discussion: """
            Speaks MCP on standard input and output until the client closes them. The tools — \
            list, search, show, sample, export, tokens and token — are the commands of those \
            names: their arguments are the commands' options, their answers what the commands \
            print with --format json (export: the exported text), and their errors the commands' \
            JSON errors. None writes. An assistant's configuration names the command, e.g. \
            {"command": "catalog", "args": ["--db", "/path/catalog.sqlite", "mcp"]}.
            """)

    @OptionGroup var global: GlobalOptions

    func run() throws {
        _ = try global.open(forReading: true)  // a database that cannot be opened is said now, not at the first call
        let tools = CatalogTools(global: global)
        try blocking {
            let server = Server(
                name: "component-catalog", version: CatalogCommand.configuration.version,
                capabilities: .init(tools: .init(listChanged: false)))
            await server.withMethodHandler(ListTools.self) { _ in .init(tools: CatalogTools.definitions.map(\.tool)) }
            await server.withMethodHandler(CallTool.self) { call in tools.call(call.name, call.arguments ?? [:]) }
            try await server.start(transport: DrainingTransport())
            await server.waitUntilCompleted()
        }
    }
}
