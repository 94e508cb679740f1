import ArgumentParser

struct RegistryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "registry",
        abstract: "The catalog as a shadcn registry (registry.json and registry-item.json files).",
        subcommands: [RegistryBuild.self])
}
