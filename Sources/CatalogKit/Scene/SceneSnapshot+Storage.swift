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
    func storedRows() -> [(id: String, state: String, running: Int)] {
        objects.keys.sorted().map { ($0, objects[$0]!.storedState.canonicalText, objects[$0]!.running.count) }
    }

    /// The rows of a snapshot read back into a scene, resolving the running animations.
    init(storedRows rows: [(id: String, state: String)], resolve: Resolver) throws {
        for row in rows { objects[row.id] = try Object(id: row.id, storedState: row.state, resolve: resolve) }
    }
}

extension SceneSnapshot.Object {
    var storedState: JSONValue {
        let running = sources.map { source -> JSONValue in
            var members: [String: JSONValue] = ["start": .number(source.start), "reduced": .bool(source.playsReduced)]
            switch source.animation {
            case .inline(let body, _):
                members["inline"] = body
            case .component(let name, let version, let parameters, _):
                members["component"] = .string(name)
                members["version"] = .string(version)
                members["parameters"] = .object(parameters)
            }
            return .object(members)
        }
        let scheduled = self.scheduled.map { set -> JSONValue in
            ["t": .number(set.time), "key": .string(set.key), "type": .string(set.value.type.rawValue), "value": set.value.jsonValue]
        }
        return ["type": .string(type), "model": .object(model.mapValues(Self.typed)), "running": .array(running), "scheduled": .array(scheduled)]
    }

    private static func typed(_ value: PropertyValue) -> JSONValue {
        ["type": .string(value.type.rawValue), "value": value.jsonValue]
    }

    /// Reads a row written by ``storedState``; a row that is not one is ``SnapshotRowError``.
    init(id: String, storedState text: String, resolve: SceneSnapshot.Resolver) throws {
        func damaged(_ problem: String) -> SnapshotRowError { SnapshotRowError(object: id, problem: problem) }
        func value(_ json: JSONValue?, at path: String) throws -> PropertyValue {
            guard let typeName = json?["type"]?.stringValue, let type = ValueType(rawValue: typeName), let raw = json?["value"] else {
                throw damaged("\(path): no type and value")
            }
            do { return try PropertyValue(json: raw, as: type) } catch { throw damaged("\(path): \(error)") }
        }
        let state: JSONValue
        do { state = try JSONReader.read(text) } catch { throw damaged("\(error)") }
        guard let type = state["type"]?.stringValue else { throw damaged("no type") }
        self.init(id: id, type: type)
        for (key, entry) in state["model"]?.objectValue ?? [:] { model[key] = try value(entry, at: "model.\(key)") }
        for (index, entry) in (state["running"]?.arrayValue ?? []).enumerated() {
            guard let start = entry["start"]?.numberValue else { throw damaged("running[\(index)]: no start") }
            let animation: EventChange.Animation
            if let body = entry["inline"] {
                animation = .inline(body, offset: 0)
            } else if let name = entry["component"]?.stringValue, let version = entry["version"]?.stringValue {
                animation = .component(name: name, version: version, parameters: entry["parameters"]?.objectValue ?? [:], offset: 0)
            } else {
                throw damaged("running[\(index)]: neither a component and version nor an inline body")
            }
            let source = SceneSnapshot.AnimationSource(animation: animation, start: start, playsReduced: entry["reduced"]?.boolValue == true)
            running.append(try source.running(resolve: resolve))
            sources.append(source)
        }
        for (index, entry) in (state["scheduled"]?.arrayValue ?? []).enumerated() {
            guard let time = entry["t"]?.numberValue, let key = entry["key"]?.stringValue else { throw damaged("scheduled[\(index)]: no t and key") }
            scheduled.append((time, key, try value(entry, at: "scheduled[\(index)]")))
        }
    }
}

/// A snapshot row that cannot be read back: named, so `replay --verify` and the reader say which.
public struct SnapshotRowError: Error, Sendable, Hashable, CustomStringConvertible {
    public var object: String
    public var problem: String
    package init(object: String, problem: String) {
        self.object = object
        self.problem = problem
    }
    public var description: String { "the snapshot row of '\(object)' cannot be read (\(problem))" }
}
