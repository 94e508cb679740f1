import ArgumentParser
import Foundation

@main
struct CatalogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "A catalog of reusable UI behaviour components and persistent associated properties.",
        discussion: """
            The database is --db PATH, else $CATALOG_DB, else \
            $XDG_DATA_HOME/component-catalog/catalog.sqlite (~/.local/share/… when unset). \
            The first command on a new database creates it, migrates it and loads the built-in catalog.
            """,
        version: "0.5.0",
        subcommands: [
            Demo.self, Init.self, Migrate.self,
            Add.self, Validate.self, List.self, Show.self, Search.self, History.self, Remove.self, Sample.self, Export.self, Plot.self, Preview.self,
            ObjectCommand.self, TypeCommand.self, PropCommand.self, Apply.self, Send.self, State.self, Replay.self, Log.self,
        ])

    /// DESIGN.md §5 puts `--db` before the command (`catalog --db PATH list`); every command also
    /// takes it after its name. A leading `--db` is handed on as `$CATALOG_DB`, which has the same
    /// meaning, so each command resolves the path one way.
    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        while let first = arguments.first, first == "--db" || first.hasPrefix("--db=") {
            if first == "--db" {
                guard arguments.count > 1 else { break }
                setenv("CATALOG_DB", arguments[1], 1)
                arguments.removeFirst(2)
            } else {
                setenv("CATALOG_DB", String(first.dropFirst(5)), 1)
                arguments.removeFirst()
            }
        }
        main(arguments)
    }
}
