/// The JSON Schema (draft-07) of a definition file — what `catalog schema` prints, for editors
/// (`# yaml-language-server: $schema=…` at the top of a YAML file, `"$schema"` in VS Code's
/// settings for JSON).
///
/// Built from the model's own lists (the kinds, the envelope's fields, each Core Animation type's
/// fields, the key paths, the fill modes and directions, the layout node types), so it follows
/// the decoder when either changes. Its rule is the editor's: it never flags a definition that
/// `validate` accepts, so where a value may be a parameter reference (`"$duration"`), a motion
/// token or a form the decoder checks itself (timing functions, CSS values), it asks only for
/// the shape. It catches what editors help with most: unknown and misspelt fields, a missing
/// `name`/`kind`/`version`, a body that is not the kind's, wrong types and names out of their
/// enumerations.
///
/// ```swift
/// let schema = DefinitionSchema.document
/// schema["$schema"]   // "http://json-schema.org/draft-07/schema#"
/// try schema.prettyText.write(toFile: "definition.schema.json", atomically: true, encoding: .utf8)
/// ```
package enum DefinitionSchema {
    /// The schema as a JSON document.
    package static var document: JSONValue {
        [
            "$schema": "http://json-schema.org/draft-07/schema#",
            "title": "Component Catalog definition",
            "description": "One component (animation, chain, decorator or layout), or a bare Web Animations {keyframes, options} body.",
            "anyOf": [ref("component"), ref("bareAnimation")],
            "definitions": .object(definitions)
        ]
    }

    private static func ref(_ name: String) -> JSONValue { ["$ref": .string("#/definitions/\(name)")] }
    private static func strings<S: Sequence<String>>(_ values: S) -> JSONValue { .array(values.sorted().map(JSONValue.string)) }
    private static func anyOf(_ schemas: JSONValue...) -> JSONValue { ["anyOf": .array(schemas)] }
    /// An object with typed `properties`. The members it takes are `allowed` — the decoder's own
    /// list, so a member the decoder learns is never flagged, typed or not — or else exactly
    /// `properties`.
    private static func object(_ properties: [String: JSONValue], required: [String] = [], allowed: Set<String>? = nil) -> JSONValue {
        var schema: [String: JSONValue] = ["type": "object", "properties": .object(properties)]
        if !required.isEmpty { schema["required"] = strings(required) }
        if let allowed { schema["propertyNames"] = ["enum": strings(allowed)] } else { schema["additionalProperties"] = false }
        return .object(schema)
    }
    private static func list(_ items: JSONValue) -> JSONValue { ["type": "array", "items": items] }
    /// A value that may instead be a parameter reference.
    private static func orParameter(_ schema: JSONValue) -> JSONValue { anyOf(schema, ref("parameterReference")) }
    private static func enumeration<S: Sequence<String>>(_ values: S) -> JSONValue { orParameter(["enum": strings(values)]) }

    private static var definitions: [String: JSONValue] {
        let number = ref("number"), boolean = ref("boolean"), anything: JSONValue = [:]
        let unitRange = orParameter(["type": "number", "minimum": -1, "maximum": 1])
        // Seconds, or a motion token name (`md.sys.motion.duration.medium2`).
        let duration = anyOf(["type": "number", "minimum": 0], ["type": "string"])
        let coreAnimationFields: [String: JSONValue] = [
            "type": ["enum": strings(CoreAnimationModel.fieldsByType.keys)],
            "keyPath": enumeration(AnimationKeyPath.allPaths),
            "fromValue": anything, "toValue": anything, "byValue": anything,
            "values": orParameter(list(anything)),
            "keyTimes": orParameter(list(number)),
            "timingFunctions": orParameter(list(ref("timingFunction"))),
            "calculationMode": enumeration(CoreAnimationModel.CalculationMode.allCases.map(\.rawValue)),
            "tensionValues": orParameter(list(unitRange)), "continuityValues": orParameter(list(unitRange)), "biasValues": orParameter(list(unitRange)),
            "mass": number, "stiffness": number, "damping": number, "initialVelocity": number, "allowsOverdamping": boolean,
            "perceptualDuration": duration, "bounce": number,
            "animations": list(ref("coreAnimation")),
            "duration": duration, "beginTime": anyOf(number, ref("tokenReference")), "timeOffset": number, "speed": number,
            // `.inf` in YAML; "inf"/"infinity" where JSON has no infinity.
            "repeatCount": anyOf(["type": "number"], ["type": "string"]), "repeatDuration": number,
            "autoreverses": boolean, "fillMode": enumeration(MediaTiming.FillMode.allCases.map(\.rawValue)),
            "removedOnCompletion": boolean, "timingFunction": ref("timingFunction"), "additive": boolean, "cumulative": boolean
        ]
        // Each type takes only its own fields besides the timing ones.
        let perType: [JSONValue] = CoreAnimationModel.fieldsByType.keys.sorted().map { type in
            let allowed = CoreAnimationModel.fieldsByType[type]!.union(CoreAnimationModel.timingFields).union(["type"])
            return [
                "if": ["properties": ["type": ["const": .string(type)]], "required": ["type"]],
                "then": ["propertyNames": ["enum": strings(allowed)]]
            ]
        }
        let coreAnimationAllowed = CoreAnimationModel.fieldsByType.values.reduce(CoreAnimationModel.timingFields.union(["type"])) { $0.union($1) }
        var coreAnimation = object(coreAnimationFields, required: ["type"], allowed: coreAnimationAllowed).objectValue!
        coreAnimation["allOf"] = .array(perType)

        let webOptions = object([
            "duration": anyOf(["type": "number", "minimum": 0], ["const": "auto"], ref("parameterReference"), ref("tokenReference")),
            "delay": anyOf(number, ref("tokenReference")), "endDelay": anyOf(number, ref("tokenReference")),
            "iterations": anyOf(["type": "number"], ["const": "Infinity"], ref("parameterReference")),
            "iterationStart": number,
            "fill": enumeration(EffectTiming.Fill.allCases.map(\.rawValue)),
            "direction": enumeration(EffectTiming.Direction.allCases.map(\.rawValue)),
            "easing": ["type": "string"],
            "composite": enumeration(["replace", "add", "accumulate"])
        ])
        // A definition's keyframes are a list (the property-indexed form goes only inline in a chain step).
        let webKeyframes = orParameter(list(["type": "object"]))

        let layoutNodeTypes = LayoutNode.types
        let layoutNode: JSONValue = [
            "type": "object", "minProperties": 1, "maxProperties": 1,
            "propertyNames": ["enum": strings(layoutNodeTypes)],
            "properties": [
                "slot": ["type": "string", "minLength": 1],
                "decorating": object(
                    [
                        "content": ref("layoutNode"), "decoration": ref("layoutNode"), "insets": ref("insets"),
                        "contentFraction": number, "spacing": number,
                        "decorationSide": enumeration(DecoratingOptions.Side.allCases.map(\.rawValue))
                    ],
                    required: ["content", "decoration"]),
                "cascading": object(["children": list(ref("layoutNode")), "offset": orParameter(list(number))]),
                "stack": object([
                    "children": list(ref("layoutNode")), "axis": enumeration(LayoutNode.Axis.allCases.map(\.rawValue)),
                    "spacing": number
                ]),
                "inset": object(["child": ref("layoutNode"), "insets": ref("insets")], required: ["child"])
            ]
        ]

        let valueType: JSONValue = ["enum": strings(ValueType.allCases.map(\.rawValue))]
        let decorator = object([
            "attachesTo": list(["type": "string"]),
            "attachWhenSet": list(["type": "string"]),
            "properties": [
                "type": "object", "additionalProperties": object(["type": valueType, "default": anything, "summary": ["type": "string"]], required: ["type"])
            ],
            "children": ["type": "object", "additionalProperties": object(["type": ["type": "string"], "properties": ["type": "object"]], required: ["type"])],
            "overrides": list(["type": "string"]),
            "handlers": ["type": "object", "additionalProperties": ["type": "array"]]
        ])

        let parameter = object(
            [
                "type": ["enum": strings(ParameterSpec.parameterTypes.map(\.rawValue))], "default": anything,
                "minimum": ["type": "number"], "maximum": ["type": "number"], "summary": ["type": "string"]
            ], required: ["type", "default"], allowed: ParameterSpec.fields)

        // The envelope: exactly the fields `validate` knows, one body and only the kind's.
        let envelope: [String: JSONValue] = [
            "name": ["type": "string", "pattern": "^[a-z0-9][a-z0-9.-]*$", "maxLength": 100],
            "kind": ["enum": strings(ComponentKind.allCases.map(\.rawValue))],
            "version": ["type": "string", "pattern": #"^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$"#],
            "summary": ["type": "string"],
            "tags": list(["type": "string", "minLength": 1]),
            "requires": list(["type": "string", "minLength": 1]),
            "parameters": ["type": "object", "propertyNames": ["pattern": "^[A-Za-z_][A-Za-z0-9_]*$"], "additionalProperties": parameter],
            "on": ["type": "object"],
            "reducedMotion": anyOf(["type": "string"], ["type": "object", "minProperties": 1, "maxProperties": 1]),
            "animation": ref("coreAnimation"),
            "keyframes": webKeyframes,
            "options": webOptions,
            "chain": ["type": "object", "required": ["roles"], "properties": ["roles": list(["type": "string", "minLength": 1])]],
            "decorator": decorator,
            "layout": ref("layoutNode"),
            // A token set: a DTCG document (`catalog tokens add` makes these).
            "tokens": ["type": "object"]
        ]
        let bodies = ComponentDefinition.bodyFields.subtracting(["options"]).sorted()
        let perKind: [JSONValue] = ComponentKind.allCases.map { kind in
            let own = kind.bodyFields
            let exactlyOne: [JSONValue] = own.map { body in
                ["required": [.string(body)], "not": ["anyOf": .array(own.filter { $0 != body }.map { ["required": [.string($0)]] })]]
            }
            var then: [String: JSONValue] = [
                "oneOf": own.count == 1 ? [["required": [.string(own[0])]]] : .array(exactlyOne),
                "not": ["anyOf": .array(bodies.filter { !own.contains($0) }.map { ["required": [.string($0)]] })]
            ]
            if !own.contains("keyframes") { then["properties"] = ["options": false] }
            return ["if": ["properties": ["kind": ["const": .string(kind.rawValue)]], "required": ["kind"]], "then": .object(then)]
        }
        var component = object(
            envelope, required: ["name", "kind", "version"],
            allowed: ComponentDefinition.envelopeFields.union(ComponentDefinition.bodyFields)
        ).objectValue!
        component["allOf"] = .array(perKind + [["if": ["required": ["options"]], "then": ["required": ["keyframes"]]]])

        return [
            "component": .object(component),
            "bareAnimation": object(["keyframes": webKeyframes, "options": webOptions], required: ["keyframes"]),
            "parameterReference": ["type": "string", "pattern": "^\\$[A-Za-z_][A-Za-z0-9_]*$"],
            // A design token where a duration, a delay or a timing function goes: "{motion.duration.moderate-01}".
            "tokenReference": ["type": "string", "pattern": "^\\{[^{}]+\\}$"],
            "number": orParameter(["type": "number"]),
            "boolean": orParameter(["type": "boolean"]),
            // A CA name or CSS easing, four control points, or a spring.
            "timingFunction": anyOf(["type": "string"], ["type": "array", "items": ref("number"), "minItems": 4, "maxItems": 4], ["type": "object"]),
            "insets": orParameter(["type": "array", "items": ref("number"), "minItems": 4, "maxItems": 4]),
            "coreAnimation": .object(coreAnimation),
            "layoutNode": layoutNode
        ]
    }
}
