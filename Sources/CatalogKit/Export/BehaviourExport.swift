import CatalogFormats
import CatalogModel

/// A behaviour in its web form (DESIGN §9): a decorator, or an animation with `on:` handlers,
/// as an ES module whose `attach(element, properties)` runs it in a page as the engine runs it
/// (``BehaviourModuleWriter``). Each `run` carries the component's own Web Animations export,
/// normal and reduced; a parameter that a property gives at run time is carried too when it only
/// scales the timing (a duration), else the export is refused naming the step — never written
/// to play wrong.
///
/// ```swift
/// let definition = try catalog.components.get("bouncy-placeholder")!.decode()
/// let module = try BehaviourExport(definition: definition, catalog: catalog).module
/// ```
package struct BehaviourExport: Sendable {
    package let name: String
    package let version: String
    /// The behaviour in the module's normalized form.
    package let behaviour: JSONValue
    /// Key → `{component, normal, reduced, defaults, literal, scaled}`.
    package let animations: JSONValue

    /// Whether `definition` exports as a behaviour module: a decorator, or an animation with
    /// `on:` handlers.
    package static func isBehaviour(_ definition: ComponentDefinition) throws -> Bool {
        switch definition.kind {
        case .decorator: true
        case .animation: try !AnimationHandlers(definition).isEmpty
        default: false
        }
    }

    package init(definition: ComponentDefinition, catalog: Catalog) throws {
        name = definition.name
        version = definition.version.description
        var builder = Builder(catalog: catalog, owner: definition.name)
        switch definition.kind {
        case .decorator:
            let decorator = try DecoratorDefinition(definition)
            var handlers: [String: JSONValue] = [:]
            for (event, actions) in decorator.handlers.sorted(by: { $0.key < $1.key }) {
                handlers[event] = try builder.actions(actions, path: "decorator.handlers.\(event)")
            }
            behaviour = [
                "attachesTo": .array(decorator.attachesTo.map(JSONValue.string)),
                "attachWhenSet": .array(decorator.attachWhenSet.map(JSONValue.string)),
                "properties": .object(
                    decorator.properties.mapValues { declared in
                        ["type": .string(declared.type.rawValue), "default": declared.defaultValue?.jsonValue ?? .null]
                    }),
                "children": .object(
                    decorator.children.mapValues { child in
                        ["type": .string(child.type), "properties": .object(child.properties.mapValues(Builder.expression))]
                    }),
                "overrides": .array(decorator.overrides.map(JSONValue.string)),
                "handlers": .object(handlers)
            ]
        case .animation:
            let adopted = try AnimationHandlers(definition)
            var handlers: [String: JSONValue] = [:]
            for (event, actions) in adopted.handlers.sorted(by: { $0.key < $1.key }) {
                handlers[event] = try builder.actions(actions, path: "on.\(event)")
            }
            behaviour = [
                "attachesTo": [], "attachWhenSet": [], "properties": [:], "children": [:], "overrides": [],
                "handlers": .object(handlers)
            ]
        default:
            throw ExportError("\(definition.name) is a \(definition.kind.rawValue), not a behaviour", code: .wrongComponent)
        }
        animations = .object(builder.animations)
    }

    /// The effects its handlers emit, by name.
    package var effects: Set<String> {
        func collect(_ json: JSONValue) -> Set<String> {
            switch json {
            case .object(let members):
                var found = members.values.reduce(into: Set<String>()) { $0.formUnion(collect($1)) }
                if let effect = members["emit"]?.stringValue { found.insert(effect) }
                return found
            case .array(let items): return items.reduce(into: Set<String>()) { $0.formUnion(collect($1)) }
            default: return []
            }
        }
        return collect(behaviour["handlers"] ?? .null)
    }

    /// What a live demonstration of the behaviour offers — `preview`'s card and the web app's
    /// Try it: the type of element to attach it to, the properties it starts with (each key
    /// that attaches it set to a value that shows), a field per declared property, its events.
    package struct Demo: Sendable {
        package var ownerType: String
        package var properties: [String: JSONValue]
        package var fields: [(key: String, type: ValueType, value: JSONValue?)]
        package var events: [String]
    }

    /// The demonstration of `definition` (this export's behaviour).
    package func demo(of definition: ComponentDefinition) throws -> Demo {
        var demo = Demo(
            ownerType: "cell", properties: [:], fields: [], events: (behaviour["handlers"]?.objectValue ?? [:]).keys.sorted())
        guard definition.kind == .decorator else { return demo }
        let decorator = try DecoratorDefinition(definition)
        demo.ownerType = decorator.attachesTo.first ?? "view"
        for (key, declared) in decorator.properties.sorted(by: { $0.key < $1.key }) {
            let given = declared.defaultValue?.jsonValue
            let value = decorator.attachWhenSet.contains(key) ? Self.attachingValue(declared.type, default: given) : given
            if let value { demo.properties[key] = value }
            demo.fields.append((key, declared.type, value))
        }
        return demo
    }

    /// A value of a decorator's key that attaches it: its default unless empty, else one that
    /// shows (true, a URL, a word).
    static func attachingValue(_ type: ValueType, default value: JSONValue?) -> JSONValue {
        switch type {
        case .bool: return true
        case .number: return value ?? 1
        case .url: return "https://swift.org"
        default:
            if let value, value != "" { return value }
            return "Short"
        }
    }

    /// The ES module.
    package var module: String {
        BehaviourModuleWriter.module(name: name, version: version, behaviour: behaviour, animations: animations)
    }

    /// What `export --to js` writes for a behaviour: the module; for an animation with handlers,
    /// after its own `play(element)` module, so that both ways of running it stay available.
    package static func module(of definition: ComponentDefinition, catalog: Catalog) throws -> String {
        try BehaviourExport(definition: definition, catalog: catalog).exportedModule(of: definition, catalog: catalog)
    }

    /// ``module(of:catalog:)`` for this export of `definition`, built once.
    package func exportedModule(of definition: ComponentDefinition, catalog: Catalog) throws -> String {
        guard definition.kind == .animation else { return module }
        return try ComponentExport(definition: definition, target: .waapi, catalog: catalog).module + "\n" + module
    }

    /// Normalizes actions and exports what their `run`s play.
    struct Builder {
        let catalog: Catalog
        let owner: String
        var animations: [String: JSONValue] = [:]

        static func expression(_ expression: ValueExpression) -> JSONValue {
            switch expression {
            case .literal(let json): ["literal": json]
            case .property(let name): ["property": .string(name)]
            case .eventValue: ["event": "value"]
            }
        }

        static func condition(_ condition: DecoratorCondition) -> JSONValue {
            switch condition {
            case .empty(let value): ["empty": expression(value)]
            case .nonEmpty(let value): ["nonEmpty": expression(value)]
            case .isTrue(let value): ["isTrue": expression(value)]
            case .openableURL(let value): ["openableURL": expression(value)]
            case .equals(let a, let b): ["equals": [expression(a), expression(b)]]
            case .not(let inner): ["not": Self.condition(inner)]
            }
        }

        static func target(_ target: ActionTarget) -> JSONValue {
            switch target {
            case .owner: .null
            case .child(let name): .string(name)
            }
        }

        mutating func actions(_ actions: [DecoratorAction], path: String) throws -> JSONValue {
            var result: [JSONValue] = []
            for (index, action) in actions.enumerated() {
                let here = "\(path)[\(index)]"
                switch action {
                case .when(let condition, let then, let otherwise):
                    result.append([
                        "if": Self.condition(condition), "then": try self.actions(then, path: here + ".then"),
                        "else": try self.actions(otherwise, path: here + ".else")
                    ])
                case .emit(let effect, let value):
                    result.append(["emit": .string(effect), "value": value.map(Self.expression) ?? .null])
                case .set(let property, let target, let value):
                    result.append(["set": .string(property), "on": Self.target(target), "value": Self.expression(value)])
                case .run(let component, let target, let parameters):
                    result.append(try run(component, on: target, parameters: parameters, path: here + ".run"))
                }
            }
            return .array(result)
        }

        /// A `run`: the component exported once per set of literal parameters; parameters read
        /// from properties are named for the module to read when it runs.
        mutating func run(_ component: String, on target: ActionTarget, parameters: [String: JSONValue], path: String) throws -> JSONValue {
            func refuse(_ rule: String) -> ExportError {
                ExportError("\(owner): \(path) (run \(component)) cannot be exported: \(rule)")
            }
            guard let stored = try catalog.components.get(ComponentReference(component)) else { throw refuse("no component \(component) in the catalog") }
            let definition = try stored.decode()
            guard definition.kind == .animation || definition.kind == .chain else {
                throw refuse("it is a \(definition.kind.rawValue); a behaviour's module runs animations and chains")
            }
            var literal: [String: String] = [:]
            var bound: [String: JSONValue] = [:]
            for (parameter, raw) in parameters.sorted(by: { $0.key < $1.key }) {
                if case .object(let reference) = raw, reference.count == 1, let key = reference["property"]?.stringValue {
                    bound[parameter] = .string(key)
                } else {
                    literal[parameter] = raw.stringValue ?? raw.canonicalText
                }
            }
            let key = "\(stored.name)@\(stored.version)" + (literal.isEmpty ? "" : " " + JSONValue.object(literal.mapValues(JSONValue.string)).canonicalText)
            if animations[key] == nil {
                animations[key] = try entry(stored, definition, literal: literal)
            }
            // A parameter a property gives must be one the module can play at any value.
            if let scaled = animations[key]?["scaled"], let unscalable = bound.keys.sorted().first(where: { scaled[$0] == nil }) {
                throw refuse("its parameter \(unscalable) comes from a property, and changes more than the timing")
            }
            return ["run": .string(stored.name), "on": Self.target(target), "animation": .string(key), "boundParameters": .object(bound)]
        }

        /// The component's Web Animations, normal and reduced, at its defaults and the literal
        /// parameters; and for each number parameter that only scales timing fields (twice the
        /// value, twice the field; keyframes alike), the fields per unit of it.
        func entry(_ stored: StoredComponent, _ definition: ComponentDefinition, literal: [String: String]) throws -> JSONValue {
            // A chain run by a handler plays every role on the one target.
            // Each with the engine properties it animates: the module plays a part of a
            // transform (`transform.scale`) as that part alone, as the engine composes it.
            func list(_ body: ComponentExport.Body) -> [JSONValue] {
                let animations: [WebAnimation]
                switch body {
                case .animation(let list): animations = list
                case .chain(let chain): animations = chain.onOneElement
                }
                return animations.map { animation in
                    guard case .object(var members) = animation.json else { return animation.json }
                    members["properties"] = .array((animation.keyPath.map { [$0] } ?? animation.properties).map(JSONValue.string))
                    return .object(members)
                }
            }
            func forms(_ parameters: [String: String]) throws -> (normal: [JSONValue], reduced: [JSONValue]) {
                let export = try ComponentExport(definition: definition, parameters: parameters, target: .waapi, catalog: catalog)
                let normal = list(export.body)
                return (normal, export.reducedBody.map(list) ?? normal)
            }
            let base = try forms(literal)
            var scaled: [String: JSONValue] = [:]
            for (parameter, spec) in definition.parameters.sorted(by: { $0.key < $1.key }) where spec.type == .number && literal[parameter] == nil {
                guard let one = try? forms(literal.merging([parameter: "1"]) { $1 }),
                    let two = try? forms(literal.merging([parameter: "2"]) { $1 }),
                    let normal = Self.perUnit(one.normal, two.normal), let reduced = Self.perUnit(one.reduced, two.reduced)
                else { continue }
                scaled[parameter] = ["normal": normal, "reduced": reduced]
            }
            return [
                "component": .string(stored.name),
                "normal": .array(base.normal), "reduced": .array(base.reduced),
                "defaults": .object(definition.parameters.mapValues(\.defaultValue.jsonValue)),
                "literal": .array(literal.keys.sorted().map(JSONValue.string)),
                "scaled": .object(scaled)
            ]
        }

        /// Per animation, the timing fields that double when the parameter does (their value at
        /// 1), when nothing else changes; nil otherwise.
        static func perUnit(_ one: [JSONValue], _ two: [JSONValue]) -> JSONValue? {
            guard one.count == two.count else { return nil }
            var result: [JSONValue] = []
            for (a, b) in zip(one, two) {
                guard a["keyframes"] == b["keyframes"], case .object(let optionsA)? = a["options"], case .object(let optionsB)? = b["options"],
                    Set(optionsA.keys) == Set(optionsB.keys)
                else { return nil }
                var fields: [String: JSONValue] = [:]
                for (field, valueA) in optionsA where valueA != optionsB[field] {
                    guard case .number(let x) = valueA, case .number(let y)? = optionsB[field], abs(y - 2 * x) <= 1e-9 * max(1, abs(y)) else { return nil }
                    fields[field] = .number(x)
                }
                result.append(.object(fields))
            }
            return .array(result)
        }
    }
}
