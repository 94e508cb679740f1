import ArgumentParser
import CatalogKit

struct TokensExport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write the token sets as one DTCG document, or as CSS custom properties.",
        discussion: """
            --format dtcg (the default) writes every token with its $type, its $value as written \
            (aliases kept), $description, $deprecated and $extensions; with --set, that set's file \
            as it was added. --format css writes :root { --motion-duration-moderate-01: 150ms; … }.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case dtcg, css }

    @OptionGroup var global: GlobalOptions
    @Option(help: "dtcg or css.") var format: Format = .dtcg
    @Option(help: "Only this token set.") var set: String?
    @Option(name: [.customShort("o"), .long], help: "Write to this file instead of standard output.") var output: String?

    func run() throws {
        let sets = try global.open(forReading: true).tokens.sets().filter { set == nil || $0.name == set }
        if let set, sets.isEmpty { throw CommandFailure("no token set '\(set)'", code: .unknownComponent, fields: ["component": .string(set)]) }
        let text: String
        switch format {
        case .dtcg:
            let document = set != nil ? sets[0].set.document : try TokenExport.dtcg(sets.map { ($0.name, $0.set) })
            text = document.prettyText + "\n"
        case .css:
            text = try TokenExport.css(sets.map { ($0.name, $0.set) })
        }
        try OutputFile.write(text, to: output)
    }
}
