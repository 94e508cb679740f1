import ArgumentParser
import CatalogKit
import Foundation

/// `NAME[@VERSION]` read by argument-parser (see ``ComponentReference``).
extension ComponentReference: ExpressibleByArgument {
    public init?(argument: String) {
        guard !argument.isEmpty, !argument.hasPrefix("@") else { return nil }
        self.init(argument)
    }

    public static var defaultCompletionKind: CompletionKind { DatabaseCompletion.components() }
}

/// `NAME=VALUE` of `--param` and `--role`: split at the first `=`; the value may be empty or
/// hold more `=`. Text without `=`, or with nothing before it, is refused by the parser,
/// naming the option.
///
/// ```swift
/// KeyValue(argument: "rect=0,0,120,40")   // key "rect", value "0,0,120,40"
/// ```
struct KeyValue: ExpressibleByArgument, Hashable {
    var key: String
    var value: String

    init?(argument: String) {
        // Scalars, not characters: `=` followed by a combining mark is one character.
        let scalars = argument.unicodeScalars
        guard let equals = scalars.firstIndex(of: "="), equals != scalars.startIndex else { return nil }
        key = String(scalars[..<equals])
        value = String(scalars[scalars.index(after: equals)...])
    }

    static var defaultValueDescription: String { "NAME=VALUE" }

    /// The pairs as a dictionary; a key given twice keeps its last value, as options do.
    static func dictionary(_ pairs: [KeyValue]) -> [String: String] {
        Dictionary(pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }
}

/// The times an `--at` option takes: a list (`0,0.05,0.1`), `@FILE` or `-` (standard input),
/// for lists too long for a command line. `sample` and `replay` read them the same way.
enum TimeList {
    static func read(_ given: String) throws -> [Double] {
        if given == "-" {
            return try SampleTimes.list(String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self), separatedByWhitespace: true)
        }
        if given.hasPrefix("@") {
            let path = String(given.dropFirst())
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CommandFailure("--at @\(path): cannot read \(path)", code: .cannotReadFile, fields: ["file": .string(path)])
            }
            return try SampleTimes.list(String(decoding: data, as: UTF8.self), separatedByWhitespace: true)
        }
        return try SampleTimes.list(given)
    }
}

/// `--box W,H`: the reference box `translate()` percentages resolve against where no object
/// gives one (`sample`, `plot`, `export`).
struct ReferenceBoxOption: ParsableArguments {
    @Option(
        name: .customLong("box"),
        help: ArgumentHelp("The reference box translate() percentages resolve against, in px (an object's size where it is applied).", valueName: "W,H"),
        transform: { text in
            do throws(CSSValueError) { return try ReferenceBox(parsing: text) } catch { throw ValidationError("--box: \(error.message)") }
        })
    var box: ReferenceBox?
}

/// `--context MODIFIER=CONTEXT`: the context of a DTCG resolver's modifier that token sets
/// resolve in (repeatable; each set's own context otherwise).
struct TokenContextOption: ParsableArguments {
    @Option(
        name: .customLong("context"),
        help: ArgumentHelp(
            "Resolve token references in this context of a token set's resolver modifier (repeatable; the sets' own otherwise).",
            valueName: "modifier=context"))
    var contexts: [String] = []

    /// Modifier → context.
    func chosen() throws -> [String: String] {
        var chosen: [String: String] = [:]
        for context in contexts {
            let parts = context.unicodeScalars.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { throw ValidationError("--context takes MODIFIER=CONTEXT, not \(context)") }
            guard chosen[parts[0]] == nil || chosen[parts[0]] == parts[1] else { throw ValidationError("--context gives the modifier \(parts[0]) twice") }
            chosen[parts[0]] = parts[1]
        }
        return chosen
    }

    func validate() throws { _ = try chosen() }
}
