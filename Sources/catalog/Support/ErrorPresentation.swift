import ArgumentParser
import CatalogKit
import CatalogKitPostgres
import Foundation

/// A failed command as the command line shows it: the message for people, the code and fields
/// a script reads (`--format json`), and the exit status.
struct PresentedError {
    var message: String
    var code: ErrorCode
    var fields: [String: JSONValue]

    /// 64 for a usage error (as `sysexits.h` has it), 1 for every other failure.
    var exitStatus: Int32 { code == .usage ? ExitCode.validationFailure.rawValue : ExitCode.failure.rawValue }

    /// `{"error": {"code", "message", …fields}}`, one line.
    var json: String {
        var body = fields
        body["code"] = .string(code.rawValue)
        body["message"] = .string(message)
        return JSONValue.object(["error": .object(body)]).canonicalText
    }
}

/// How the command line words the library's typed errors: the library says what is wrong, in
/// its own terms; here the option or command that fixes it is added (`--role SLOT=ID`,
/// `catalog object add …`), since only the command line knows its options.
enum ErrorPresentation {
    /// The error as shown; nil for what argument-parser shows itself (`--help`, a clean exit).
    /// - Parameter endOption: how the command names the last frame's time (`--to`, `--until`).
    static func present(_ error: any Error, endOption: String = "--to") -> PresentedError? {
        if let error = error as? any CatalogError {
            return PresentedError(message: text(error, endOption: endOption), code: error.code, fields: error.fields)
        }
        let status = CatalogCommand.exitCode(for: error)
        guard status != .success else { return nil }
        let message = CatalogCommand.message(for: error)
        guard !message.isEmpty else { return nil }
        return PresentedError(message: message, code: status == .validationFailure ? .usage : .unexpected, fields: [:])
    }

    /// The text for a library error: its own, with the command line's hints.
    static func text(_ error: any CatalogError, endOption: String = "--to") -> String {
        switch error {
        case let error as SceneError: text(error)
        case let error as StoreError: text(error)
        case let error as SampleTimes.Error: text(error, endOption: endOption)
        case let error as SnapshotRowError: "\(error): run `catalog replay --verify`"
        case let error as ExportError where error.code == .unknownComponent: "\(error): `catalog list` shows the catalog"
        case StoreArchive.RefusalError.notEmpty(let path, let events):
            "\(path) already holds \(events) events: store import rebuilds a store from nothing; give --db a new database"
        case PostgresStoreError.unknownDatabase(let server, let database):
            "PostgreSQL at \(server) has no database '\(database)': create it first (createdb \(database)) or name another in --db"
        default: error.description
        }
    }

    static func text(_ error: StoreError) -> String {
        switch error {
        case .unknownObject(let id) where !ObjectID.isValid(id): StoreError.invalidObjectID(id).description
        case .unknownObject(let id): "\(error): create it with `catalog object add \(id) --type TYPE`"
        case .unknownComponent: "\(error): `catalog list` shows what is there"
        case .ownsItself: "\(error): name another --owner"
        case .damagedSnapshot(let seq):
            "the snapshot at event \(seq) is damaged (its rows do not match its hash): run `catalog replay --verify`, then `catalog snapshot` to take a fresh one"
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
        let option = switch error.field {
        case .at: "--at"
        case .from: "--from"
        case .to: endOption
        case .fps: "--fps"
        }
        return switch error.problem {
        case .notANumber(let part): "--at takes seconds separated by commas; \"\(part)\" is not a number"
        case .outOfRange(let text, let rule): "\(option) \(text): \(rule)"
        case .rate: "--fps must be a positive number of frames per second"
        case .endless: "the animation never ends (it repeats forever, or its speed is 0): give \(endOption)"
        case .endBeforeStart(let start, let end): "\(endOption) (\(end)) is before --from (\(start))"
        case .tooManyFrames(let count):
            "that is \(JSONValue.numberText(count)) frames, more than \(NumericLimits.maximumFrames); sample fewer (lower --fps or a shorter span)"
        case .decreasing: error.description
        }
    }
}

/// A command whose output a program may read: with `--format json` (or `jsonl`), its errors
/// are one JSON object on stderr too.
protocol MachineReadableOutput {
    var printsJSON: Bool { get }
    /// How the command names the last frame's time in its errors (`--to`, `--until`).
    var endOption: String { get }
}

extension MachineReadableOutput {
    var endOption: String { "--to" }
}

/// An error the command line words itself (a file it cannot write, a version a component never
/// had), with a code like the library's errors.
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
}

// The commands that print for programs, and whether this run does.
extension List: MachineReadableOutput { var printsJSON: Bool { format != .table } }
extension Show: MachineReadableOutput { var printsJSON: Bool { format == .json } }
extension Search: MachineReadableOutput { var printsJSON: Bool { format == .json } }
extension History: MachineReadableOutput { var printsJSON: Bool { format == .json } }
extension Sample: MachineReadableOutput { var printsJSON: Bool { format == .json } }
extension Migrate: MachineReadableOutput { var printsJSON: Bool { format == .json } }
extension ObjectList: MachineReadableOutput { var printsJSON: Bool { format != .table } }
extension ObjectShow: MachineReadableOutput { var printsJSON: Bool { format == .json } }
extension TypeList: MachineReadableOutput { var printsJSON: Bool { format == .json } }
extension PropGet: MachineReadableOutput { var printsJSON: Bool { format == .json } }
extension PropList: MachineReadableOutput { var printsJSON: Bool { format == .json } }
extension Apply: MachineReadableOutput { var printsJSON: Bool { format == .json } }
extension Send: MachineReadableOutput { var printsJSON: Bool { format == .json } }
extension State: MachineReadableOutput { var printsJSON: Bool { format == .json } }
extension Log: MachineReadableOutput { var printsJSON: Bool { format != .table } }
extension Snapshot: MachineReadableOutput { var printsJSON: Bool { format == .json } }
extension Replay: MachineReadableOutput {
    var printsJSON: Bool { format == .json }
    var endOption: String { "--until" }
}
