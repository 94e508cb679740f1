import ArgumentParser
import CatalogKit
import Foundation

struct ScenarioPageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "page",
        abstract: "Write a self-contained page that plays a scenario in a browser, with a time slider.",
        discussion: """
            DIR/index.html holds the scenario's objects as elements, the exported modules of the \
            decorators, behaviours and animations it uses and its layouts' stylesheets, and plays \
            the steps as DESIGN §9's judge does: every animation paused and seeked by the page. \
            Open it and drag the slider to scrub scene time; the observed values at the observed \
            times are in #out as `scenario run --format json` writes them.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The scenario file (.scenario.yaml or .json).", completion: .file(extensions: ["yaml", "yml", "json"]))
    var file: String
    @Option(name: [.customShort("o"), .long], help: "The folder to write index.html into.") var output: String

    func run() throws {
        let page = try ScenarioFile(path: file).page(components: try global.open(forReading: true))
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let target = (output as NSString).appendingPathComponent("index.html")
        try page.write(toFile: target, atomically: true, encoding: .utf8)
        print("wrote \(target)")
    }
}
