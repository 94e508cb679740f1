import CatalogEngine
import CatalogModel
import Foundation

/// What changed between two kept versions of a component — what `catalog diff` prints: every
/// field that differs, by its path in the definition (old → new), and, for animations, what the
/// change does to the motion: per property, the largest difference between the two versions'
/// values over their span, where it happens and the two values there.
///
/// Differences are measured in each value's own units: a number's absolute difference, a colour's
/// largest channel difference (0…1), a transform's largest matrix entry difference, a point's or
/// size's largest coordinate difference, a discrete value's 1 where it differs. A property only
/// one version animates is compared with its initial value.
///
/// ```swift
/// let diff = try catalog.diff("bounce-select@1.0.0", "bounce-select")
/// diff.fields.map(\.path)      // ["animation.values[1]", "version", …]
/// diff.motion.first?.property  // "transform"
/// ```
public struct ComponentDiff: Sendable {
    /// One field that differs.
    public struct FieldChange: Sendable, Equatable {
        /// How the field differs.
        public enum Kind: String, Sendable {
            /// In both versions, with different values.
            case changed
            /// Only in the new version.
            case added
            /// Only in the old version.
            case removed
        }
        /// Where, as errors print paths (`animation.animations[1].values[0]`).
        public var path: String
        /// Changed, added or removed.
        public var kind: Kind
        /// The old version's value (nil when added).
        public var old: JSONValue?
        /// The new version's value (nil when removed).
        public var new: JSONValue?
    }

    /// The largest difference one property's values show between the versions.
    public struct MotionChange: Sendable {
        /// The animated property (`opacity`, `transform`).
        public var property: String
        /// In the value's own units (see ``ComponentDiff``); 0 when the motion is the same.
        public var largest: Double
        /// Seconds from the start where it is largest (the earliest such time on the grid).
        public var at: Double
        package var old: AnimatedValue
        package var new: AnimatedValue
    }

    /// The older version compared.
    public let from: StoredComponent
    /// The newer version compared.
    public let to: StoredComponent
    /// The fields of the definition that differ, in document order.
    public let fields: [FieldChange]
    /// Per property (sorted by name), for two animations; empty otherwise.
    public let motion: [MotionChange]
    /// The span compared (seconds): from 0 to the later version's end (10 s when one repeats forever).
    package let span: Double

    /// How many instants the span is sampled at, before the largest difference is refined.
    static let gridCount = 2000
    /// The span compared when an animation repeats forever.
    static let endlessSpan = 10.0

    init(from: StoredComponent, to: StoredComponent, old: AnimationSampling?, new: AnimationSampling?) throws {
        self.from = from
        self.to = to
        var fields: [FieldChange] = []
        Self.compare(try JSONValue(jsonData: Data(from.definition.utf8)), try JSONValue(jsonData: Data(to.definition.utf8)), at: FieldPath(), into: &fields)
        self.fields = fields
        guard let old, let new else {
            (motion, span) = ([], 0)
            return
        }
        func end(_ effect: ReducedMotionEffect) -> Double { effect.endTime.isFinite ? max(effect.endTime, 0) : Self.endlessSpan }
        span = max(end(old.effect), end(new.effect))
        motion = Self.motion(old.effect, new.effect, span: span)
    }

    /// Every field where `a` and `b` differ, depth first, members in name order.
    static func compare(_ a: JSONValue?, _ b: JSONValue?, at path: FieldPath, into changes: inout [FieldChange]) {
        switch (a, b) {
        case (.object(let x)?, .object(let y)?):
            for key in Set(x.keys).union(y.keys).sorted() { compare(x[key], y[key], at: path.appending(key), into: &changes) }
        case (.array(let x)?, .array(let y)?):
            // (`JSONValue?.none`, not `nil`: JSONValue takes a nil literal as its own `null`.)
            for index in 0..<max(x.count, y.count) {
                let (old, new): (JSONValue?, JSONValue?) = (x.indices.contains(index) ? x[index] : .none, y.indices.contains(index) ? y[index] : .none)
                compare(old, new, at: path.appending(index: index), into: &changes)
            }
        case (nil, let new?): changes.append(FieldChange(path: path.description, kind: .added, old: nil, new: new))
        case (let old?, nil): changes.append(FieldChange(path: path.description, kind: .removed, old: old, new: nil))
        case (let old?, let new?) where old != new: changes.append(FieldChange(path: path.description, kind: .changed, old: old, new: new))
        default: break
        }
    }

    /// Per property, the largest difference over a grid of the span, refined around its peak.
    static func motion(_ old: ReducedMotionEffect, _ new: ReducedMotionEffect, span: Double) -> [MotionChange] {
        // Each version's values by property name; a property the other does not animate shows its initial value.
        var properties: [String: AnimatableProperty] = [:]
        for property in old.properties + new.properties where properties[property.name] == nil { properties[property.name] = property }
        let names = properties.keys.sorted()
        func values(_ effect: ReducedMotionEffect, at t: Double) -> [AnimatedValue] {
            let sample = effect.sample(at: t)
            let byName = Dictionary(zip(effect.properties.map(\.name), sample.values)) { _, last in last }
            return names.map { byName[$0] ?? AnimatedValue(properties[$0]!.initialValue) }
        }
        func differences(at t: Double) -> [Double] {
            zip(values(old, at: t), values(new, at: t)).map { difference($0, $1) }
        }
        let count = span > 0 ? gridCount : 0
        var best = names.map { _ in (difference: -1.0, at: 0.0) }
        for step in 0...count {
            let t = count == 0 ? 0 : span * Double(step) / Double(count)
            for (index, d) in differences(at: t).enumerated() where d > best[index].difference { best[index] = (d, t) }
        }
        // A peak between grid points: a ternary search (40 rounds, each keeping two thirds) in the
        // grid steps either side of the best one.
        if count > 0 {
            let h = span / Double(count)
            for index in names.indices where best[index].difference > 0 {
                var (low, high) = (max(0, best[index].at - h), min(span, best[index].at + h))
                for _ in 0..<40 {
                    let (a, b) = (low + (high - low) / 3, high - (high - low) / 3)
                    let (da, db) = (differences(at: a)[index], differences(at: b)[index])
                    for (t, d) in [(a, da), (b, db)] where d > best[index].difference { best[index] = (d, t) }
                    if da < db { low = a } else { high = b }
                }
            }
        }
        return names.indices.map { index in
            let t = best[index].at
            return MotionChange(
                property: names[index], largest: max(best[index].difference, 0), at: t,
                old: values(old, at: t)[index], new: values(new, at: t)[index])
        }
    }

    /// How far apart two values are, in their own units.
    static func difference(_ a: AnimatedValue, _ b: AnimatedValue) -> Double {
        switch (a, b) {
        case (.number(let x), .number(let y)): return abs(x - y)
        case (.color(let x), .color(let y)):
            return [x.red - y.red, x.green - y.green, x.blue - y.blue, x.alpha - y.alpha].map(abs).max()!
        case (.transform(let x), .transform(let y)): return zip(x.entries, y.entries).map { abs($0 - $1) }.max() ?? 0
        case (.point(let x), .point(let y)): return max(abs(x.x - y.x), abs(x.y - y.y))
        case (.size(let x), .size(let y)): return max(abs(x.width - y.width), abs(x.height - y.height))
        case (.rect(let x), .rect(let y)):
            return [x.x - y.x, x.y - y.y, x.width - y.width, x.height - y.height].map(abs).max()!
        default: return a == b ? 0 : 1
        }
    }

    /// `{"from": {"name", "version"}, "to": {…}, "fields": [{"path", "change", "old", "new"}],
    /// "motion": {"span", "properties": [{"property", "largest", "at", "old", "new"}]}}` — `old`
    /// left out where a field was added, `new` where it was removed.
    public var json: JSONValue {
        let fields: [JSONValue] = self.fields.map { change in
            var members: [String: JSONValue] = ["path": .string(change.path), "change": .string(change.kind.rawValue)]
            if let old = change.old { members["old"] = old }
            if let new = change.new { members["new"] = new }
            return .object(members)
        }
        let motion: [JSONValue] = self.motion.map { change in
            [
                "property": .string(change.property), "largest": .number(change.largest), "at": .number(change.at),
                "old": change.old.propertyValue.jsonValue, "new": change.new.propertyValue.jsonValue
            ]
        }
        return [
            "from": ["name": .string(from.name), "version": .string(from.version)],
            "to": ["name": .string(to.name), "version": .string(to.version)],
            "fields": .array(fields),
            "motion": ["span": .number(span), "properties": .array(motion)]
        ]
    }
}

extension Catalog {
    /// What changed from the version `from` names to the one `to` names (each `NAME@VERSION`, or
    /// `NAME` for the current version): fields, and for two animations the motion (sampled with
    /// their parameters' defaults). Unknown names and versions are the errors `show` gives.
    ///
    /// ```swift
    /// let diff = try catalog.diff("pop@1.0.0", "pop")
    /// ```
    public func diff(_ from: String, _ to: String) throws -> ComponentDiff {
        let old = try components.version(ComponentReference(from)), new = try components.version(ComponentReference(to))
        func sampling(_ stored: StoredComponent) throws -> AnimationSampling? {
            stored.kind == .animation ? try self.sampling(of: "\(stored.name)@\(stored.version)") : nil
        }
        return try ComponentDiff(from: old, to: new, old: try sampling(old), new: try sampling(new))
    }
}

extension Catalog {
    /// What a draft (an editor's definition, not stored; `source` names it in errors) changes
    /// from the version `from` names: ``diff(_:_:)``'s answer with the draft as the newer side,
    /// refused as `validate` refuses it.
    package func diff(_ from: String, draft text: String, source: String) throws -> ComponentDiff {
        let definitions = try DefinitionDecoder.decodeAll(text: text, file: source)
        guard definitions.count == 1 else { throw ComponentLookupError.notOneDefinition(file: source, count: definitions.count, purpose: "diff") }
        return try diff(from, draft: definitions[0], source: source)
    }

    /// The same for a draft already decoded (a registry's newer version, before `update` writes it).
    package func diff(_ from: String, draft definition: ComponentDefinition, source: String) throws -> ComponentDiff {
        let old = try components.version(ComponentReference(from))
        let new = StoredComponent(
            name: definition.name, version: definition.version.description, kind: definition.kind, summary: definition.summary,
            tags: definition.tags, contentHash: definition.contentHash, definition: definition.canonicalJSON, addedSeq: 0)
        guard old.kind == .animation, new.kind == .animation else { return try ComponentDiff(from: old, to: new, old: nil, new: nil) }
        let resolver = ComponentResolver(catalog: self)
        return try ComponentDiff(
            from: old, to: new, old: try sampling(of: "\(old.name)@\(old.version)"), new: try resolver.sampling(draft: definition, source: source))
    }
}
