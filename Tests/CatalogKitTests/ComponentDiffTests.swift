import CatalogKit
import Foundation
import TestSupport
import Testing

/// `catalog diff`: the fields, checked by applying them — the old version's document with every
/// change applied is the new one's —, and the motion, checked against sampling both versions by
/// hand on a grid ten times finer.
struct ComponentDiffTests {
    let folder = TemporaryFolder()

    /// `document` with one value set (nil: removed) at a path as the diff prints it (`a.b[2].c`).
    static func setting(_ document: JSONValue, _ path: Substring, to value: JSONValue?) -> JSONValue? {
        guard !path.isEmpty else { return value }
        if path.first == "[" {
            let close = path.firstIndex(of: "]")!
            let index = Int(path[path.index(after: path.startIndex)..<close])!
            var rest = path[path.index(after: close)...]
            if rest.first == "." { rest = rest.dropFirst() }
            var items = document.arrayValue ?? []
            while items.count <= index { items.append(.null) }
            if let new = setting(items[index], rest, to: value) { items[index] = new } else { items.remove(at: index) }
            return .array(items)
        }
        let end = path.firstIndex { $0 == "." || $0 == "[" } ?? path.endIndex
        let key = String(path[..<end])
        var rest = path[end...]
        if rest.first == "." { rest = rest.dropFirst() }
        guard case .object(var members) = document else { return document }
        members[key] = setting(members[key] ?? .object([:]), rest, to: value)
        return .object(members)
    }

    /// How far apart two values are, as the diff documents it: per kind, the largest component.
    static func distance(_ a: AnimatedValue, _ b: AnimatedValue) -> Double {
        switch (a, b) {
        case (.number(let x), .number(let y)): abs(x - y)
        case (.transform(let x), .transform(let y)): zip(x.entries, y.entries).map { abs($0 - $1) }.max()!
        case (.color(let x), .color(let y)): max(abs(x.red - y.red), abs(x.green - y.green), abs(x.blue - y.blue), abs(x.alpha - y.alpha))
        default: a == b ? 0 : 1
        }
    }

    /// Adds `a` as 1.0.0 and `b` as 2.0.0 of one component and checks the diff between them.
    func check(_ a: ComponentDefinition, _ b: ComponentDefinition, in catalog: Catalog, name: String) throws -> [String] {
        func renamed(_ definition: ComponentDefinition, _ version: String) throws -> ComponentDefinition {
            guard case .object(var members) = definition.document else { throw CancellationError() }
            members["name"] = .string(name)
            members["version"] = .string(version)
            return try ComponentDefinition(json: .object(members), file: name)
        }
        try catalog.components.add([try renamed(a, "1.0.0")])
        try catalog.components.add([try renamed(b, "2.0.0")])
        let diff = try catalog.diff("\(name)@1.0.0", name)
        var problems: [String] = []
        // The fields: applied to the old document, they make the new one.
        let old = try JSONValue(jsonData: Data(diff.from.definition.utf8)), new = try JSONValue(jsonData: Data(diff.to.definition.utf8))
        var patched: JSONValue? = old
        // Removals from the end of a list first, so that indices stay right.
        for change in diff.fields.reversed() { patched = Self.setting(patched!, Substring(change.path), to: change.new) }
        if patched != new {
            problems.append(
                "\(name): the fields do not turn the old version into the new one: \(diff.fields.map { "\($0.path) \($0.kind)" })\nold \(old.canonicalText)\nnew \(new.canonicalText)\npatched \(patched?.canonicalText ?? "nil")"
            )
        }
        #expect(diff.fields.contains { $0.path == "version" })
        // The motion: each property's largest difference, against a grid ten times finer, by hand.
        let (x, y) = (try catalog.sampling(of: "\(name)@1.0.0").effect, try catalog.sampling(of: "\(name)@2.0.0").effect)
        let span = diff.span
        for change in diff.motion {
            // A property one version does not animate shows its initial value there.
            func value(_ effect: ReducedMotionEffect, _ t: Double) -> AnimatedValue {
                if let index = effect.properties.firstIndex(where: { $0.name == change.property }) { return effect.sample(at: t).values[index] }
                return AnimatedValue((x.properties + y.properties).first { $0.name == change.property }!.initialValue)
            }
            // Where the diff says the difference is largest, it is that large.
            let there = Self.distance(value(x, change.at), value(y, change.at))
            if abs(there - change.largest) > 1e-9 * max(1, change.largest) {
                problems.append("\(name) \(change.property): \(change.largest) at \(change.at), but the versions there are \(there) apart")
            }
            var largest = 0.0, at = 0.0
            for step in 0...20_000 {
                let t = span * Double(step) / 20_000
                let d = Self.distance(value(x, t), value(y, t))
                if d > largest { (largest, at) = (d, t) }
            }
            if change.largest < largest - 1e-6 * max(1, largest) {
                problems.append("\(name) \(change.property): largest \(change.largest) at \(change.at), but \(largest) at \(at)")
            }
        }
        return problems
    }

    @Test func seededPairsDiffAsSamplingBothByHandSays() throws {
        let catalog = try Catalog(path: folder.file("c.sqlite"), loadBuiltIns: false)
        var generator = GeneratedDefinitions(seed: 0xD1FF)
        var problems: [String] = [], compared = 0
        for index in 0..<30 {
            let make: (inout GeneratedDefinitions, String) -> ComponentDefinition =
                index % 2 == 0
                ? { $0.webDefinition(name: $1) } : { $0.coreAnimationDefinition(name: $1) }
            let (a, b) = (make(&generator, "a"), make(&generator, "b"))
            problems += try check(a, b, in: catalog, name: "pair-\(index)")
            compared += 1
        }
        #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.prefix(20).joined(separator: "\n"))")
        #expect(compared == 30)
    }

    /// Every built-in against a copy with one value changed: the field, and the motion it moves.
    @Test func aBuiltInWithOneValueChangedShowsThatFieldAndItsMotion() throws {
        let catalog = try Catalog(path: folder.file("b.sqlite"))
        let pop = try #require(try catalog.components.get("pop")).decode()
        guard case .object(var members) = pop.document, case .object(var animation)? = members["animation"] else { throw CancellationError() }
        animation["values"] = [0.5, 1.25, 1]
        members["animation"] = .object(animation)
        members["version"] = "1.2.0"
        try catalog.components.add([try ComponentDefinition(json: .object(members), file: "pop.json")])
        let diff = try catalog.diff("pop@1.1.0", "pop")
        #expect(diff.fields.map(\.path) == ["animation.values[1]", "version"])
        #expect(diff.fields[0].old == .number(1.1) && diff.fields[0].new == .number(1.25) && diff.fields[0].kind == .changed)
        // scale 1.1 → 1.25 at the keyframe (0.7 of 0.3 s), where the difference is largest.
        let motion = try #require(diff.motion.first)
        #expect(diff.motion.count == 1 && motion.property == "transform")
        #expect(abs(motion.largest - 0.15) < 1e-9 && abs(motion.at - 0.21) < 1e-6, "\(motion.largest) at \(motion.at)")
        // The same version against itself: nothing changed, no motion moved.
        let same = try catalog.diff("pop@1.2.0", "pop")
        #expect(same.fields.isEmpty && same.motion.allSatisfy { $0.largest == 0 })
        // Not an animation: fields only.
        let layouts = try catalog.diff("cascading-layout@1.0.0", "decorating-layout")
        #expect(!layouts.fields.isEmpty && layouts.motion.isEmpty)
    }
}
