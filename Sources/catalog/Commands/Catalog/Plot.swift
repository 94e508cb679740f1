import ArgumentParser
import CatalogKit
import Foundation

struct Plot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Draw an animation's values against time as an SVG.",
        discussion: """
            One panel per property — a number's value, a colour's r, g, b and a (0…1), the \
            transform entries that change — and one for the progress, on one time axis from 0 to \
            the animation's end; the points are the engine's samples (what `catalog sample` \
            prints), dashed lines mark the keyframe times.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var referenceBox: ReferenceBoxOption
    @Argument(help: "An animation NAME[@VERSION], or a definition file.", completion: DatabaseCompletion.components())
    var component: String
    @Option(help: "Only this property (and the progress).") var property: String?
    @Option(name: .customLong("param"), help: ArgumentHelp("A parameter value (repeatable).", valueName: "NAME=VALUE")) var parameters: [KeyValue] = []
    @Option(parsing: .unconditional, help: "How many samples across the animation.") var samples: Int = 240
    @Option(name: [.customShort("o"), .long], help: "Write to this file instead of standard output.") var output: String?
    @Flag(help: "Plot what the animation becomes when the user prefers reduced motion.") var reducedMotion = false

    func validate() throws {
        guard (2...100_000).contains(samples) else { throw ValidationError("--samples takes 2 to 100000") }
    }

    func run() throws {
        let resolver = global.resolver()
        let found = try resolver.resolve(component, kinds: [.animation], for: "plot")
        let plot: ComponentPlot
        do {
            plot = try ComponentPlot(
                definition: found.definition, parameters: KeyValue.dictionary(parameters), property: property,
                reducedMotion: reducedMotion, samples: samples, file: found.source,
                context: DefinitionContext(referenceBox: referenceBox.box, tokens: try resolver.tokenBinding(for: found.definition)))
        } catch let error as ExportError {
            throw CommandFailure(error, message: "\(found.source): \(error.description)")
        }
        try OutputFile.write(plot.svg(), to: output)
    }
}
