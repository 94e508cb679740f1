import ArgumentParser
import CatalogKit

struct Apply: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply",
        abstract: "Apply an animation, chain, layout or decorator to objects at a scene time.",
        discussion: """
            An animation runs on every --to object (one with on: handlers, such as bounce-select, is \
            adopted instead: events run it); a layout sets the frames of the objects bound to its \
            slots (--role SLOT=ID) in --param rect=x,y,w,h, else the --to container's bounds; a chain \
            runs on the objects bound to its roles and prints when it is done; a decorator is \
            attached to every --to object. --at defaults to the scene clock's current time (that of \
            the last event).
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The component, NAME or NAME@VERSION.", completion: DatabaseCompletion.components()) var component: String
    @Option(parsing: .unconditional, help: "Target objects, comma-separated (a layout's container).", completion: DatabaseCompletion.objects()) var to: String?
    @Option(name: .customLong("role"), help: ArgumentHelp("Bind a chain role or layout slot to an object (repeatable).", valueName: "ROLE=ID"))
    var roles: [KeyValue] = []
    @Option(name: .customLong("param"), help: ArgumentHelp("A parameter value (repeatable).", valueName: "NAME=VALUE")) var parameters: [KeyValue] = []
    @Option(parsing: .unconditional, help: "Scene time in seconds.") var at: Double?
    @Option(help: "Output format: table or json.") var format: OutputFormat = .table
    @Flag(help: "The user prefers reduced motion: animations and chains play as their reducedMotion: says (recorded so).")
    var reducedMotion = false

    func run() throws {
        let catalog = try global.open()
        let targets = to.map { $0.split(separator: ",").map(String.init) } ?? []
        let result = try catalog.apply(
            component, to: targets, roles: KeyValue.dictionary(roles), parameters: KeyValue.dictionary(parameters),
            at: at, reducedMotion: reducedMotion)
        switch format {
        case .json: printJSON(result.jsonValue)
        case .table:
            print("applied \(component) at t=\(JSONValue.numberText(result.sceneTime))")
            for (id, frame) in result.frames.sorted(by: { $0.key < $1.key }) {
                print("  \(id).frame = \(PropertyValue.rect(frame).jsonValue.canonicalText)")
            }
            if let done = result.doneTime { print("  done at t=\(JSONValue.numberText(done))") }
        }
    }
}
