import ArgumentParser
import CatalogKit
import CatalogKitPostgres
import Foundation

/// How the command line words the library's typed errors: the library says what is wrong, in
/// its own terms; here the option or command that fixes it is added (`--role SLOT=ID`,
/// `catalog object add …`), since only the command line knows its options.
enum ErrorPresentation {
    /// The error as shown — the command line's words, the error's code and fields; nil for
    /// what argument-parser shows itself (`--help`, a clean exit).
    /// - Parameter endOption: how the command names the last frame's time (`--to`, `--until`).
    static func present(_ error: any Error, endOption: String = "--to") -> CommandFailure? {
        if let error = error as? any CatalogError {
            return CommandFailure(text(error, endOption: endOption), code: error.code, fields: error.fields)
        }
        let status = CatalogCommand.exitCode(for: error)
        guard status != .success else { return nil }
        let message = CatalogCommand.message(for: error)
        guard !message.isEmpty else { return nil }
        return CommandFailure(message, code: status == .validationFailure ? .usage : .unexpected)
    }

    /// The text for a library error: its own, with the command line's hints.
    static func text(_ error: any CatalogError, endOption: String = "--to") -> String {
        switch error {
        case let error as SceneError: text(error)
        case let error as StoreError: text(error)
        case let error as SampleTimes.Error: text(error, endOption: endOption)
        case ComponentLookupError.notFound: "\(error): `catalog list` shows the catalog"
        case ComponentLookupError.unknownVersion(let name, _): "\(error): `catalog history \(name)` lists the kept versions"
        case ComponentLookupError.removed(let name, let last): "\(error): `catalog show \(name)@\(last)`, `catalog history \(name)`"
        case let error as SnapshotRowError: "\(error): run `catalog replay --verify`"
        case StoreArchive.RefusalError.notEmpty: "\(error); give --db a new database"
        case let error where error.code == .unknownDatabase: "\(error) in --db"
        default: error.description
        }
    }

    static func text(_ error: StoreError) -> String {
        switch error {
        case .unknownObject(let id) where !ObjectID.isValid(id): StoreError.invalidObjectID(id).description
        case .unknownObject(let id): "\(error): create it with `catalog object add \(id) --type TYPE`"
        case .unknownComponent: "\(error): `catalog list` shows what is there"
        case .ownsItself: "\(error): name another --owner"
        case .damagedSnapshot: "\(error): run `catalog replay --verify`, then `catalog snapshot` to take a fresh one"
        default: error.description
        }
    }

    static func text(_ error: SceneError) -> String {
        switch error {
        case .noTargets(_, let kind): "name the objects to \(kind == .animation ? "animate" : "decorate") with --to ID[,ID…]"
        case .noRect(let layout): "\(layout) needs a rect: --param rect=x,y,w,h, or --to a container with bounds"
        case .nothingBound(let layout, let slots): "\(layout) lays out nothing: bind its slots with --role SLOT=ID (slots: \(slots.joined(separator: ", ")))"
        case .unboundRole(let chain, let role, let roles): "bind every role of \(chain): --role \(role)=ID (roles: \(roles.joined(separator: ", ")))"
        default: error.description
        }
    }

    /// Sample and frame times, named by the options that give them.
    static func text(_ error: SampleTimes.Error, endOption: String) -> String {
        error.message { field in
            switch field {
            case .at: "--at"
            case .from: "--from"
            case .to: endOption
            case .fps: "--fps"
            }
        }
    }
}

/// A command whose output a program may read: when its `--format` is `json` or `jsonl`, its
/// errors are one JSON object on stderr too.
protocol MachineReadableOutput {
    associatedtype Format: RawRepresentable<String>
    var format: Format { get }
    /// How the command names the last frame's time in its errors (`--to`, `--until`).
    var endOption: String { get }
}

extension MachineReadableOutput {
    var printsJSON: Bool { ErrorPresentation.isJSON(format.rawValue) }
    var endOption: String { "--to" }
}

extension ErrorPresentation {
    /// The output formats a program reads, whose errors are JSON too.
    static func isJSON(_ format: String) -> Bool { format == "json" || format == "jsonl" }
}

/// An error as the command line words it — its own (a file it cannot write, a version a
/// component never had) or a library error with the command line's hints — with a code like
/// the library's errors.
struct CommandFailure: CatalogError {
    var description: String
    var code: ErrorCode
    var fields: [String: JSONValue]

    init(_ description: String, code: ErrorCode, fields: [String: JSONValue] = [:]) {
        self.description = description
        self.code = code
        self.fields = fields
    }

    /// A library error worded again (naming the file, or what was not done): its code and fields kept.
    init(_ error: any Error, message: String) {
        let typed = error as? any CatalogError
        self.init(message, code: typed?.code ?? .unexpected, fields: typed?.fields ?? [:])
    }

    /// 64 for a usage error (as `sysexits.h` has it), 1 for every other failure.
    var exitStatus: Int32 { code == .usage ? ExitCode.validationFailure.rawValue : ExitCode.failure.rawValue }
}

// The commands that print for programs (`import --format` names its input's format: not one of them).
extension List: MachineReadableOutput {}
extension Add: MachineReadableOutput {}
extension TokensList: MachineReadableOutput {}
extension TokensShow: MachineReadableOutput {}
extension Install: MachineReadableOutput {}
extension Outdated: MachineReadableOutput {}
extension Update: MachineReadableOutput {}
extension Show: MachineReadableOutput {}
extension Search: MachineReadableOutput {}
extension History: MachineReadableOutput {}
extension Diff: MachineReadableOutput {}
extension Sample: MachineReadableOutput {}
extension Migrate: MachineReadableOutput {}
extension ObjectList: MachineReadableOutput {}
extension ObjectShow: MachineReadableOutput {}
extension TypeList: MachineReadableOutput {}
extension PropGet: MachineReadableOutput {}
extension DirectPropGet: MachineReadableOutput {}
extension PropList: MachineReadableOutput {}
extension Apply: MachineReadableOutput {}
extension Send: MachineReadableOutput {}
extension State: MachineReadableOutput {}
extension Log: MachineReadableOutput {}
extension Snapshot: MachineReadableOutput {}
extension Replay: MachineReadableOutput {
    var endOption: String { "--until" }
}
