import ArgumentParser
import CatalogKit
import Foundation

struct ScenarioRunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Play a scenario through the engine and print the observed values and effects.",
        discussion: """
            The scenario plays on a scratch copy of the catalog's components (from --db, \
            $CATALOG_DB or the default; nothing is written there), its own definition files \
            added. Every observed property of every observed path that exists is printed at each \
            observed time, defaults included (opacity 1, identity transform, hidden false, frame \
            null until set); a path that does not exist yet is left out. Values as `sample` writes \
            them: transforms as 16 numbers, frames as [x, y, w, h].
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The scenario file (.scenario.yaml or .json).", completion: .file(extensions: ["yaml", "yml", "json"]))
    var file: String
    @Flag(help: "Play as under prefers-reduced-motion: reduce (each animation's reducedMotion:).")
    var reducedMotion = false
    @Option(
        help: ArgumentHelp(
            "Observe at this many frames per second instead, from 0 to the last observed or step time: every object and observed path, with frame, opacity, transform and hidden besides the observed properties.",
            valueName: "N"))
    var fps: Double?
    @Option(help: "Output format: table or json.") var format: OutputFormat = .table

    func validate() throws {
        if let fps, !(fps.isFinite && fps > 0 && fps <= 1000) { throw ValidationError("--fps must be a positive number of frames per second, at most 1000") }
    }

    func run() throws {
        var scenario = try ScenarioFile(path: file)
        if let fps { scenario = try scenario.observingFrames(fps: fps) }
        let result = try scenario.run(components: try global.open(forReading: true), reducedMotion: reducedMotion)
        switch format {
        case .json: printJSON(result.jsonValue)
        case .table: print(Self.table(result, properties: scenario.scenario.observe.properties))
        }
    }

    /// One row per observed time and path, a column per property; then the effects.
    static func table(_ result: ScenarioRun, properties: [String]) -> String {
        var samples = Table(header: ["T", "PATH"] + properties)
        for sample in result.samples {
            for path in sample.values.keys.sorted() {
                let values = sample.values[path]!
                samples.append(row: [JSONValue.numberText(sample.t), path] + properties.map { values[$0]?.canonicalText ?? "-" })
            }
        }
        var text = "scenario \(result.scenario)\n" + samples.render()
        if !result.effects.isEmpty {
            var effects = Table("T", "OBJECT", "EFFECT", "VALUE")
            for emitted in result.effects {
                effects.append(JSONValue.numberText(emitted.t), emitted.object, emitted.effect.effect, emitted.effect.value.canonicalText)
            }
            text += "\n\n" + effects.render()
        }
        return text
    }
}
