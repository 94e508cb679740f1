import ArgumentParser
import CatalogKit

struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "A guided tour on the database: objects, bounce-select, a chain, hyperlink, a layout, events, a replayed timeline.",
        discussion: """
            Creates objects whose ids start with demo- (removing an earlier demo's first), applies \
            components, sends events, then prints what happened and a replay of the demo objects' \
            animated properties, with times counted from the demo's start.
            """)

    @OptionGroup var global: GlobalOptions
    @Option(parsing: .unconditional, help: "Frames per second of the timeline.") var fps: Double = 10

    func run() throws {
        let transcript = try CatalogDemo.run(on: try global.open(), fps: fps)
        for line in transcript.lines { print(line) }
        print("")
        print("Timeline (replayed from the event log; transforms shown as their scale):")
        // One row per frame, one column per animated object property.
        let columns = Set(transcript.frames.flatMap { frame in frame.objects.flatMap { id, values in values.keys.map { "\(id).\($0)" } } }).sorted()
        var table = Table(header: ["T"] + columns)
        for frame in transcript.frames {
            let cells = columns.map { column -> String in
                let parts = column.split(separator: ".", maxSplits: 1).map(String.init)
                return frame.objects[parts[0]]?[parts[1]].map(Self.short) ?? "-"
            }
            table.append(row: [JSONValue.numberText((frame.time * 1e9).rounded() / 1e9)] + cells)
        }
        print(table.render())
    }

    /// Transforms as their x scale (the demo's only transform changes are scales), numbers to 4 places.
    static func short(_ value: PropertyValue) -> String {
        switch value {
        case .transform(let t): return JSONValue.numberText((t.m[0] * 1e4).rounded() / 1e4)
        case .number(let n): return JSONValue.numberText((n * 1e4).rounded() / 1e4)
        default: return value.jsonValue.canonicalText
        }
    }
}
