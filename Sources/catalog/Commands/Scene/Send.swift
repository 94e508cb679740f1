import ArgumentParser
import CatalogKit

struct Send: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send an event to an object; prints the effects its decorators produced.",
        discussion: """
            Events: tap, select, deselect, textChanged, attach or your own. --value is read like a \
            `prop set` value (JSON, @id, else text). --at defaults to the scene clock's current time.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The event name.") var event: String
    @Option(parsing: .unconditional, help: "The object.", completion: DatabaseCompletion.objects()) var to: String
    @Option(parsing: .unconditional, help: "The event's value (textChanged: the new text).") var value: String?
    @Option(parsing: .unconditional, help: "Scene time in seconds.") var at: Double?
    @Option(help: "Output format: table or json.") var format: OutputFormat = .table
    @Flag(help: "The user prefers reduced motion: the animations the event runs play reduced (recorded so).")
    var reducedMotion = false

    func run() throws {
        let catalog = try global.open()
        let outcome = try catalog.send(event, to: to, value: value.flatMap(PropertyValue.fromCommandLine), at: at, reducedMotion: reducedMotion)
        switch format {
        case .json: printJSON(["effects": .array(outcome.effects.map(\.jsonValue))])
        case .table:
            for effect in outcome.effects { print("\(effect.effect) \(effect.value.canonicalText)") }
            guard outcome.effects.isEmpty else { return }
            // Say what the event did instead, or that nothing took it (still recorded in the log).
            if outcome.didNothing {
                print("no effects: nothing on \(to) handles '\(event)' (the event is logged)")
                return
            }
            var did: [String] = []
            if !outcome.created.isEmpty { did.append("created \(outcome.created.joined(separator: ", "))") }
            if !outcome.sets.isEmpty { did.append("set " + outcome.sets.map { "\($0.object).\($0.key)" }.joined(separator: ", ")) }
            if !outcome.animations.isEmpty { did.append("ran " + outcome.animations.map { "\($0.component) on \($0.object)" }.joined(separator: ", ")) }
            print("no effects; " + did.joined(separator: "; "))
        }
    }
}
