import ArgumentParser
import CatalogKit
import CatalogRemote
import Foundation

struct Update: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Take a registry component's newest version, after showing its diff.",
        discussion: """
            Fetches the newest item of NAME's registry (as catalog.lock records it) and what it \
            depends on, each checked as add checks it, then shows what would change — catalog \
            diff's fields and largest sampled difference — and asks before writing (--yes does \
            not ask; without a yes nothing is written). The new version and its dependencies are \
            added in one transaction and the lock records them.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "A component catalog.lock names.") var name: String
    @Flag(help: "Write without asking.") var yes = false
    @Option(help: "Output format: table or json ({\"diff\", \"outcomes\"}; errors as JSON too).") var format: OutputFormat = .table

    func run() throws {
        let installer = try RegistryInstaller(folder: FileManager.default.currentDirectoryPath)
        let fetched = try blocking { try await installer.resolveUpdate(name) }
        guard let newest = fetched.last else { return }
        let catalog = try global.open()
        var diff: ComponentDiff?
        if let local = try catalog.components.get(name) {
            guard local.contentHash != newest.definition.contentHash else {
                return report(["outcomes": []], "\(name) \(local.version) is the registry's newest")
            }
            diff = try catalog.diff("\(name)@\(local.version)", draft: newest.definition, source: newest.url)
        }
        if format == .table, let diff { print(diff.tableText + "\n") }
        // What it depends on that this catalog lacks or holds otherwise, named in the question.
        var with: [String] = []
        for one in fetched.dropLast() where try catalog.components.get(one.definition.name)?.contentHash != one.definition.contentHash {
            with.append("\(one.definition.name) \(one.definition.version)")
        }
        let question = "add \(name) \(newest.definition.version)\(with.isEmpty ? "" : " with \(with.joined(separator: ", "))")?"
        guard yes || confirmed(question) else {
            return report(["diff": diff?.json ?? .null, "outcomes": []], "nothing was written")
        }
        let outcomes = try installer.add(fetched, to: catalog)
        switch format {
        case .table: printOutcomes(outcomes, from: fetched.map(\.url), format: .table)
        case .json: printJSON(["diff": diff?.json ?? .null, "outcomes": .array(zip(outcomes, fetched).map { $0.json(from: $1.url) })])
        }
    }

    /// A yes from standard input (`y` or `yes`); the question goes to stderr, so that stdout
    /// holds only the diff and what was done.
    private func confirmed(_ question: String) -> Bool {
        FileHandle.standardError.write(Data("\(question) [y/N] ".utf8))
        let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
        return answer == "y" || answer == "yes"
    }

    private func report(_ json: JSONValue, _ text: String) {
        switch format {
        case .table: print(text)
        case .json: printJSON(json)
        }
    }
}
