import ArgumentParser
import CatalogKit

struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a component from the catalog; refused while another component uses it.",
        discussion: """
            The component no longer lists, searches or applies. Its versions stay kept, so that the \
            event log (which may apply them) still replays; adding the same name again later takes \
            a new version, or exactly the content a kept version had.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "Component name.", completion: DatabaseCompletion.components()) var name: String

    func run() throws {
        try global.open().components.remove(name)
        print("removed \(name)")
    }
}
