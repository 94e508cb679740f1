import CatalogKit
import Hummingbird

/// The writes besides adding definitions, each with the write token: `PUT
/// /api/objects/ID/properties/KEY` (what `prop set` does) and `POST /api/apply` (what `apply
/// --format json` prints). Both go through the same `Catalog` calls as the commands, so the same
/// checks and errors hold.
struct WriteAPI {
    let catalog: Catalog
    let configuration: CatalogServer.Configuration

    func add(to router: Router<BasicRequestContext>) {
        let catalog = self.catalog, token = WriteToken(token: configuration.writeToken), limit = configuration.maximumBodyBytes
        let api = router.group("api")
        // Body: {"value": JSON (null removes), "type": a declared type to convert to, "policy", "at"}.
        api.put("objects/:id/properties/:key") { request, context -> Response in
            try token.check(request)
            let id = try context.parameters.decoded("id"), key = try context.parameters.decoded("key")
            let body = try await WriteBody(request, limit: limit, fields: ["value", "type", "policy", "at"])
            guard body.members["value"] != nil else { throw WriteBody.bad("request body: value is required (null removes the property)") }
            let policy = try body.string("policy").map { text throws -> AssociationPolicy in
                guard let policy = AssociationPolicy(rawValue: text) else {
                    throw WriteBody.bad("request body: policy must be retain, copy or weak, not \(text)")
                }
                return policy
            }
            let type = try body.string("type").map { text throws -> ValueType in
                guard let type = ValueType(rawValue: text) else { throw WriteBody.bad("request body: type \(text) is not a value type") }
                return type
            }
            // Weak references are to objects only: the document says so, whatever the value.
            if policy == .weak, type != .object { throw WriteBody.bad("request body: policy weak takes type object (a reference)") }
            let value = try body["value"].flatMap { json throws -> PropertyValue? in
                guard json != .null else { return nil }
                guard let type else { return PropertyValue(untyped: json) }
                return try PropertyValueBody.value(json, as: type)
            }
            let at = try Self.sceneTime(body)
            let policyOrRetain = policy ?? .retain
            let outcome = try await offload(writing: true) {
                try StoredStateConflict.refusals { try catalog.setProperty(value, for: key, on: id, policy: policyOrRetain, at: at) }
            }
            let set = outcome.value.map { Association(key: key, value: $0, policy: policyOrRetain).jsonValue } ?? .null
            return .json([
                "object": .string(id), "key": .string(key), "set": set, "attached": outcome.attached.map(JSONValue.string) ?? .null,
                "copy": outcome.copyID.map(JSONValue.string) ?? .null, "released": .array(outcome.removed.map(JSONValue.string))
            ])
        }
        // Body: {"component", "to": [ids], "roles": {ROLE: ID}, "parameters": {NAME: VALUE}, "at", "reducedMotion"}.
        api.post("apply") { request, _ -> Response in
            try token.check(request)
            let body = try await WriteBody(request, limit: limit, fields: ["component", "to", "roles", "parameters", "at", "reducedMotion"])
            guard let component = try body.string("component") else { throw WriteBody.bad("request body: component is required") }
            let (to, roles, parameters) = (try body.strings("to"), try body.texts("roles"), try body.texts("parameters"))
            let (at, reducedMotion) = (try Self.sceneTime(body), try body.bool("reducedMotion") ?? false)
            // What the request alone must say (400); what the named component makes of it is a conflict (409).
            guard !(to ?? []).isEmpty || !(roles ?? [:]).isEmpty else { throw WriteBody.bad("request body: name the objects (to) or bind roles") }
            guard Set(to ?? []).count == (to ?? []).count else { throw WriteBody.bad("request body: to names an object twice") }
            let result = try await offload(writing: true) {
                try StoredStateConflict.refusals {
                    try catalog.apply(component, to: to, roles: roles, parameters: parameters, at: at, reducedMotion: reducedMotion)
                }
            }
            return .json(result.jsonValue, status: .created)
        }
    }

    /// `at`: a scene time from 0 to 10⁹ s; nil when not given (the last event's time).
    static func sceneTime(_ body: WriteBody) throws -> Double? {
        guard let at = try body.number("at") else { return nil }
        guard at >= 0, NumericLimits.problem(time: at) == nil else { throw WriteBody.bad("request body: at must be a scene time from 0 to 1000000000 s") }
        return at
    }
}
