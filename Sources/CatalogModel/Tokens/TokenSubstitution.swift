/// Puts token values where a definition's body references tokens: in the Web Animations body
/// `options.duration`, `delay` and `endDelay` (milliseconds), every `easing`, and keyframe values
/// (a colour, number or dimension token as the CSS text of the property's value); in the Core
/// Animation body `duration`, `beginTime` (seconds), `timingFunction` and `timingFunctions`, in
/// groups too; in a chain, its inline bodies and `wait`. The values come from the binding
/// given, else the built-in sets (``BuiltInTokenSets``).
///
/// ```swift
/// // options: {duration: "{motion.duration.moderate-01}"} → options: {duration: 150}
/// let members = try TokenSubstitution.apply(to: definition.document.objectValue ?? [:], file: "fade.yaml", binding: binding)
/// ```
package enum TokenSubstitution {
    /// Every token path the body refers to (strings of the form `{a.b}`), sorted.
    package static func references(in members: [String: JSONValue]) -> [String] {
        var paths = Set<String>()
        func scan(_ value: JSONValue) {
            switch value {
            case .string(let text): if let path = TokenReference.alias(text) { paths.insert(path) }
            case .array(let items): items.forEach(scan)
            case .object(let members): members.values.forEach(scan)
            default: break
            }
        }
        // A token set's own aliases are its business, not references to resolve.
        for field in ComponentDefinition.bodyFields where field != "tokens" { members[field].map(scan) }
        return paths.sorted()
    }

    package static func apply(to members: [String: JSONValue], file: String, binding: TokenBinding?) throws(DefinitionError) -> [String: JSONValue] {
        guard !references(in: members).isEmpty else { return members }
        var result = members
        // Without a catalog's sets bound, the built-in ones answer (a file read on its own).
        let walker = Walker(file: file, binding: binding ?? BuiltInTokenSets.binding)
        if let options = members["options"] { result["options"] = try walker.webOptions(options, path: FieldPath("options")) }
        if let keyframes = members["keyframes"] { result["keyframes"] = try walker.webKeyframes(keyframes, path: FieldPath("keyframes")) }
        if let animation = members["animation"] { result["animation"] = try walker.coreAnimation(animation, path: FieldPath("animation")) }
        if let chain = members["chain"] { result["chain"] = try walker.chain(chain, path: FieldPath("chain")) }
        return result
    }

    private struct Walker {
        let file: String
        let binding: TokenBinding?

        /// The number or easing text a reference at `place` stands for; nil when `value` is no reference.
        func value(_ value: JSONValue, _ place: TokenBinding.Place, milliseconds: Bool, path: FieldPath) throws(DefinitionError) -> JSONValue? {
            guard let reference = TokenReference.alias(value) else { return nil }
            guard let binding else {
                throw DefinitionError(
                    file: file, path: path.description,
                    rule: "refers to the token {\(reference)}, and no token sets are given (tokens come from the catalog's sets: catalog tokens add)")
            }
            let numbers: [Double]
            do throws(TokenLookupError) { numbers = try binding.value(of: reference, at: place) } catch {
                throw DefinitionError(file: file, path: path.description, rule: error.description)
            }
            if place == .timingFunction {
                return .string("cubic-bezier(" + numbers.map(JSONValue.numberText).joined(separator: ", ") + ")")
            }
            return .number(milliseconds ? numbers[0] * 1000 : numbers[0])
        }

        func easing(_ json: JSONValue, path: FieldPath) throws(DefinitionError) -> JSONValue {
            if case .array(let items) = json {
                var result: [JSONValue] = []
                for (index, item) in items.enumerated() {
                    result.append(try value(item, .timingFunction, milliseconds: false, path: path.appending(index: index)) ?? item)
                }
                return .array(result)
            }
            return try value(json, .timingFunction, milliseconds: false, path: path) ?? json
        }

        func webOptions(_ json: JSONValue, path: FieldPath) throws(DefinitionError) -> JSONValue {
            guard case .object(var members) = json else { return json }
            for (key, place) in [("duration", TokenBinding.Place.duration), ("delay", .delay), ("endDelay", .delay)] {
                if let member = members[key], let replaced = try value(member, place, milliseconds: true, path: path.appending(key)) { members[key] = replaced }
            }
            if let member = members["easing"] { members["easing"] = try easing(member, path: path.appending("easing")) }
            return .object(members)
        }

        func webKeyframes(_ json: JSONValue, path: FieldPath) throws(DefinitionError) -> JSONValue {
            switch json {
            case .array(let frames):
                var result: [JSONValue] = []
                for (index, frame) in frames.enumerated() {
                    guard case .object(var members) = frame else { result.append(frame); continue }
                    let at = path.appending(index: index)
                    for (key, member) in members {
                        if key == "easing" {
                            members[key] = try easing(member, path: at.appending(key))
                        } else if let text = try keyframeValue(member, property: key, path: at.appending(key)) {
                            members[key] = text
                        }
                    }
                    result.append(.object(members))
                }
                return .array(result)
            case .object(var members):
                for (key, member) in members {
                    let at = path.appending(key)
                    if key == "easing" {
                        members[key] = try easing(member, path: at)
                    } else if case .array(let values) = member {
                        var replaced: [JSONValue] = []
                        for (index, item) in values.enumerated() {
                            replaced.append(try keyframeValue(item, property: key, path: at.appending(index: index)) ?? item)
                        }
                        members[key] = .array(replaced)
                    } else if let text = try keyframeValue(member, property: key, path: at) {
                        members[key] = text
                    }
                }
                return .object(members)
            default:
                return json
            }
        }

        /// The CSS text a reference stands for as a keyframe's value of `property` (a colour,
        /// number or dimension token); nil when `value` is no reference or the property is unknown
        /// (the definition's own check names it).
        func keyframeValue(_ value: JSONValue, property: String, path: FieldPath) throws(DefinitionError) -> JSONValue? {
            guard let reference = TokenReference.alias(value), let animatable = AnimatableProperty.webProperties[property] else { return nil }
            guard let binding else {
                throw DefinitionError(file: file, path: path.description, rule: "refers to the token {\(reference)}, and no token sets are given")
            }
            do throws(TokenLookupError) {
                return .string(try binding.text(of: reference, for: animatable.kind))
            } catch {
                throw DefinitionError(file: file, path: path.description, rule: error.description)
            }
        }

        func coreAnimation(_ json: JSONValue, path: FieldPath) throws(DefinitionError) -> JSONValue {
            guard case .object(var members) = json else { return json }
            for (key, place) in [("duration", TokenBinding.Place.duration), ("beginTime", .delay)] {
                if let member = members[key], let replaced = try value(member, place, milliseconds: false, path: path.appending(key)) {
                    members[key] = replaced
                }
            }
            for key in ["timingFunction", "timingFunctions"] {
                if let member = members[key] { members[key] = try easing(member, path: path.appending(key)) }
            }
            if case .array(let children)? = members["animations"] {
                var result: [JSONValue] = []
                for (index, child) in children.enumerated() {
                    result.append(try coreAnimation(child, path: path.appending("animations").appending(index: index)))
                }
                members["animations"] = .array(result)
            }
            return .object(members)
        }

        /// A chain node: its inline bodies, its `wait`, and its children.
        func chain(_ json: JSONValue, path: FieldPath) throws(DefinitionError) -> JSONValue {
            switch json {
            case .array(let items):
                var result: [JSONValue] = []
                for (index, item) in items.enumerated() { result.append(try chain(item, path: path.appending(index: index))) }
                return .array(result)
            case .object(var members):
                for (key, member) in members {
                    let field = path.appending(key)
                    switch key {
                    case "animation": members[key] = try coreAnimation(member, path: field)
                    case "options": members[key] = try webOptions(member, path: field)
                    case "keyframes": members[key] = try webKeyframes(member, path: field)
                    case "wait": members[key] = try value(member, .duration, milliseconds: false, path: field) ?? member
                    default: members[key] = try chain(member, path: field)
                    }
                }
                return .object(members)
            default:
                return json
            }
        }
    }
}
