import CatalogModel

/// Seeded random animation definitions that cover what export must handle: both vocabularies;
/// opacity, transforms and colours; every easing form (overshooting curves, steps with each jump,
/// `linear()`, springs); Web timing (delay, negative end delay, fractional and endless
/// iterations, iteration start, each direction and fill); Core Animation timing (begin time,
/// speed, time offset, repeat counts and durations, autoreverse, fill and removal), the basic
/// from/to/by forms, every calculation mode, springs in both forms, additive, cumulative, and
/// groups that hold or clip their children. The same seed always gives the same definitions.
public struct GeneratedDefinitions {
    private var random: SeededRandom

    public init(seed: UInt64) { random = SeededRandom(seed: seed) }

    private mutating func next() -> UInt64 { random.next() }

    private mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    private mutating func number(_ low: Double, _ high: Double) -> Double { ((low + (high - low) * unit()) * 1000).rounded() / 1000 }
    private mutating func chance(_ p: Double) -> Bool { unit() < p }
    private mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }

    private static let cssEasings = [
        "linear", "ease", "ease-in-out", "ease-out", "cubic-bezier(0.3, -0.5, 0.7, 1.5)", "cubic-bezier(0.2, 1.6, 0.6, 0.9)",
        "steps(3, jump-both)", "steps(2, jump-start)", "steps(4, jump-none)", "steps(2)", "linear(0, 0.6 30%, 0.5, 1)"
    ]

    // MARK: Web Animations bodies

    public mutating func webDefinition(name: String) -> ComponentDefinition {
        var properties = ["opacity", "transform", "backgroundColor"].filter { _ in chance(0.6) }
        if properties.isEmpty { properties = [pick(["opacity", "transform", "backgroundColor"])] }
        let count = 2 + Int(next() % 3)
        var offsets: [Double] = (0..<count).map { _ in number(0, 1) }.sorted()
        offsets[0] = 0
        offsets[count - 1] = 1
        let explicitOffsets = chance(0.5)
        var keyframes: [JSONValue] = []
        for index in 0..<count {
            var frame: [String: JSONValue] = [:]
            for property in properties {
                // Sometimes leave an end out: the underlying value fills in.
                if (index == 0 || index == count - 1), chance(0.15) { continue }
                if index > 0, index < count - 1, chance(0.3) { continue }
                frame[property] = .string(webValue(property))
            }
            if explicitOffsets, index > 0, index < count - 1 { frame["offset"] = .number(offsets[index]) }
            if chance(0.5) { frame["easing"] = .string(pick(Self.cssEasings)) }
            keyframes.append(.object(frame))
        }
        var options: [String: JSONValue] = ["duration": .number(number(100, 800).rounded())]
        if chance(0.4) { options["delay"] = .number(number(-200, 300).rounded()) }
        if chance(0.25) { options["endDelay"] = .number(number(-300, 200).rounded()) }
        if chance(0.5) { options["iterations"] = chance(0.15) ? .string("Infinity") : .number(pick([0.5, 1, 2, 2.5, 3])) }
        if chance(0.3) { options["iterationStart"] = .number(pick([0.25, 0.5, 1.5])) }
        options["direction"] = .string(pick(["normal", "reverse", "alternate", "alternate-reverse"]))
        options["fill"] = .string(pick(["none", "forwards", "backwards", "both", "auto"]))
        if chance(0.5) {
            // Not steps over keyframe steps: jump-both's 1/4 lands exactly on steps(2)'s jump at
            // 0.5, where a last-bit difference in float arithmetic picks either side.
            let keyframeSteps = keyframes.contains { $0["easing"]?.stringValue?.hasPrefix("steps") ?? false }
            options["easing"] = .string(pick(Self.cssEasings.filter { !keyframeSteps || !$0.hasPrefix("steps") }))
        }
        return decode(name: name, body: ["keyframes": .array(keyframes), "options": .object(options)])
    }

    private mutating func webValue(_ property: String) -> String {
        switch property {
        case "opacity": return "\(number(0, 1))"
        case "backgroundColor": return "rgba(\(Int(number(0, 255))), \(Int(number(0, 255))), \(Int(number(0, 255))), \(number(0, 1)))"
        default:
            return pick([
                "translate(\(number(-50, 50))px, \(number(-50, 50))px)", "scale(\(number(0.2, 2)))", "rotate(\(number(-400, 400))deg)",
                "translate(\(number(-30, 30))px) rotate(\(number(-90, 90))deg)", "none", "skewX(\(number(-40, 40))deg)",
                "scale(\(number(0.5, 1.5)), \(number(0.5, 1.5)))"
            ])
        }
    }

    // MARK: Core Animation bodies

    public mutating func coreAnimationDefinition(name: String) -> ComponentDefinition {
        let body = chance(0.25) ? group() : leaf(allowSpring: true)
        return decode(name: name, body: ["animation": body])
    }

    private mutating func group() -> JSONValue {
        var members: [String: JSONValue] = ["type": "group", "duration": .number(number(0.3, 1))]
        members["animations"] = .array((0..<(1 + Int(next() % 2))).map { _ in leaf(allowSpring: false) })
        timing(&members, repeats: chance(0.3))
        return .object(members)
    }

    private static let keyPaths = [
        "opacity", "transform.scale", "transform.rotation.z", "transform.translation.x", "transform.translation.y",
        "backgroundColor", "cornerRadius", "transform.scale.x"
    ]

    private mutating func value(_ keyPath: String) -> JSONValue {
        switch keyPath {
        case "opacity": .number(number(0, 1))
        case "transform.scale", "transform.scale.x": .number(number(0.3, 1.8))
        case "transform.rotation.z": .number(number(-3, 3))
        case "backgroundColor": .string("rgba(\(Int(number(0, 255))), \(Int(number(0, 255))), \(Int(number(0, 255))), \(number(0.1, 1)))")
        case "cornerRadius": .number(number(0, 20))
        default: .number(number(-60, 60))
        }
    }

    private mutating func leaf(allowSpring: Bool) -> JSONValue {
        let keyPath = pick(Self.keyPaths)
        let type = allowSpring && chance(0.2) ? "spring" : pick(["basic", "keyframe", "keyframe"])
        var members: [String: JSONValue] = ["type": .string(type), "keyPath": .string(keyPath)]
        let numeric = keyPath != "backgroundColor"
        switch type {
        case "keyframe":
            let count = 2 + Int(next() % 3)
            members["values"] = .array((0..<count).map { _ in value(keyPath) })
            var mode = pick(["linear", "linear", "discrete", "paced", "cubic", "cubicPaced"])
            if !numeric, mode.hasPrefix("cubic") { mode = "linear" }
            members["calculationMode"] = .string(mode)
            let times = mode == "discrete" ? count + 1 : count
            if chance(0.5) {
                var keyTimes = (0..<times).map { _ in number(0, 1) }.sorted()
                if chance(0.7) { keyTimes[0] = 0; keyTimes[times - 1] = 1 }
                members["keyTimes"] = .array(keyTimes.map(JSONValue.number))
            }
            if chance(0.5) {
                let segments = mode == "discrete" ? count : count - 1
                members["timingFunctions"] = .array(
                    (0..<segments).map { _ in .string(pick(["linear", "easeIn", "easeOut", "easeInEaseOut", "cubic-bezier(0.3, -0.5, 0.7, 1.5)"])) })
            }
        default:
            // The from/to/by forms; by only where values add up.
            let forms =
                numeric
                ? [["fromValue", "toValue"], ["fromValue"], ["toValue"], ["fromValue", "byValue"], ["toValue", "byValue"]]
                : [["fromValue", "toValue"], ["fromValue"], ["toValue"]]
            for field in pick(forms) {
                members[field] = field == "byValue" && keyPath == "transform.scale" ? .number(number(-0.3, 0.3)) : value(keyPath)
            }
            if type == "spring" {
                if chance(0.5) {
                    members["perceptualDuration"] = .number(number(0.2, 0.8))
                    members["bounce"] = .number(number(-0.3, 0.6))
                } else {
                    members["stiffness"] = .number(number(50, 400))
                    members["damping"] = .number(number(4, 30))
                    if chance(0.3) { members["mass"] = .number(number(0.5, 2)) }
                    if chance(0.3) { members["initialVelocity"] = .number(number(-5, 5)) }
                }
            }
        }
        if type != "spring" || chance(0.5) { members["duration"] = .number(number(0.15, 0.6)) }
        timing(&members, repeats: chance(0.4))
        if numeric, keyPath != "transform.scale.x", chance(0.2) { members["additive"] = true }
        return .object(members)
    }

    private mutating func timing(_ members: inout [String: JSONValue], repeats: Bool) {
        if chance(0.4) { members["beginTime"] = .number(number(0, 0.3)) }
        if chance(0.25) { members["speed"] = .number(pick([0.5, 2, 1.5])) }
        if chance(0.15) { members["timeOffset"] = .number(number(0, 0.3)) }
        if repeats {
            if chance(0.2) { members["repeatDuration"] = .number(number(0.3, 1.2)) } else { members["repeatCount"] = .number(pick([2, 1.5, 0.5, 3])) }
            if chance(0.5) { members["autoreverses"] = true }
            if chance(0.3), members["type"] != "group" { members["cumulative"] = true }
        }
        members["fillMode"] = .string(pick(["removed", "forwards", "backwards", "both"]))
        if chance(0.6) { members["removedOnCompletion"] = false }
        if chance(0.3) { members["timingFunction"] = .string(pick(["easeIn", "easeOut", "easeInEaseOut", "cubic-bezier(0.3, -0.5, 0.7, 1.5)", "steps(3)"])) }
    }

    private func decode(name: String, body: [String: JSONValue]) -> ComponentDefinition {
        var document = body
        document["name"] = .string(name)
        document["kind"] = "animation"
        document["version"] = "1.0.0"
        document["summary"] = "generated"
        return try! DefinitionDecoder.decode(text: JSONValue.object(document).canonicalText, file: "\(name).json")
    }
}
