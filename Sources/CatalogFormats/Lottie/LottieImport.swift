import CatalogModel
import Foundation

/// A Lottie document as catalog definitions: each animated layer's transform, opacity and fill,
/// in Core Animation's vocabulary, each keyframe's cubic bézier handles its segment's
/// `cubic-bezier()`, a hold `steps(1, jump-end)`.
///
/// A plain layer animates one component per property (`transform.translation.x` and `.y`,
/// `transform.rotation.z`, `transform.scale.x` and `.y`, about `anchorPoint` in units of the
/// canvas) — setting one component keeps the others, so together they compose Lottie's
/// translate · rotate · scale. A layer with parents, a skew, or an anchor on keyframes of its own
/// becomes a stack of additive `transform` animations, one per function of the matrix a player
/// composes. Then `opacity`, `backgroundColor`, and `hidden` outside the layer's `ip`…`op`. One
/// layer makes an animation; several, a chain with one role per layer (its `nm` in kebab case),
/// all starting together.
///
/// Recognised by its shape (`layers`, `fr`, `ip`, `op`). What the catalog cannot play is
/// refused per layer with the reason — or, with `skipUnsupported`, left out and listed.
///
/// ```swift
/// let imported = try LottieImport.definitions(json: lottie, file: "loader.json", name: "loader")
/// imported.definitions.first?.document["kind"]   // "animation" (one animated layer)
/// ```
package enum LottieImport {
    /// Whether a JSON document is a Lottie document rather than a definition.
    package static func isLottie(_ json: JSONValue) -> Bool {
        guard case .object(let members) = json, members["kind"] == nil else { return false }
        return members["layers"]?.arrayValue != nil && members["fr"]?.numberValue != nil
            && members["ip"]?.numberValue != nil && members["op"]?.numberValue != nil
    }

    /// The definitions a Lottie document makes, and the layers left out (with
    /// `skipUnsupported`), each as `layer N "nm": reason`.
    package static func definitions(json: JSONValue, file: String, name: String, skipUnsupported: Bool = false) throws(DefinitionError)
        -> (definitions: [ImportedDefinition], skipped: [String])
    {
        let (layers, skipped) = try roles(json: json, file: file, skipUnsupported: skipUnsupported)
        if layers.count == 1 { return ([ImportedDefinition(name: name, body: .coreAnimation(layers[0].body))], skipped) }
        let steps = layers.map { ImportedDefinition.ConcurrentStep(role: $0.role, animation: $0.body) }
        return ([ImportedDefinition(name: name, body: .concurrentChain(steps))], skipped)
    }

    /// Each role the document's drawn parts make (its name, its body, and where it is drawn:
    /// ``LottieSource/Layer/source`` and ``LottieSource/Layer/groupPath``), and the parts left
    /// out with `skipUnsupported`. A document whose parts are all still is one role that holds
    /// its first part where it is; one whose every part the catalog cannot play is refused.
    package static func roles(json: JSONValue, file: String, skipUnsupported: Bool = false) throws(DefinitionError)
        -> (roles: [(role: String, body: JSONValue, source: [Int], groups: [Int])], skipped: [String])
    {
        let document = try LottieSource(json, file: file)
        var layers: [(role: String, body: JSONValue, source: [Int], groups: [Int])] = [], skipped: [String] = []
        var still: (role: String, layer: LottieSource.Layer)?
        for (layerName, location, read) in document.layers {
            do throws(LottieSource.Unsupported) {
                guard let layer = try read.get() else { continue }
                // A layer that never shows draws nothing: neither a role nor the still picture.
                if visibility(layer.shown, in: document)?.always == true { continue }
                guard let body = try animation(of: layer, in: document) else {
                    if still == nil { still = (layerName, layer) }
                    continue
                }
                layers.append((layerName, body, layer.source, layer.groupPath))
            } catch {
                guard skipUnsupported else {
                    throw DefinitionError(
                        file: file, path: location,
                        rule: "\"\(layerName)\": \(error.reason) is not supported (--skip-unsupported leaves such layers out)")
                }
                skipped.append("\(location) \"\(layerName)\": \(error.reason)")
            }
        }
        if layers.isEmpty, let still {
            // Nothing moves: the document is a still picture, held as its first part stands.
            layers.append((still.role, held(still.layer, in: document), still.layer.source, still.layer.groupPath))
        }
        guard !layers.isEmpty else {
            throw DefinitionError(
                file: file, path: "layers",
                rule: "no layer draws anything the catalog plays"
                    + (skipped.first.map { " (\(skipped.count) left out; the first, \($0))" } ?? ""))
        }
        var roles: [String] = []
        for index in layers.indices {
            var role = kebab(layers[index].role)
            if role.isEmpty || roles.contains(role) { role = "layer-\(roles.count + 1)" }
            roles.append(role)
            layers[index].role = role
        }
        return (layers, skipped)
    }

    /// A writer of the document's keyframes, and its length in seconds (one frame at least).
    private static func timeline(of document: LottieSource) -> (keyframes: KeyframeWriter, span: Double) {
        (
            KeyframeWriter(frameRate: document.frameRate, inPoint: document.inPoint),
            max((document.outPoint - document.inPoint) / document.frameRate, 1 / document.frameRate)
        )
    }

    /// A layer's Core Animation group: its children over the document's length, holding the end.
    private static func group(_ children: [JSONValue], span: Double) -> JSONValue {
        ["type": "group", "duration": .number(span), "fillMode": "both", "removedOnCompletion": false, "animations": .array(children)]
    }

    /// A still layer's group: its transform and opacity held through the document.
    private static func held(_ layer: LottieSource.Layer, in document: LottieSource) -> JSONValue {
        let (keyframes, span) = timeline(of: document)
        var children = stackChildren(layer, keyframes: keyframes, span: span)
        if case .fixed(let v) = layer.opacity { children.append(keyframes.fixed("opacity", .number(v[0] / 100), span: span)) }
        return group(children, span: span)
    }

    /// A layer's Core Animation group; nil when it animates nothing (a static layer).
    static func animation(of layer: LottieSource.Layer, in document: LottieSource) throws(LottieSource.Unsupported) -> JSONValue? {
        let (keyframes, span) = timeline(of: document)
        let transform =
            (try? componentChildren(layer, in: document, keyframes: keyframes, span: span))
            ?? stackChildren(layer, keyframes: keyframes, span: span)
        // The stack's order is its meaning: the transform first, as made; then opacity and fill.
        var children = transform
        let start = layer.startTime
        if let c = keyframes.child("opacity", layer.opacity, start: start, { .number($0[0] / 100) }) {
            children.append(c)
        } else if case .fixed(let v) = layer.opacity, v[0] != 100 {
            children.append(keyframes.fixed("opacity", .number(v[0] / 100), span: span))
        }
        switch layer.fill {
        case .animated?:
            if let c = keyframes.child("backgroundColor", layer.fill!, start: start, { v in .array(v.prefix(4).map(JSONValue.number)) }) { children.append(c) }
        case .fixed(let color)?:
            children.append(keyframes.fixed("backgroundColor", .array(color.prefix(4).map(JSONValue.number)), span: span))
        case nil: break
        }
        // A layer that never shows is left out before this (``roles(json:file:skipUnsupported:)``).
        if let hidden = visibility(layer.shown, in: document), !hidden.always { children.append(hidden.child) }
        guard children.contains(where: { $0["type"] == "keyframe" }) else { return nil }
        return group(children, span: span)
    }

    /// The transform one animation per component says — translation (position − anchor, axis by
    /// axis), rotation and scale about the anchor, `anchorPoint` in units of the canvas — when the
    /// layer has no parent and no skew, and its anchor holds or shares its keyframes with the
    /// position (else it throws). Held parts come as `basic` animations.
    private static func componentChildren(_ layer: LottieSource.Layer, in document: LottieSource, keyframes: KeyframeWriter, span: Double)
        throws(LottieSource.Unsupported) -> [JSONValue]
    {
        let transform = layer.transform
        guard layer.parents.isEmpty, layer.groups.isEmpty, !transform.skews, transform.motionPath == nil else {
            throw .init(reason: "parented, grouped, skewed or curved")
        }
        let size = (document.width, document.height), start = layer.startTime
        // x and y of the anchor (a 3D anchor's z aside; a lone number is both).
        let anchorAxes = [transform.anchor.component(0), transform.anchor.component(1)]
        // The anchor sits at the position: the layer moves by position − anchor, axis by axis — a
        // difference a keyframe animation says exactly where one side holds or both share their
        // keyframes' times and easings.
        var translation: [LottieSource.Property] = []
        for (position, anchor) in zip(transform.positionAxes, anchorAxes) {
            translation.append(try .difference(position, anchor, or: "an animated anchor whose keyframes are not its position's"))
        }
        let anchorPoint = try LottieSource.Property.joined(anchorAxes[0], anchorAxes[1], or: "an anchor whose axes have keyframes of their own")
            .map { [$0[0] / size.0, $0[1] / size.1] }
        var children: [JSONValue] = []
        // What does not animate is held at its value, the transform's parts over an identity.
        func add(_ keyPath: String, _ property: LottieSource.Property, identity: Double, _ value: @escaping (Double) -> Double) {
            if let c = keyframes.child(keyPath, property, start: start, { .number(value($0[0])) }) {
                children.append(c)
            } else if case .fixed(let v) = property, v[0] != identity {
                children.append(keyframes.fixed(keyPath, .number(value(v[0])), span: span))
            }
        }
        if case .fixed(let point) = anchorPoint {
            if point != [0.5, 0.5] { children.append(keyframes.fixed("anchorPoint", [.number(point[0]), .number(point[1])], span: span)) }
        } else if let c = keyframes.child("anchorPoint", anchorPoint, start: start, { .array($0.map(JSONValue.number)) }) {
            children.append(c)
        }
        add("transform.translation.x", translation[0], identity: 0) { $0 }
        add("transform.translation.y", translation[1], identity: 0) { $0 }
        add("transform.rotation.z", transform.rotation, identity: 0) { $0 * .pi / 180 }
        // A value with fewer dimensions than asked holds its last for the rest (scale [50] is 50 %, 50 %).
        add("transform.scale.x", transform.scale.component(0), identity: 100) { $0 / 100 }
        add("transform.scale.y", transform.scale.component(1), identity: 100) { $0 / 100 }
        return children
    }

    /// The transform as a player composes it, as a stack of additive `transform` animations about
    /// the canvas's origin — each parent's, outermost first, then the layer's own: translate by
    /// the position, rotate, skew (rotate to its axis, skewX, rotate back), scale, translate by
    /// −anchor. Core Animation concatenates additive transforms in order, each function keeps its
    /// own keyframes and easings, and CSS interpolates like functions one by one — so the stack
    /// plays exactly what a player draws, parenting and skew included.
    private static func stackChildren(_ layer: LottieSource.Layer, keyframes: KeyframeWriter, span: Double) -> [JSONValue] {
        typealias Function = (property: LottieSource.Property, start: Double, text: ([Double]) -> String, identity: [Double])
        enum Part {
            case function(Function)
            /// A position along a curved path: one animation per segment.
            case path([LottieSource.Keyframe], start: Double)
        }
        func n(_ value: Double) -> String { JSONValue.numberText(value == 0 ? 0 : value) }
        var parts: [Part] = []
        // A shape group is a parent of what it holds: inside the layer's own transform.
        for transform in layer.parents.reversed() + [layer.transform] + layer.groups {
            let start = transform.startTime
            if let path = transform.motionPath {
                parts.append(.path(path, start: start))
            } else {
                parts.append(.function((transform.positionAxes[0], start, { "translateX(\(n($0[0]))px)" }, [0])))
                parts.append(.function((transform.positionAxes[1], start, { "translateY(\(n($0[0]))px)" }, [0])))
            }
            parts.append(.function((transform.rotation, start, { "rotate(\(n($0[0]))deg)" }, [0])))
            if transform.skews {
                parts.append(.function((transform.skewAxis, start, { "rotate(\(n($0[0]))deg)" }, [0])))
                parts.append(.function((transform.skew, start, { "skewX(\(n(-$0[0]))deg)" }, [0])))
                parts.append(.function((transform.skewAxis, start, { "rotate(\(n(-$0[0]))deg)" }, [0])))
            }
            // A value with fewer dimensions than asked holds its last for the rest (scale [50] is 50 %, 50 %).
            let scale = transform.scale.map { [$0.first ?? 100, $0.count > 1 ? $0[1] : $0.first ?? 100] }
            parts.append(.function((scale, start, { "scale(\(n($0[0] / 100)), \(n($0[1] / 100)))" }, [100, 100])))
            let anchor = transform.anchor.map { [$0.first ?? 0, $0.count > 1 ? $0[1] : $0.first ?? 0] }
            parts.append(.function((anchor, start, { "translate(\(n(-$0[0]))px, \(n(-$0[1]))px)" }, [0, 0])))
        }
        var children: [JSONValue] = [keyframes.fixed("anchorPoint", [0, 0], span: span)]
        var held: [String] = []
        func flush() {
            guard !held.isEmpty else { return }
            children.append(keyframes.fixed("transform", .string(held.joined(separator: " ")), span: span, additive: true))
            held = []
        }
        for part in parts {
            switch part {
            case .function(let function):
                if let c = keyframes.child("transform", function.property, start: function.start, additive: true, { .string(function.text($0)) }) {
                    flush()
                    children.append(c)
                } else if case .fixed(let v) = function.property, Array(v.prefix(function.identity.count)) != function.identity {
                    held.append(function.text(v))
                }
            case .path(let path, let start):
                flush()
                children += keyframes.segments(path, start: start) { "translate(\(n($0[0]))px, \(n($0[1]))px)" }
            }
        }
        flush()
        return children
    }

    /// A `hidden` animation for a layer shown for part of the document (its `ip`/`op`): hidden
    /// before and after; `always` when it never shows. Nil when it shows throughout.
    private static func visibility(_ shown: Range<Double>, in document: LottieSource) -> (child: JSONValue, always: Bool)? {
        let (ip, op) = (document.inPoint, document.outPoint)
        guard shown.lowerBound > ip || shown.upperBound < op else { return nil }
        guard shown.lowerBound < op, shown.upperBound > ip, !shown.isEmpty else { return (.null, true) }
        // Discrete: each value holds from its key time to the next; one more key time than values.
        var values: [JSONValue] = [], times: [Double] = [ip]
        if shown.lowerBound > ip { values.append(true); times.append(shown.lowerBound) }
        values.append(false)
        if shown.upperBound < op { values.append(true); times.append(shown.upperBound) }
        times.append(op)
        let child: JSONValue = [
            "type": "keyframe", "keyPath": "hidden", "calculationMode": "discrete", "values": .array(values),
            "keyTimes": .array(times.map { .number(($0 - ip) / (op - ip)) }),
            "duration": .number((op - ip) / document.frameRate), "fillMode": "both", "removedOnCompletion": false
        ]
        return (child, false)
    }

    /// `Loading Spinner` → `loading-spinner`; letters beyond ASCII transliterated where Unicode
    /// says how (`Précomp` → `precomp`, `360º` → `360o`), else written as their code point
    /// (`形状` → `u5f62-u72b6`), so a name is never lost to a generic word.
    static func kebab(_ text: String) -> String {
        var ascii = ""
        for scalar in text.decomposedStringWithCompatibilityMapping.unicodeScalars {
            if scalar.isASCII { ascii.unicodeScalars.append(scalar); continue }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: continue  // the accents of decomposed letters
            default:
                if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                    ascii += " u" + String(scalar.value, radix: 16) + " "
                } else {
                    ascii += " "
                }
            }
        }
        var out = ""
        var previous: Character?
        for character in ascii {
            if character.isLetter || character.isNumber {
                if character.isUppercase, let previous, previous.isLowercase || previous.isNumber { out.append("-") }
                out += character.lowercased()
            } else if !out.isEmpty, out.last != "-" {
                out.append("-")
            }
            previous = character
        }
        while out.hasSuffix("-") { out.removeLast() }
        return ComponentDefinition.isValidName(out) ? out : ""
    }
}

/// Writes a Lottie property's keyframes as a Core Animation keyframe animation on the document's
/// clock (seconds from its `ip`): times in the layer's time (less its start), each keyframe's
/// easing its segment's timing function, held before and after.
struct KeyframeWriter {
    let frameRate: Double, inPoint: Double

    /// The animation; nil when the property holds.
    func child(
        _ keyPath: String, _ property: LottieSource.Property, start: Double, additive: Bool = false,
        _ value: ([Double]) -> JSONValue
    ) -> JSONValue? {
        guard case .animated(let keyframes) = property, let first = keyframes.first, let last = keyframes.last, last.time > first.time else {
            return nil
        }
        let (begin, end) = (first.time + start, last.time + start)
        var child: [String: JSONValue] = [
            "type": "keyframe", "keyPath": .string(keyPath),
            "values": .array(keyframes.map { value($0.value) }),
            "keyTimes": .array(keyframes.map { .number(($0.time - first.time) / (last.time - first.time)) }),
            "timingFunctions": .array(keyframes.dropLast().map { .string($0.easing) }),
            "beginTime": .number((begin - inPoint) / frameRate), "duration": .number((end - begin) / frameRate),
            "fillMode": "both", "removedOnCompletion": false
        ]
        if additive { child["additive"] = true }
        return .object(child)
    }

    /// A position that curves between its keyframes: per segment, an additive keyframe animation
    /// through points at equal steps of the path's length (``LottieMotionPath``), eased as a whole
    /// by the segment's timing function — a player's "eased progress is the fraction of the
    /// length travelled". Only one segment shows at a time: the first fills backwards, the last
    /// forwards.
    func segments(_ path: [LottieSource.Keyframe], start: Double, _ text: @escaping ([Double]) -> String) -> [JSONValue] {
        let moving = path.indices.dropLast().filter { path[$0 + 1].time > path[$0].time }
        return moving.enumerated().map { index, k in
            let (from, to) = (path[k], path[k + 1])
            // Both axes, a missing one 0, as the motion path reads them (a position may be written with one).
            let points =
                from.tangents.map { LottieMotionPath(from: from.value, to: to.value, out: $0.out, in: $0.in).points }
                ?? [from.value, to.value].map { [$0.first ?? 0, $0.count > 1 ? $0[1] : 0] }
            let fill = moving.count == 1 ? "both" : index == 0 ? "backwards" : index == moving.count - 1 ? "forwards" : "removed"
            return [
                "type": "keyframe", "keyPath": "transform", "additive": true,
                "values": .array(points.map { .string(text($0)) }),
                "keyTimes": .array(points.indices.map { .number(Double($0) / Double(points.count - 1)) }),
                "timingFunction": .string(from.easing),
                "beginTime": .number((from.time + start - inPoint) / frameRate), "duration": .number((to.time - from.time) / frameRate),
                "fillMode": .string(fill), "removedOnCompletion": false
            ]
        }
    }

    /// A value held throughout the document's span.
    func fixed(_ keyPath: String, _ value: JSONValue, span: Double, additive: Bool = false) -> JSONValue {
        var child: [String: JSONValue] = [
            "type": "basic", "keyPath": .string(keyPath), "fromValue": value, "toValue": value, "duration": .number(span),
            "fillMode": "both", "removedOnCompletion": false
        ]
        if additive { child["additive"] = true }
        return .object(child)
    }
}
