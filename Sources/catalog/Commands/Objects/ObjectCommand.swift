import ArgumentParser
import CatalogKit

struct ObjectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "object", abstract: "Create, list, show and remove objects.",
        subcommands: [ObjectAdd.self, ObjectList.self, ObjectShow.self, ObjectRemove.self])
}

struct ObjectAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Create an object; with --owner it is deleted with its last owner.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "A stable id of your choice, e.g. cell-42.") var id: String
    @Option(help: "The object's type: layer, view, label, textField, cell, node or your own.") var type: String
    @Option(help: "An owning object (repeatable).", completion: DatabaseCompletion.objects()) var owner: [String] = []
    @Option(parsing: .unconditional, help: "Scene time in seconds (default: the time of the last event).") var at: Double?

    func validate() throws {
        guard ObjectID.isValid(id) else { throw ValidationError("object id '\(id)' \(ObjectID.rule)") }
    }

    func run() throws {
        try global.open().objects.add(id: id, type: type, owners: owner, at: at)
        print("added \(type) \(id)")
    }
}

struct ObjectList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List objects, by id.",
        discussion: "Rows print as they are read; page with --limit and --after (the last id of the previous page).")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case table, json, jsonl
    }

    @OptionGroup var global: GlobalOptions
    @Option(help: "Only objects whose id sorts after this one (before it with --reverse).") var after: String?
    @Flag(help: "Last id first.") var reverse = false
    @Option(parsing: .unconditional, help: "At most this many objects.") var limit: Int?
    @Option(help: "Output format: table, json or jsonl (one object per line).") var format: Format = .table

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit takes 0 or more, not \(limit)") }
    }

    func run() throws {
        let objects = try global.open(forReading: true).objects
        switch format {
        case .json:
            var all: [JSONValue] = []
            try objects.forEach(after: after, limit: limit, reverse: reverse) { all.append($0.jsonValue) }
            printJSON(.array(all))
        case .jsonl:
            var output = BufferedOutput()
            try objects.forEach(after: after, limit: limit, reverse: reverse) { output.write($0.jsonLine + "\n") }
            output.flush()
        case .table:
            var table = StreamingTable("ID", "TYPE", "OWNERS")
            try objects.forEach(after: after, limit: limit, reverse: reverse) { table.append([$0.id, $0.type, $0.owners.joined(separator: ",")]) }
            table.finish()
        }
    }
}

struct ObjectShow: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show an object, its owners and properties.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "Object id.", completion: DatabaseCompletion.objects()) var id: String
    @Option(help: "Output format: table or json.") var format: OutputFormat = .table

    func run() throws {
        let described = try global.open(forReading: true).objects.describe(id)
        switch format {
        case .json:
            printJSON(described.jsonValue)
        case .table:
            let object = described.object
            print("\(object.id) (\(object.type))")
            if !object.owners.isEmpty { print("owners: \(object.owners.joined(separator: ", "))") }
            if !described.properties.isEmpty { print(propertyTable(described.properties)) }
        }
    }
}

struct ObjectRemove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Delete an object, its properties and what it alone owned.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "Object id.", completion: DatabaseCompletion.objects()) var id: String
    @Option(parsing: .unconditional, help: "Scene time in seconds (default: the time of the last event).") var at: Double?

    func run() throws {
        let removed = try global.open().objects.remove(id, at: at)
        print("removed " + removed.joined(separator: ", "))
    }
}

func propertyTable(_ properties: [Association]) -> String {
    var table = Table("KEY", "TYPE", "POLICY", "VALUE")
    for property in properties {
        table.append(property.key, property.value.type.rawValue, property.policy.rawValue, property.value.jsonValue.canonicalText)
    }
    return table.render()
}
