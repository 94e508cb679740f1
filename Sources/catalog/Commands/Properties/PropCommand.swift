import ArgumentParser
import CatalogKit

struct PropCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prop", abstract: "Associated properties: typed values attached to objects.",
        subcommands: [PropSet.self, PropGet.self, PropUnset.self, PropList.self, PropClear.self])
}

extension AssociationPolicy: ExpressibleByArgument {}
extension ValueType: ExpressibleByArgument {}
extension EventOperation: ExpressibleByArgument {}

struct PropSet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Set an associated property (null removes it).",
        discussion: """
            VALUE is read as JSON when it parses as JSON (0.5, true, "text", [1,2]), as an object \
            reference when written @id, else as a string. --type converts it to a declared type: \
            url, color (#rrggbb), point/size/rect (comma-separated numbers), transform (16 numbers).
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "Object id.", completion: DatabaseCompletion.objects()) var id: String
    @Argument(help: "Property key, e.g. hyperlink.url.") var key: String
    @Argument(help: "The value.") var value: String
    @Option(help: "retain (default), copy or weak.") var policy: AssociationPolicy = .retain
    @Option(help: "Convert VALUE to this type.") var type: ValueType?
    @Option(parsing: .unconditional, help: "Scene time in seconds (default: the time of the last event).") var at: Double?

    func run() throws {
        let parsed: PropertyValue?
        if let type, value != "null" {
            do {
                parsed = try PropertyValue(converting: value, to: type)
            } catch {
                throw CommandFailure(error, message: "value '\(value)' for \(key): \(error)")
            }
        } else {
            parsed = PropertyValue.fromCommandLine(value)
        }
        let catalog = try global.open()
        // One entry point with the library: decorated keys attach, parameter overrides are checked.
        let outcome: Catalog.PropertySetOutcome
        outcome = try catalog.setProperty(parsed, for: key, on: id, policy: policy, at: at)
        if let value = outcome.value {
            print("set \(key) on \(id): \(value.type.rawValue) \(value.jsonValue.canonicalText) (\(policy.rawValue))")
        } else {
            print("unset \(key) on \(id)")
        }
        if let name = outcome.attached { print("attached \(name) to \(id)") }
        if let copy = outcome.copyID { print("copied into \(copy)") }
        if !outcome.removed.isEmpty { print("released " + outcome.removed.joined(separator: ", ")) }
    }
}

struct PropGet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get", abstract: "Print an associated property; exit status 1 when absent.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "Object id.", completion: DatabaseCompletion.objects()) var id: String
    @Argument(help: "Property key.") var key: String
    @Option(help: "Output format: table or json.") var format: OutputFormat = .table

    func run() throws {
        try Self.print(key, on: id, of: global.open(forReading: true), format: format)
    }

    static func print(_ key: String, on id: String, of catalog: Catalog, format: OutputFormat) throws {
        let association = try catalog.properties.required(key, on: id)
        switch format {
        case .json: printJSON(association.jsonValue)
        case .table: Swift.print(association.value.jsonValue.canonicalText)
        }
    }
}

/// `prop get` read by ``PropGet/direct(_:)``: what it needs, as plain values, so that no
/// command type and none of its property wrappers is made (their names and help, built on
/// first use, were a tenth of the process).
struct DirectPropGet {
    var db: String?
    var id, key: String
    var format: OutputFormat

    func run() throws {
        try PropGet.print(key, on: id, of: GlobalOptions.open(db: db, forReading: true), format: format)
    }
}

extension PropGet {
    /// `[--db PATH] prop get ID KEY [--format F] [--db PATH]` read without ArgumentParser's
    /// parse, or nil for anything else (which then goes through it, help and errors included).
    /// `prop get` is the read scripts run in loops, and the parse — every command's arguments
    /// reflected, each property wrapper's type looked up through the runtime's protocol
    /// conformance tables — was half of its process's time (`catalog-bench cli_read_start`).
    static func direct(_ arguments: [String]) -> DirectPropGet? {
        var words: [String] = []
        var db: String?, format: OutputFormat?
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            func value() -> String? {
                index += 1
                return index < arguments.count && !arguments[index].hasPrefix("-") ? arguments[index] : nil
            }
            switch word {
            case "--db":
                guard db == nil, let given = value() else { return nil }
                db = given
            case "--format":
                guard format == nil, let given = value().flatMap(OutputFormat.init(rawValue:)) else { return nil }
                format = given
            default:
                guard !word.hasPrefix("-"), !word.isEmpty else { return nil }
                words.append(word)
            }
            index += 1
        }
        guard words.count == 4, words[0] == "prop", words[1] == "get" else { return nil }
        return DirectPropGet(db: db, id: words[2], key: words[3], format: format ?? .table)
    }
}

struct PropUnset: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unset", abstract: "Remove an associated property.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "Object id.", completion: DatabaseCompletion.objects()) var id: String
    @Argument(help: "Property key.") var key: String
    @Option(parsing: .unconditional, help: "Scene time in seconds (default: the time of the last event).") var at: Double?

    func run() throws {
        let removed = try global.open().unsetProperty(key, on: id, at: at)
        print("unset \(key) on \(id)")
        if !removed.isEmpty { print("released " + removed.joined(separator: ", ")) }
    }
}

struct PropList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List an object's associated properties.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "Object id.", completion: DatabaseCompletion.objects()) var id: String
    @Option(help: "Output format: table or json.") var format: OutputFormat = .table

    func run() throws {
        let properties = try global.open(forReading: true).properties.list(on: id)
        switch format {
        case .json: printJSON(.array(properties.map(\.jsonValue)))
        case .table: print(propertyTable(properties))
        }
    }
}

struct PropClear: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clear", abstract: "Remove all of an object's associated properties.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "Object id.", completion: DatabaseCompletion.objects()) var id: String
    @Option(parsing: .unconditional, help: "Scene time in seconds (default: the time of the last event).") var at: Double?

    func run() throws {
        let removed = try global.open().clearProperties(on: id, at: at)
        print("cleared \(id)")
        if !removed.isEmpty { print("released " + removed.joined(separator: ", ")) }
    }
}
