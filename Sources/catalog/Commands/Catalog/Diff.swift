import ArgumentParser
import CatalogKit

struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changed between two versions of a component: fields, and what it does to the motion.",
        discussion: """
            Compares NAME@A with NAME@B (by default the current version of NAME). Every field that \
            differs is listed by its path in the definition, old → new. For two animations, each \
            property's largest difference between the versions' values over their span (from 0 to \
            the later end; the first 10 s when one repeats forever) is given with the time it \
            happens and both values there — in the value's own units: a number's difference, a \
            colour's largest channel difference (0…1), a transform's largest matrix entry difference.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The older version: NAME@VERSION.", completion: DatabaseCompletion.components()) var from: ComponentReference
    @Argument(
        help: "The newer one: NAME or NAME@VERSION (default: the current version of the first's NAME).",
        completion: DatabaseCompletion.components())
    var to: ComponentReference?
    @Option(help: "Output format: table or json.") var format: OutputFormat = .table

    func validate() throws {
        guard from.version != nil else {
            throw ValidationError("name the version to compare from: \(from.name)@VERSION (catalog history \(from.name) lists them)")
        }
    }

    func run() throws {
        let diff = try global.open(forReading: true).diff(from.description, to?.description ?? from.name)
        switch format {
        case .json:
            printJSON(diff.json)
        case .table:
            print(diff.tableText)
        }
    }
}

extension ComponentDiff {
    /// The diff as `catalog diff` prints it: the versions, the fields, then the motion.
    var tableText: String {
        var lines = ["\(from.name) \(from.version) → \(to.name) \(to.version)"]
        if fields.isEmpty {
            lines.append("no field differs")
        } else {
            var table = Table("FIELD", "OLD", "NEW")
            for change in fields {
                table.append(change.path, change.old?.canonicalText ?? "(none)", change.new?.canonicalText ?? "(none)")
            }
            lines.append(table.render())
        }
        guard !motion.isEmpty else { return lines.joined(separator: "\n") }
        lines.append("\nmotion, 0…\(span.shortText) s:")
        var table = Table("PROPERTY", "LARGEST", "AT", "OLD", "NEW")
        for change in motion {
            table.append(change.property, change.largest.shortText, change.at.shortText, change.old.displayText, change.new.displayText)
        }
        lines.append(table.render())
        return lines.joined(separator: "\n")
    }
}

private extension Double {
    /// Up to 6 significant digits.
    var shortText: String { AnimatedValue.number(self).displayText }
}
