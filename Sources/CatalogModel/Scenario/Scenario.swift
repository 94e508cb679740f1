import Foundation

/// A scenario file (DESIGN §9): what happens to some objects over scene time — objects made at
/// t = 0, steps (`apply`, `send`, `set`) at scene times, and what is observed when — read from
/// YAML or JSON and checked where it enters: unknown fields, a wrong type or a time out of range
/// is refused naming the file, the field path and the rule.
///
/// ```swift
/// let scenario = try Scenario(text: """
///     scenario: typing
///     objects: [{id: email, type: textField, properties: {placeholder: Email}}]
///     steps: [{at: 0.1, send: textChanged, to: email, value: a}]
///     observe: {at: [0, 0.2], paths: [email, email/placeholderLabel], properties: [opacity]}
///     """, file: "typing.scenario.yaml")
/// scenario.steps.count   // 1
/// ```
package struct Scenario: Sendable, Hashable {
    /// An object made at t = 0, with the properties it starts with (as the file writes them;
    /// the object's type converts them as `prop set` does).
    package struct Object: Sendable, Hashable {
        package var id: String
        package var type: String
        package var properties: [String: JSONValue]
    }

    /// What a step does.
    package enum Action: Sendable, Hashable {
        /// `apply: NAME, to: ID | [ID], roles: {SLOT: ID}, params: {NAME: VALUE}`.
        case apply(component: String, to: [String], roles: [String: String], parameters: [String: String])
        /// `send: EVENT, to: ID, value: V`.
        case send(event: String, to: String, value: JSONValue?)
        /// `set: {object: ID, key: KEY, value: V}` (`null` removes it).
        case set(object: String, key: String, value: JSONValue)
    }

    /// A step at a scene time; steps at one time run in file order.
    package struct Step: Sendable, Hashable {
        package var at: Double
        package var action: Action

        package init(at: Double, action: Action) {
            self.at = at
            self.action = action
        }
    }

    /// What is read when: paths are `OBJECT` or `OBJECT/CHILD`.
    package struct Observation: Sendable, Hashable {
        package var times: [Double]
        package var paths: [String]
        package var properties: [String]
    }

    package var name: String
    package var reducedMotion: Bool
    /// Definition files (relative to the scenario) or catalog names.
    package var components: [String]
    package var objects: [Object]
    package var steps: [Step]
    package var observe: Observation

    /// Observed times at most: the frames one `sample` evaluates.
    static let maximumTimes = NumericLimits.maximumFrames

    /// Reads a scenario from YAML or JSON text.
    package init(text: String, file: String) throws(DefinitionError) {
        try self.init(json: try DefinitionDecoder.parse(text: text, file: file), file: file)
    }

    package init(json: JSONValue, file: String) throws(DefinitionError) {
        let reader = ScenarioReader(file: file)
        let root = try reader.object(json, at: FieldPath())
        try reader.only(root, ["scenario", "reducedMotion", "components", "objects", "steps", "observe"], at: FieldPath())
        name = try reader.string(root["scenario"], at: FieldPath("scenario"))
        reducedMotion = try root["reducedMotion"].map { (value) throws(DefinitionError) in try reader.bool(value, at: FieldPath("reducedMotion")) } ?? false
        components = try reader.strings(root["components"] ?? [], at: FieldPath("components"))
        objects = []
        var ids = Set<String>()
        for (index, item) in try reader.array(root["objects"] ?? [], at: FieldPath("objects")).enumerated() {
            let path = FieldPath("objects").appending(index: index)
            let members = try reader.object(item, at: path)
            try reader.only(members, ["id", "type", "properties"], at: path)
            let id = try reader.string(members["id"], at: path.appending("id"))
            guard ids.insert(id).inserted else {
                throw DefinitionError(file: file, path: path.appending("id").description, rule: "names \(id) again: ids are unique")
            }
            let properties = try reader.object(members["properties"] ?? [:], at: path.appending("properties"))
            objects.append(
                Object(
                    id: id, type: try reader.string(members["type"], at: path.appending("type")),
                    properties: properties))
        }
        steps = []
        for (index, item) in try reader.array(root["steps"] ?? [], at: FieldPath("steps")).enumerated() {
            let path = FieldPath("steps").appending(index: index)
            let step = try reader.step(item, at: path)
            if let last = steps.last, step.at < last.at {
                throw DefinitionError(
                    file: file, path: path.appending("at").description,
                    rule: "is before the step above it (\(JSONValue.numberText(last.at))): steps are in time order")
            }
            steps.append(step)
        }
        observe = try reader.observation(root["observe"], at: FieldPath("observe"))
    }
}

/// The checks a scenario's fields go through, each error naming the file and the field.
struct ScenarioReader {
    let file: String

    func fail(_ path: FieldPath, _ rule: String) -> DefinitionError { DefinitionError(file: file, path: path.description, rule: rule) }

    func object(_ value: JSONValue?, at path: FieldPath) throws(DefinitionError) -> [String: JSONValue] {
        guard case .object(let members)? = value else { throw fail(path, "must be an object") }
        return members
    }

    func array(_ value: JSONValue, at path: FieldPath) throws(DefinitionError) -> [JSONValue] {
        guard case .array(let items) = value else { throw fail(path, "must be a list") }
        return items
    }

    func string(_ value: JSONValue?, at path: FieldPath) throws(DefinitionError) -> String {
        guard case .string(let text)? = value, !text.isEmpty else { throw fail(path, value == nil ? "is required" : "must be text, not empty") }
        return text
    }

    func strings(_ value: JSONValue, at path: FieldPath) throws(DefinitionError) -> [String] {
        var result: [String] = []
        for (index, item) in try array(value, at: path).enumerated() { result.append(try string(item, at: path.appending(index: index))) }
        return result
    }

    func bool(_ value: JSONValue, at path: FieldPath) throws(DefinitionError) -> Bool {
        guard case .bool(let flag) = value else { throw fail(path, "must be true or false") }
        return flag
    }

    func time(_ value: JSONValue?, at path: FieldPath) throws(DefinitionError) -> Double {
        guard case .number(let seconds)? = value else { throw fail(path, value == nil ? "is required" : "must be a number of seconds") }
        if let problem = NumericLimits.problem(time: seconds, allowNegative: false) { throw fail(path, problem) }
        return seconds
    }

    func only(_ members: [String: JSONValue], _ allowed: Set<String>, at path: FieldPath) throws(DefinitionError) {
        if let unknown = members.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw fail(path.appending(unknown), "unknown field: allowed are " + allowed.sorted().joined(separator: ", "))
        }
    }

    /// Text for a parameter or a role as `apply` takes it (numbers as written, text as is).
    func text(_ value: JSONValue, at path: FieldPath) throws(DefinitionError) -> String {
        switch value {
        case .string(let text): return text
        case .number, .bool, .array: return value.canonicalText
        default: throw fail(path, "must be text, a number, true or false, or a list of numbers")
        }
    }

    func step(_ value: JSONValue, at path: FieldPath) throws(DefinitionError) -> Scenario.Step {
        let members = try object(value, at: path)
        let at = try time(members["at"], at: path.appending("at"))
        let kinds = ["apply", "send", "set"].filter { members[$0] != nil }
        guard kinds.count == 1, let kind = kinds.first else {
            throw fail(path, "needs one of apply, send or set" + (kinds.count > 1 ? " (found \(kinds.joined(separator: ", ")))" : ""))
        }
        switch kind {
        case "apply":
            try only(members, ["at", "apply", "to", "roles", "params"], at: path)
            var targets: [String] = []
            if let to = members["to"] {
                targets = if case .array = to { try strings(to, at: path.appending("to")) } else { [try string(to, at: path.appending("to"))] }
            }
            var roles: [String: String] = [:]
            for (slot, id) in try object(members["roles"] ?? [:], at: path.appending("roles")) {
                roles[slot] = try string(id, at: path.appending("roles").appending(slot))
            }
            var parameters: [String: String] = [:]
            for (name, raw) in try object(members["params"] ?? [:], at: path.appending("params")) {
                parameters[name] = try text(raw, at: path.appending("params").appending(name))
            }
            guard !targets.isEmpty || !roles.isEmpty else { throw fail(path, "an apply needs to or roles") }
            return .init(
                at: at, action: .apply(component: try string(members["apply"], at: path.appending("apply")), to: targets, roles: roles, parameters: parameters))
        case "send":
            try only(members, ["at", "send", "to", "value"], at: path)
            return .init(
                at: at,
                action: .send(
                    event: try string(members["send"], at: path.appending("send")), to: try string(members["to"], at: path.appending("to")),
                    value: members["value"]))
        default:
            try only(members, ["at", "set"], at: path)
            let set = try object(members["set"], at: path.appending("set"))
            try only(set, ["object", "key", "value"], at: path.appending("set"))
            guard let value = set["value"] else { throw fail(path.appending("set").appending("value"), "is required (null removes the property)") }
            return .init(
                at: at,
                action: .set(
                    object: try string(set["object"], at: path.appending("set").appending("object")),
                    key: try string(set["key"], at: path.appending("set").appending("key")), value: value))
        }
    }

    func observation(_ value: JSONValue?, at path: FieldPath) throws(DefinitionError) -> Scenario.Observation {
        let members = try object(value, at: path)
        try only(members, ["at", "paths", "properties"], at: path)
        var times: [Double] = []
        switch members["at"] {
        case .array(let items)?:
            for (index, item) in items.enumerated() { times.append(try time(item, at: path.appending("at").appending(index: index))) }
        case .object(let span)?:
            let at = path.appending("at")
            try only(span, ["from", "to", "step"], at: at)
            let from = try time(span["from"], at: at.appending("from")), to = try time(span["to"], at: at.appending("to"))
            let step = try time(span["step"], at: at.appending("step"))
            guard step > 0 else { throw fail(at.appending("step"), "must be above 0") }
            guard to >= from else { throw fail(at.appending("to"), "is before from") }
            let count = ((to - from) / step + 1e-9).rounded(.down) + 1
            guard count <= Double(Scenario.maximumTimes) else { throw fail(at, "observes \(Int(count)) times: at most \(Scenario.maximumTimes)") }
            // Each time from its index: no drift from adding the step again and again.
            times = (0..<Int(count)).map { from + Double($0) * step }
        default:
            throw fail(path.appending("at"), "must be a list of times, or {from, to, step}")
        }
        guard times.count <= Scenario.maximumTimes else { throw fail(path.appending("at"), "observes \(times.count) times: at most \(Scenario.maximumTimes)") }
        return Scenario.Observation(
            times: times, paths: try strings(members["paths"] ?? [], at: path.appending("paths")),
            properties: try strings(members["properties"] ?? [], at: path.appending("properties")))
    }
}
