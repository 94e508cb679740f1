import ArgumentParser
import CatalogKit

struct State: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "state",
        abstract: "An object's model and presentation values at a scene time.",
        discussion: """
            Rebuilt from the event log. --at defaults to the scene clock's current time (that of the \
            last event). Presentation values are the model values with every animation applied to \
            the object running at that time. --context resolves the animations' token references \
            in another context of their token sets (a DTCG resolver's modifier, theme=dark) than \
            the one each set holds. --all prints every object's state at that time instead, in id \
            order (an object not made by then is left out).
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The object.", completion: DatabaseCompletion.objects()) var id: String?
    @Flag(help: "Every object's state (JSON: a list), from one rebuild of the scene.") var all = false
    @Option(parsing: .unconditional, help: "Scene time in seconds.") var at: Double?
    @Option(help: "Output format: table or json.") var format: OutputFormat = .table
    @Flag(help: "Presentation values as a viewer who prefers reduced motion sees them (each animation's reducedMotion:).")
    var reducedMotion = false
    @OptionGroup var context: TokenContextOption

    func validate() throws {
        if (id == nil) == !all { throw ValidationError(all ? "give an object or --all, not both" : "give an object, or --all for every one") }
    }

    func run() throws {
        let catalog = try global.open(forReading: true)
        guard let id else {
            let states = try catalog.states(at: at, reducedMotion: reducedMotion, tokenContexts: try context.chosen())
            switch format {
            case .json: printJSON(.array(states.map(\.jsonValue)))
            case .table: print(states.map(Self.table).joined(separator: "\n\n"))
            }
            return
        }
        let state = try catalog.state(of: id, at: at, reducedMotion: reducedMotion, tokenContexts: try context.chosen())
        switch format {
        case .json: printJSON(state.jsonValue)
        case .table: print(Self.table(state))
        }
    }

    /// The object's heading, then a row per property: its model and presentation values.
    static func table(_ state: ObjectState) -> String {
        var table = Table("PROPERTY", "MODEL", "PRESENTATION")
        for key in Set(state.model.keys).union(state.presentation.keys).sorted() {
            table.append(key, state.model[key]?.jsonValue.canonicalText ?? "-", state.presentation[key]?.jsonValue.canonicalText ?? "-")
        }
        return "\(state.id) (\(state.type)) at t=\(JSONValue.numberText(state.time))\n" + table.render()
    }
}
