import ArgumentParser

struct ScenarioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenario",
        abstract: "Play a scenario file: objects, steps at scene times, what is observed (DESIGN §9).",
        subcommands: [ScenarioRunCommand.self, ScenarioPageCommand.self])
}
