extension DecoratorDefinition {
    /// Resolves a decorator component (parameters substituted) and checks it: known object types,
    /// declared properties with values of their type, children of known types, actions that
    /// target the owner or a declared child, property references the decorator or its owner types
    /// have, and well-formed conditions.
    package init(
        _ definition: ComponentDefinition, parameters: [String: PropertyValue] = [:], file: String? = nil, context: DefinitionContext = DefinitionContext()
    ) throws(DefinitionError) {
        if parameters.isEmpty, case .decorator(let compiled)? = definition.defaultBody.body {
            self = compiled  // compiled once, by validation
            return
        }
        let file = file ?? definition.name
        let members = try definition.resolvedMembers(of: .decorator, parameters: parameters, file: file, context: context)
        try self.init(json: members["decorator"] ?? .null, file: file, path: FieldPath("decorator"))
    }

    package init(json: JSONValue, file: String, path: FieldPath) throws(DefinitionError) {
        let reader = try FieldReader(json, file: file, path: path)
        try reader.rejectUnknown(allowed: ["attachesTo", "attachWhenSet", "properties", "children", "overrides", "handlers"])
        func names(_ key: String) throws(DefinitionError) -> [String] {
            guard let value = reader.members[key] else { return [] }
            guard case .array(let items) = value, items.allSatisfy({ $0.stringValue != nil }) else { throw reader.error(key, "must be a list of names") }
            return items.map { $0.stringValue! }
        }
        attachesTo = try names("attachesTo")
        for (index, type) in attachesTo.enumerated() where ObjectType.builtIn[type] == nil {
            throw DefinitionError(
                file: file, path: path.appending("attachesTo").appending(index: index).description,
                rule: "unknown object type '\(type)' (known: \(ObjectType.builtIn.keys.sorted().joined(separator: ", ")))")
        }
        overrides = try names("overrides")

        properties = [:]
        if let value = reader.members["properties"] {
            guard case .object(let declared) = value else { throw reader.error("properties", "must be a mapping of name → {type, default}") }
            for (name, spec) in declared.sorted(by: { $0.key < $1.key }) {
                let field = path.appending("properties").appending(name)
                let specReader = try FieldReader(spec, file: file, path: field)
                try specReader.rejectUnknown(allowed: ["type", "default", "summary"])
                guard let typeName = try specReader.string("type"), let type = ValueType(rawValue: typeName) else {
                    throw specReader.error("type", "is required: one of \(ValueType.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                var defaultValue: PropertyValue?
                if let raw = specReader.members["default"] {
                    do throws(ValueConversionError) { defaultValue = try PropertyValue(json: raw, as: type) } catch {
                        throw specReader.error("default", error.description)
                    }
                }
                properties[name] = DeclaredProperty(type: type, defaultValue: defaultValue)
            }
        }
        attachWhenSet = try names("attachWhenSet")
        for (index, name) in attachWhenSet.enumerated() where properties[name] == nil {
            throw DefinitionError(
                file: file, path: path.appending("attachWhenSet").appending(index: index).description,
                rule: "'\(name)' is not a declared property")
        }

        let scope = DecoratorScope(
            file: file, properties: Set(properties.keys),
            ownerProperties: Self.ownerProperties(attachesTo), children: [:],
            literalTypes: Self.literalTypes(declared: properties.mapValues(\.type), attachesTo: attachesTo))
        children = [:]
        if let value = reader.members["children"] {
            guard case .object(let declared) = value else { throw reader.error("children", "must be a mapping of name → {type, properties}") }
            for (name, spec) in declared.sorted(by: { $0.key < $1.key }) {
                let field = path.appending("children").appending(name)
                let childReader = try FieldReader(spec, file: file, path: field)
                try childReader.rejectUnknown(allowed: ["type", "properties"])
                guard let type = try childReader.string("type"), let childType = ObjectType.builtIn[type] else {
                    throw childReader.error("type", "is required: an object type (\(ObjectType.builtIn.keys.sorted().joined(separator: ", ")))")
                }
                var initial: [String: ValueExpression] = [:]
                if case .object(let values)? = childReader.members["properties"] {
                    for (property, expression) in values.sorted(by: { $0.key < $1.key }) {
                        guard childType.properties[property] != nil else {
                            throw DefinitionError(
                                file: file, path: field.appending("properties").appending(property).description,
                                rule: "a \(type) has no property '\(property)'")
                        }
                        initial[property] = try scope.expression(expression, path: field.appending("properties").appending(property))
                    }
                }
                children[name] = ChildObject(type: type, properties: initial)
            }
        }

        var fullScope = scope
        fullScope.children = children.mapValues { ObjectType.builtIn[$0.type]! }
        handlers = [:]
        if let value = reader.members["handlers"] {
            guard case .object(let events) = value else { throw reader.error("handlers", "must be a mapping of event → actions") }
            for (event, actions) in events.sorted(by: { $0.key < $1.key }) {
                let field = path.appending("handlers").appending(event)
                guard ComponentDefinition.isParameterName(event) else {
                    throw DefinitionError(
                        file: file, path: field.description, rule: "an event name is a word: attach, tap, select, deselect, textChanged or your own")
                }
                handlers[event] = try fullScope.actions(actions, path: field)
            }
        }
    }

    /// The type a literal set on the owner takes: the decorator's declaration, else the type
    /// every owner type gives the property (none when owners may be of any type or disagree).
    static func literalTypes(declared: [String: ValueType], attachesTo: [String]) -> [String: ValueType] {
        var types: [String: ValueType] = [:]
        if let first = attachesTo.first {
            for (property, type) in ObjectType.builtIn[first]!.properties
            where attachesTo.allSatisfy({ ObjectType.builtIn[$0]!.properties[property] == type }) {
                types[property] = type
            }
        }
        return types.merging(declared) { $1 }
    }

    /// The literals of `set` actions that are not of the type their property takes, with where
    /// each is written. A definition with one is refused when added; one stored before this
    /// rule still reads (its literal is set as written, as it was then).
    package func mistypedLiterals(path: FieldPath) -> [(path: FieldPath, property: String, type: ValueType)] {
        let owner = Self.literalTypes(declared: properties.mapValues(\.type), attachesTo: attachesTo)
        var found: [(FieldPath, String, ValueType)] = []
        func walk(_ actions: [DecoratorAction], _ path: FieldPath) {
            for (index, action) in actions.enumerated() {
                let here = path.appending(index: index)
                switch action {
                case .when(_, let then, let otherwise):
                    walk(then, here.appending("then"))
                    walk(otherwise, here.appending("else"))
                case .set(let property, let target, .literal(let json)):
                    let type: ValueType? =
                        switch target {
                        case .owner: owner[property]
                        case .child(let name): children[name].flatMap { ObjectType.builtIn[$0.type]?.properties[property] }
                        }
                    if let type, (try? PropertyValue(json: json, as: type)) == nil { found.append((here.appending("set").appending("value"), property, type)) }
                case .set, .run, .emit:
                    break
                }
            }
        }
        for (event, actions) in handlers.sorted(by: { $0.key < $1.key }) { walk(actions, path.appending("handlers").appending(event)) }
        return found
    }

    /// Properties every allowed owner type has (any type: no check).
    static func ownerProperties(_ types: [String]) -> Set<String>? {
        guard let first = types.first else { return nil }
        return types.dropFirst().reduce(Set(ObjectType.builtIn[first]!.properties.keys)) { $0.intersection(ObjectType.builtIn[$1]!.properties.keys) }
    }
}

/// What names a decorator's actions may use, for checking them.
struct DecoratorScope {
    let file: String
    let properties: Set<String>
    /// nil: the decorator attaches to any type, so owner properties are not checked.
    let ownerProperties: Set<String>?
    var children: [String: ObjectType]
    /// Owner property → the type a literal set on it takes.
    var literalTypes: [String: ValueType] = [:]

    func fail(_ path: FieldPath, _ rule: String) -> DefinitionError { DefinitionError(file: file, path: path.description, rule: rule) }

    func expression(_ json: JSONValue, path: FieldPath) throws(DefinitionError) -> ValueExpression {
        guard case .object(let members) = json, members.count == 1 else { return .literal(json) }
        if let name = members["property"] {
            guard let property = name.stringValue else { throw fail(path.appending("property"), "must be a property name") }
            if properties.contains(property) || ownerProperties?.contains(property) ?? true { return .property(property) }
            throw fail(path.appending("property"), "unknown property '\(property)': declare it under properties or use one the owner type has")
        }
        if let event = members["event"] {
            guard event.stringValue == "value" else { throw fail(path.appending("event"), "the event offers its value: {event: value}") }
            return .eventValue
        }
        return .literal(json)
    }

    func target(_ json: JSONValue?, path: FieldPath) throws(DefinitionError) -> ActionTarget {
        guard let json else { return .owner }
        guard let name = json.stringValue else { throw fail(path, "must be owner or a child's name") }
        if name == "owner" { return .owner }
        guard children[name] != nil else {
            throw fail(path, "unknown child '\(name)' (declared: \(children.keys.sorted().joined(separator: ", ")))")
        }
        return .child(name)
    }

    func actions(_ json: JSONValue, path: FieldPath) throws(DefinitionError) -> [DecoratorAction] {
        guard case .array(let items) = json else { throw fail(path, "must be a list of actions") }
        var result: [DecoratorAction] = []
        for (index, item) in items.enumerated() { result.append(try action(item, path: path.appending(index: index))) }
        return result
    }

    private func action(_ json: JSONValue, path: FieldPath) throws(DefinitionError) -> DecoratorAction {
        guard case .object(let members) = json else { throw fail(path, "an action is a mapping: run, set, emit or if") }
        if let condition = members["if"] {
            if let unknown = members.keys.sorted().first(where: { !["if", "then", "else"].contains($0) }) {
                throw fail(path.appending(unknown), "unknown field next to if (then, else)")
            }
            return .when(
                try self.condition(condition, path: path.appending("if")),
                then: try actions(members["then"] ?? .array([]), path: path.appending("then")),
                otherwise: try actions(members["else"] ?? .array([]), path: path.appending("else")))
        }
        guard members.count == 1, let (kind, body) = members.first else { throw fail(path, "an action is one of run, set, emit or if") }
        let field = path.appending(kind)
        let reader = try FieldReader(body, file: file, path: field)
        switch kind {
        case "run":
            try reader.rejectUnknown(allowed: ["component", "on", "parameters"])
            guard let component = try reader.string("component") else { throw reader.error("component", "is required: an animation or chain") }
            var parameters: [String: JSONValue] = [:]
            if let values = reader.members["parameters"] {
                guard case .object(let map) = values else { throw reader.error("parameters", "must be a mapping") }
                parameters = map
            }
            return .run(component: component, on: try target(reader.members["on"], path: field.appending("on")), parameters: parameters)
        case "set":
            try reader.rejectUnknown(allowed: ["property", "on", "value"])
            guard let property = try reader.string("property") else { throw reader.error("property", "is required") }
            let target = try self.target(reader.members["on"], path: field.appending("on"))
            if case .child(let child) = target, children[child]?.properties[property] == nil {
                throw reader.error("property", "a \(children[child]!.name) has no property '\(property)'")
            }
            if case .owner = target, !properties.contains(property), !(ownerProperties?.contains(property) ?? true) {
                throw reader.error("property", "unknown property '\(property)' for the owner")
            }
            guard let value = reader.members["value"] else { throw reader.error("value", "is required") }
            var expression = try expression(value, path: field.appending("value"))
            // A literal is kept as the value of its property's type (a colour name as the colour).
            let type: ValueType? =
                switch target {
                case .owner: literalTypes[property]
                case .child(let child): children[child]?.properties[property]
                }
            if case .literal(let json) = expression, let type, let typed = try? PropertyValue(json: json, as: type) {
                expression = .literal(typed.jsonValue)
            }
            return .set(property: property, on: target, value: expression)
        case "emit":
            try reader.rejectUnknown(allowed: ["effect", "value"])
            guard let effect = try reader.string("effect"), ComponentDefinition.isParameterName(effect) else {
                throw reader.error("effect", "is required: an effect name such as openURL")
            }
            return .emit(
                effect: effect,
                value: try reader.members["value"].map { (v: JSONValue) throws(DefinitionError) in try expression(v, path: field.appending("value")) })
        default:
            throw fail(field, "unknown action (expected run, set, emit or if)")
        }
    }

    private func condition(_ json: JSONValue, path: FieldPath) throws(DefinitionError) -> DecoratorCondition {
        guard case .object(let members) = json, members.count == 1, let (kind, body) = members.first else {
            throw fail(path, "a condition is one of empty, nonEmpty, equals, isTrue, openableURL, not")
        }
        let field = path.appending(kind)
        switch kind {
        case "empty": return .empty(try expression(body, path: field))
        case "nonEmpty": return .nonEmpty(try expression(body, path: field))
        case "isTrue": return .isTrue(try expression(body, path: field))
        case "openableURL": return .openableURL(try expression(body, path: field))
        case "not": return .not(try condition(body, path: field))
        case "equals":
            guard case .array(let pair) = body, pair.count == 2 else { throw fail(field, "takes two values: [a, b]") }
            return .equals(try expression(pair[0], path: field.appending(index: 0)), try expression(pair[1], path: field.appending(index: 1)))
        default:
            throw fail(field, "unknown condition (expected empty, nonEmpty, equals, isTrue, openableURL, not)")
        }
    }
}
