import CatalogModel
internal import CatalogStore

/// How a folded scene is kept as snapshot rows: one canonical JSON text per object —
///
/// ```json
/// {"type": "cell", "model": {"frame": {"type": "rect", "value": [0, 0, 320, 44]}},
///  "running": [{"component": "bounce-select", "version": "1.0.0", "parameters": {…}, "start": 0, "reduced": false}],
///  "scheduled": [{"t": 0.5, "key": "alpha", "type": "number", "value": 1}]}
/// ```
///
/// Values carry their types and animations their sources (component version and parameters, or
/// the inline body), so reading a row back resolves the same animations a fold of the log does
/// and the text of a re-encoded row is byte-identical.
extension SceneSnapshot {
    /// The scene as snapshot rows, in id order.
    package func storedRows() throws -> [(id: String, state: String, running: Int)] {
        try objects.keys.sorted().map { ($0, try objects[$0]!.storedState().canonicalText, objects[$0]!.running.count) }
    }

    /// The rows of a snapshot read back into a scene, resolving the running animations.
    init(storedRows rows: [(id: String, state: String)], resolve: Resolver) throws {
        for row in rows { objects[row.id] = try Object(id: row.id, storedState: row.state, resolve: resolve) }
    }
}

/// One snapshot row as stored, typed: written and read through the one encoder of the log's
/// payloads (``JSONValueEncoder``), so a row read back and written again is the same text.
struct SnapshotRow: Codable {
    /// A value with its type's name (`{"type": "rect", "value": [0, 0, 320, 44]}`).
    struct TypedValue: Codable {
        var type: String
        var value: JSONValue
    }

    /// A running animation: its source (a component version and its parameters, or an inline
    /// body), when it started and whether it plays reduced.
    struct Running: Codable {
        var start: Double
        var reduced: Bool?
        var inline: JSONValue?
        var component: String?
        var version: String?
        var parameters: [String: JSONValue]?
    }

    /// A property a chain will set at scene time `t`.
    struct Scheduled: Codable {
        var t: Double
        var key: String
        var type: String
        var value: JSONValue
    }

    var type: String
    var model: [String: TypedValue]?
    var running: [Running]?
    var scheduled: [Scheduled]?
}

extension SceneSnapshot.Object {
    var storedRow: SnapshotRow {
        let running = sources.map { source -> SnapshotRow.Running in
            var entry = SnapshotRow.Running(start: source.start, reduced: source.playsReduced)
            switch source.animation {
            case .inline(let body, _):
                entry.inline = body
            case .component(let name, let version, let parameters, _):
                (entry.component, entry.version, entry.parameters) = (name, version, parameters)
            }
            return entry
        }
        let scheduled = self.scheduled.map { SnapshotRow.Scheduled(t: $0.time, key: $0.key, type: $0.value.type.rawValue, value: $0.value.jsonValue) }
        return SnapshotRow(
            type: type, model: model.mapValues { SnapshotRow.TypedValue(type: $0.type.rawValue, value: $0.jsonValue) },
            running: running, scheduled: scheduled)
    }

    func storedState() throws -> JSONValue { try JSONValueEncoder().encode(storedRow) }

    /// ``storedState()``'s canonical text. An object with no animations and no scheduled sets —
    /// most of a large scene — is written directly (a snapshot of a million objects spent a
    /// quarter of its time in the generic encoder); any other goes through the encoder. Tests
    /// hold the two to the same bytes.
    func storedStateText() throws -> String {
        guard running.isEmpty, sources.isEmpty, scheduled.isEmpty else { return try storedState().canonicalText }
        // {"model": {key: {"type", "value"}}, "running", "scheduled", "type"}: keys in canonical order.
        var text = "{\"model\":{"
        for (index, key) in model.keys.sorted().enumerated() {
            let value = model[key]!
            if index > 0 { text += "," }
            JSONValue.writeString(key, into: &text)
            text += ":{\"type\":"
            JSONValue.writeString(value.type.rawValue, into: &text)
            text += ",\"value\":" + value.jsonValue.canonicalText + "}"
        }
        text += "},\"running\":[],\"scheduled\":[],\"type\":"
        JSONValue.writeString(type, into: &text)
        return text + "}"
    }

    /// Reads a row written by ``storedState()``; a row that is not one is ``SnapshotRowError``.
    init(id: String, storedState text: String, resolve: SceneSnapshot.Resolver) throws {
        func damaged(_ problem: String) -> SnapshotRowError { SnapshotRowError(object: id, problem: problem) }
        func value(_ typed: SnapshotRow.TypedValue, at path: String) throws -> PropertyValue {
            guard let type = ValueType(rawValue: typed.type) else { throw damaged("\(path): unknown type \(typed.type)") }
            do { return try PropertyValue(json: typed.value, as: type) } catch { throw damaged("\(path): \(error)") }
        }
        let row: SnapshotRow
        do { row = try JSONValueDecoder().decode(SnapshotRow.self, from: try JSONReader.read(text)) } catch {
            throw damaged((error as? DecodingError)?.pathDescription ?? "\(error)")
        }
        self.init(id: id, type: row.type)
        for (key, entry) in row.model ?? [:] { model[key] = try value(entry, at: "model.\(key)") }
        for (index, entry) in (row.running ?? []).enumerated() {
            guard
                let animation = EventChange.Animation(
                    inline: entry.inline, component: entry.component, version: entry.version,
                    parameters: entry.parameters, offset: 0)
            else {
                throw damaged("running[\(index)]: neither a component and version nor an inline body")
            }
            let source = SceneSnapshot.AnimationSource(animation: animation, start: entry.start, playsReduced: entry.reduced == true)
            running.append(try source.running(resolve: resolve))
            sources.append(source)
        }
        for (index, entry) in (row.scheduled ?? []).enumerated() {
            scheduled.append((entry.t, entry.key, try value(SnapshotRow.TypedValue(type: entry.type, value: entry.value), at: "scheduled[\(index)]")))
        }
    }
}

/// A snapshot row that cannot be read back: named, so `replay --verify` and the reader say which.
///
/// ```swift
/// do { _ = try catalog.state(of: "cell-1") }
/// catch let error as SnapshotRowError { print(error.object, error.problem) }
/// ```
package struct SnapshotRowError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The object whose row it is.
    package var object: String
    /// What is wrong with the row.
    package var problem: String
    package init(object: String, problem: String) {
        self.object = object
        self.problem = problem
    }
    /// Which row, and why it cannot be read.
    package var description: String { "the snapshot row of '\(object)' cannot be read (\(problem))" }
}
