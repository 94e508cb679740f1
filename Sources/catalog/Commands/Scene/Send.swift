import ArgumentParser
import CatalogKit

struct Send: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Send an event to an object; prints the effects its decorators produced.",
        discussion: """
            Events: tap, select, deselect, textChanged, attach or your own. --value is read like a \
            `prop set` value (JSON, @id, else text). --at defaults to the scene clock's current time.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The event name.") var event: String
    @Option(help: "The object.", completion: DatabaseCompletion.objects()) var to: String
    @Option(help: "The event's value (textChanged: the new text).") var value: String?
    @Option(help: "Scene time in seconds.") var at: Double?
    @Option(help: "Output format: table or json.") var format: OutputFormat = .table
    @Flag(help: "The user prefers reduced motion: the animations the event runs play reduced (recorded so).")
    var reducedMotion = false

    func run() throws {
        let catalog = try global.open()
        let effects: [Effect]
        do {
            effects = try catalog.send(event, to: to, value: value.flatMap(PropertyValue.fromCommandLine), at: at, reducedMotion: reducedMotion)
        } catch let error as ApplyError {
            throw CommandFailure(error.description)
        }
        switch format {
        case .json: printJSON(["effects": .array(effects.map(\.jsonValue))])
        case .table:
            if effects.isEmpty { print("no effects") }
            for effect in effects { print("\(effect.effect) \(effect.value.canonicalText)") }
        }
    }
}
