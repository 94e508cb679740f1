import ArgumentParser
import CatalogKit
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
            Add.self, Validate.self, List.self, Show.self, Search.self, History.self, Diff.self, Remove.self, Sample.self, Export.self, Plot.self, Preview.self,
            Schema.self,
            TokensCommand.self, ObjectCommand.self, TypeCommand.self, PropCommand.self, Import.self, Apply.self, Send.self, State.self, Replay.self, Log.self,
            ScenarioCommand.self, Snapshot.self, StoreCommand.self, Serve.self, RegistryCommand.self, Install.self,
            Outdated.self, Update.self, MCPCommand.self
        ])

    /// `--db` before the command name (`catalog --db PATH list`, as docs/CommandLine.md writes it):
    /// argument-parser hands a parent's option group on to the subcommand's group of the same
    /// type; given twice, the one after the command name wins.
    @OptionGroup var global: GlobalOptions

    /// Parses, adding what a person needs to the parser's own errors (see ``ArgumentHints``),
    /// then runs the command. Exit codes: 0 success, 1 a command that failed, 64 a usage error.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let message = ArgumentHints.bundledFlags(in: arguments) {
            report(CommandFailure(message, code: .usage), json: ArgumentHints.asksForJSON(arguments))
        }
        if let direct = PropGet.direct(arguments) {
            run(direct.run, output: direct)
            // A read: nothing to finish, and nothing to free on the way out.
            Foundation.exit(0)
        }
        var command: ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            let code = exitCode(for: error)
            guard code != .success else { exit(withError: error) }  // --help, --version
            let suggestion = ArgumentHints.didYouMean(arguments, root: self)
            let hint = ArgumentHints.negativeValue(in: arguments)
            if ArgumentHints.asksForJSON(arguments) {
                let message = [suggestion ?? self.message(for: error), hint].compactMap { $0 }.joined(separator: "\n")
                report(CommandFailure(message, code: .usage), json: true)
            }
            // As text, argument-parser's own message with its usage lines, or the suggestion.
            var message = suggestion.map { "Error: \($0)" } ?? fullMessage(for: error)
            if let hint { message += "\n" + hint }
            FileHandle.standardError.write(Data((Excerpt.message(message) + "\n").utf8))
            Foundation.exit(code.rawValue)
        }
        run({ try command.run() }, output: command as? any MachineReadableOutput)
        finishWriting()
    }

    /// Runs a command; a failure is reported as ``ErrorPresentation`` words it, as JSON when the
    /// command prints for programs.
    private static func run(_ body: () throws -> Void, output: (any MachineReadableOutput)?) {
        do { try body() } catch {
            guard let presented = ErrorPresentation.present(error, endOption: output?.endOption ?? "--to") else { exit(withError: error) }
            report(presented, json: output?.printsJSON ?? false)
        }
    }

    /// Writes a failed command's error to stderr and exits with its status: the message for
    /// people, or with `json` the one-line error object (docs/CommandLine.md). However a message was
    /// worded, what it quotes of the input is bounded.
    private static func report(_ error: CommandFailure, json: Bool) -> Never {
        var error = error
        error.description = Excerpt.message(error.description)
        let text = json ? error.jsonValue().canonicalText : fullMessage(for: error)
        FileHandle.standardError.write(Data((text + "\n").utf8))
        Foundation.exit(error.exitStatus)
    }

    /// After a command that wrote, the library ends its writes (a snapshot when one is due).
    /// The command's own change is committed whatever happens here, so a failure is a warning,
    /// not the command's error.
    private static func finishWriting() {
        guard let catalog = GlobalOptions.openedForWriting.withLock({ $0 }) else { return }
        do { try catalog.finishWriting() } catch {
            FileHandle.standardError.write(Data("warning: no snapshot was kept: \(ErrorPresentation.present(error)?.description ?? "\(error)")\n".utf8))
        }
    }
}
