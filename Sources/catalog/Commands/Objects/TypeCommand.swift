import ArgumentParser
import CatalogKit

struct TypeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "type", abstract: "Declare custom object types and list every type with its properties.",
        subcommands: [TypeDeclare.self, TypeList.self])
}

struct TypeDeclare: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "declare", abstract: "Declare (or redeclare) a custom type with its properties.",
        discussion: "Each property is NAME:TYPE, TYPE one of number, string, bool, url, color, point, size, rect, transform, object, json.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The type name.") var name: String
    @Argument(help: "Properties, NAME:TYPE.") var properties: [String] = []
    @Option(parsing: .unconditional, help: "Scene time in seconds.") var at: Double?

    func validate() throws {
        for property in properties {
            let parts = property.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, ValueType(rawValue: parts[1]) != nil else {
                throw ValidationError(
                    "a property is NAME:TYPE with TYPE one of \(ValueType.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(property)\"")
            }
        }
    }

    func run() throws {
        var declared: [String: ValueType] = [:]
        for property in properties {
            let parts = property.split(separator: ":", maxSplits: 1).map(String.init)
            declared[parts[0]] = ValueType(rawValue: parts[1])!
        }
        try global.open().types.declare(name, properties: declared, at: at)
        print("declared \(name): \(declared.keys.sorted().map { "\($0) \(declared[$0]!.rawValue)" }.joined(separator: ", "))")
    }
}

struct TypeList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Built-in and declared types with their properties.")

    @OptionGroup var global: GlobalOptions
    @Option(help: "Output format: table or json.") var format: OutputFormat = .table

    func run() throws {
        let declared = try global.open(forReading: true).types.list()
        let all = ObjectType.builtIn.values.sorted { $0.name < $1.name }.map { ($0, true) } + declared.map { ($0, false) }
        switch format {
        case .json:
            printJSON(
                .array(
                    all.map { type, builtIn in
                        ["name": .string(type.name), "builtIn": .bool(builtIn), "properties": .object(type.properties.mapValues { .string($0.rawValue) })]
                    }))
        case .table:
            var table = Table("TYPE", "KIND", "PROPERTIES")
            for (type, builtIn) in all {
                table.append(type.name, builtIn ? "built-in" : "declared", type.properties.keys.sorted().joined(separator: ","))
            }
            print(table.render())
        }
    }
}
