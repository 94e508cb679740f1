import CatalogEngine
import CatalogModel
import Foundation

/// Samples an animation component without any object — what `catalog sample` prints — in the
/// JSON form of docs/CommandLine.md or as a table.
///
/// ```swift
/// let sampling = try AnimationSampling(definition: fadeIn, parameters: ["duration": "0.5"])
/// sampling.json(at: [0, 0.25]).prettyText
/// // {"name": "fade-in", "samples": [{"t": 0, "progress": 0, "iteration": 0, "values": {"opacity": 0}}, …]}
/// ```
public struct AnimationSampling: Sendable {
    /// The component's name (the file's, for a definition read from one).
    public let name: String
    /// What is sampled: the animation, or what it becomes under reduced motion.
    package let effect: ReducedMotionEffect

    /// - Parameters:
    ///   - definition: an animation component.
    ///   - parameters: `name → text` as given on the command line (`--param k=v`), converted to
    ///     each parameter's declared type.
    ///   - file: names the source in errors (the component's name when nil).
    ///   - reducedMotion: sample what the definition's `reducedMotion:` makes of it (`none`,
    ///     `fade`, `shorten`; a `component` policy is the caller's to resolve: sample that one).
    ///   - context: the reference box and token sets it reads.
    public init(
        definition: ComponentDefinition, parameters: [String: String] = [:], file: String? = nil,
        reducedMotion: Bool = false, context: DefinitionContext = DefinitionContext()
    ) throws(DefinitionError) {
        let file = file ?? definition.name
        let values = try definition.parameterValues(text: parameters, file: file)
        self.init(
            name: definition.name, animation: try AnimationDefinition(definition, parameters: values, file: file, context: context),
            reducedMotion: reducedMotion ? definition.reducedMotion : nil)
    }

    /// An animation already made evaluable (a stored version compiled once, see
    /// ``ComponentResolver/sampling(of:parameters:reducedMotion:)``), played as `reducedMotion`
    /// says (nil: as written).
    package init(name: String, animation: AnimationDefinition, reducedMotion: ReducedMotion? = nil) {
        self.name = name
        effect = ReducedMotionEffect(AnimationEffect(animation), motion: reducedMotion)
    }

    /// The effect's timing and values at each of `times`.
    package func samples(at times: [Double]) -> [EffectSample] {
        var samples: [EffectSample] = []
        samples.reserveCapacity(times.count)
        effect.forEachSample(at: times) { index, progress, iteration, values in
            samples.append(EffectSample(time: times[index], progress: progress, iteration: iteration, values: Array(values)))
        }
        return samples
    }

    /// `{"name", "samples": [{"t", "progress", "iteration", "values": {property: value}}]}`.
    public func json(at times: [Double]) -> JSONValue {
        let names = effect.properties.map(\.name)
        let samples = self.samples(at: times).map { sample -> JSONValue in
            var values: [String: JSONValue] = [:]
            for (name, value) in zip(names, sample.values) { values[name] = value.propertyValue.jsonValue }
            return [
                "t": .number(sample.time), "progress": sample.progress.map(JSONValue.number) ?? .null,
                "iteration": sample.iteration.map(JSONValue.number) ?? .null, "values": .object(values)
            ]
        }
        return ["name": .string(name), "samples": .array(samples)]
    }

    /// ``json(at:)``'s `prettyText`, written a piece at a time to `write` as the samples are
    /// computed: the same bytes, without the document in memory (`sample --format json`).
    package func writeJSON(at times: [Double], to write: (String) -> Void) {
        writeJSON(at: times, bytes: { write(String(decoding: $0, as: UTF8.self)) })
    }

    /// The same document as UTF-8, handed to `write` about 64 KiB at a time (the bytes are
    /// valid only during the call). Numbers and punctuation go straight into a byte buffer
    /// (``JSONBytes``); no `JSONValue` or `String` is built per sample.
    package func writeJSON(at times: [Double], bytes write: (UnsafeRawBufferPointer) -> Void) {
        var json = JSONBytes()
        json.append("{\n  \"name\": ")
        json.string(name)
        json.append(",\n  \"samples\": ")
        guard !times.isEmpty else {
            json.append("[]\n}")
            return json.flush(to: write)
        }
        json.append("[\n")
        // Values in key order, as a JSON object's members print; each member's opening
        // (indent, quoted name, colon) made once.
        let names = effect.properties.map(\.name)
        let column = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { _, later in later })
        let members: [(opening: [UInt8], column: Int)] = Set(names).sorted().map { name in
            var opening = "        "
            JSONValue.writeString(name, into: &opening)
            opening += ": "
            return (Array(opening.utf8), column[name]!)
        }
        effect.forEachSample(at: times) { index, progress, iteration, values in
            json.append("    {\n      \"iteration\": ")
            if let iteration { json.number(iteration) } else { json.append("null") }
            json.append(",\n      \"progress\": ")
            if let progress { json.number(progress) } else { json.append("null") }
            json.append(",\n      \"t\": ")
            json.number(times[index])
            json.append(",\n      \"values\": ")
            if members.isEmpty {
                json.append("{}")
            } else {
                json.append("{\n")
                for (position, member) in members.enumerated() {
                    json.append(member.opening)
                    Self.write(values.baseAddress! + member.column, into: &json)
                    json.append(position < members.count - 1 ? ",\n" : "\n")
                }
                json.append("      }")
            }
            json.append(index < times.count - 1 ? "\n    },\n" : "\n    }\n")
            if json.count >= 1 << 16 { json.flush(to: write) }
        }
        json.append("  ]\n}")
        json.flush(to: write)
    }

    /// A value as `propertyValue.jsonValue` prints nested in a sample: numbers and lists of
    /// numbers on one line, written directly.
    /// Read where it is stored: passing the 130-byte value copied it for every sample.
    private static func write(_ value: UnsafePointer<AnimatedValue>, into json: inout JSONBytes) {
        // A list of `count` numbers, read by index: no array is built per value.
        func list(_ count: Int, _ number: (Int) -> Double) {
            json.append("[")
            for index in 0..<count {
                if index > 0 { json.append(",") }
                json.number(number(index))
            }
            json.append("]")
        }
        switch value.pointee {
        case .number(let n): json.number(n)
        case .transform(let m): list(16) { i in (i < 4 ? m.r1 : i < 8 ? m.r2 : i < 12 ? m.r3 : m.r4)[i % 4] }
        case .color(let c): list(4) { SIMD4(c.red, c.green, c.blue, c.alpha)[$0] }
        case .point(let p): list(2) { $0 == 0 ? p.x : p.y }
        case .size(let s): list(2) { $0 == 0 ? s.width : s.height }
        case .rect(let r): list(4) { SIMD4(r.x, r.y, r.width, r.height)[$0] }
        case .discrete(let v):
            var text = ""
            v.jsonValue.writePretty(into: &text, indent: "        ")
            json.append(Array(text.utf8))
        }
    }

    /// Header and rows for a table: t, progress, iteration, then one column per property.
    package func table(at times: [Double]) -> (header: [String], rows: [[String]]) {
        let header = ["t", "progress", "iteration"] + effect.properties.map(\.name)
        let rows = samples(at: times).map { sample in
            [Self.short(sample.time), sample.progress.map(Self.short) ?? "-", sample.iteration.map(Self.short) ?? "-"]
                + sample.values.map(\.displayText)
        }
        return (header, rows)
    }

    /// Up to 6 significant digits, as browsers print computed values.
    static func short(_ value: Double) -> String {
        guard value.isFinite else { return value > 0 ? "inf" : value < 0 ? "-inf" : "nan" }
        let text = String(format: "%.6g", value)
        return text == "-0" ? "0" : text
    }
}

extension AnimatedValue {
    /// Human text: numbers to 6 significant digits, transforms as CSS `matrix()` (or
    /// `matrix3d()` when 3D), colours as `rgba(r, g, b, a)` with channels 0–255.
    public var displayText: String {
        let short = AnimationSampling.short
        switch self {
        case .number(let n): return short(n)
        case .transform(let m):
            if m.is2D { return "matrix(\([m.m11, m.m12, m.m21, m.m22, m.m41, m.m42].map(short).joined(separator: ", ")))" }
            return "matrix3d(\(m.entries.map(short).joined(separator: ", ")))"
        case .color(let c):
            return "rgba(\([c.red, c.green, c.blue].map { short(($0 * 255 * 1000).rounded() / 1000) }.joined(separator: ", ")), \(short(c.alpha)))"
        case .point(let p): return "(\(short(p.x)), \(short(p.y)))"
        case .size(let s): return "\(short(s.width))×\(short(s.height))"
        case .rect(let r): return "(\(short(r.x)), \(short(r.y)), \(short(r.width)), \(short(r.height)))"
        case .discrete(let v): return v.jsonValue.canonicalText
        }
    }
}
