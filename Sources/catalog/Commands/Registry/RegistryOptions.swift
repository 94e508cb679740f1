import ArgumentParser

/// The registry's name and homepage, as `registry.json` gives them: `serve` and `registry build`
/// take the same options, so that what one answers the other writes, byte for byte.
struct RegistryOptions: ParsableArguments {
    @Option(name: .customLong("registry-name"), help: "The shadcn registry's name in registry.json.") var name = "catalog"
    @Option(name: .customLong("registry-homepage"), help: ArgumentHelp("The shadcn registry's homepage in registry.json.", valueName: "URL"))
    var homepage = ""
}
