import Foundation

/// A Lottie document as catalog definitions: each animated layer's transform, opacity and fill,
/// in Core Animation's vocabulary — one keyframe animation per component (`transform.translation.x`
/// and `.y`, `transform.rotation.z`, `transform.scale.x` and `.y`, `opacity`, `backgroundColor`),
/// each keyframe's cubic bézier handles its segment's `cubic-bezier()`, a hold `steps(1, jump-end)`.
/// Setting one component of the transform keeps the others, so together they compose translate ·
/// rotate · scale about the layer's anchor (`anchorPoint`, in units of the canvas) — Lottie's own
/// order: the layer plays as a player draws it. One layer makes an animation; several, a chain
/// with one role per layer (its `nm` in kebab case), all starting together.
///
/// Recognised by its shape (`layers`, `fr`, `ip`, `op`). What the catalog cannot play yet is
/// refused per layer with the reason — or, with `skipUnsupported`, left out and listed.
///
/// ```swift
/// let imported = try LottieImport.documents(json: lottie, file: "loader.json", name: "loader")
/// imported.documents.first?["kind"]   // "animation" (one animated layer)
/// ```
public enum LottieImport {
    /// Whether a JSON document is a Lottie document rather than a definition.
    public static func isLottie(_ json: JSONValue) -> Bool {
        guard case .object(let members) = json, members["kind"] == nil else { return false }
        return members["layers"]?.arrayValue != nil && members["fr"]?.numberValue != nil
            && members["ip"]?.numberValue != nil && members["op"]?.numberValue != nil
    }

    /// The definition documents a Lottie document makes, and the layers left out (with
    /// `skipUnsupported`), each as `layer N "nm": reason`.
    public static func documents(json: JSONValue, file: String, name: String, skipUnsupported: Bool = false) throws(DefinitionError)
        -> (documents: [JSONValue], skipped: [String])
    {
        let document = try LottieSource(json, file: file)
        var layers: [(role: String, body: JSONValue)] = [], skipped: [String] = []
        for (index, (layerName, read)) in document.layers.enumerated() {
            do throws(LottieSource.Unsupported) {
                guard let layer = try read.get(), let body = try animation(of: layer, in: document) else { continue }
                layers.append((layerName, body))
            } catch {
                guard skipUnsupported else {
                    throw DefinitionError(file: file, path: "layers[\(index)]",
                                          rule: "\"\(layerName)\": \(error.reason) is not supported (--skip-unsupported leaves such layers out)")
                }
                skipped.append("layers[\(index)] \"\(layerName)\": \(error.reason)")
            }
        }
        guard !layers.isEmpty else { throw DefinitionError(file: file, path: "layers", rule: "no layer animates anything the catalog plays") }
        if layers.count == 1 {
            return ([["name": .string(name), "kind": "animation", "version": "1.0.0", "animation": layers[0].body]], skipped)
        }
        var roles: [String] = []
        for layer in layers {
            var role = kebab(layer.role)
            if role.isEmpty || roles.contains(role) { role = "layer-\(roles.count + 1)" }
            roles.append(role)
        }
        let steps: [JSONValue] = zip(roles, layers).map { role, layer in ["animate": .string(role), "animation": layer.body] }
        let chain: JSONValue = ["roles": .array(roles.map(JSONValue.string)), "concurrent": .array(steps)]
        return ([["name": .string(name), "kind": "chain", "version": "1.0.0", "chain": chain]], skipped)
    }

    /// A layer's Core Animation group; nil when it animates nothing (a static layer).
    static func animation(of layer: LottieSource.Layer, in document: LottieSource) throws(LottieSource.Unsupported) -> JSONValue? {
        let fr = document.frameRate, ip = document.inPoint
        let span = (document.outPoint - ip) / fr
        var children: [JSONValue] = []
        // x and y of the anchor (a 3D anchor's z aside; a lone number is both).
        let anchorAxes = [layer.anchor.component(0), layer.anchor.component(1)]
        let size = (document.width, document.height)
        // Keyframe times are in the layer's time: the document's, less its start time.
        func child(_ keyPath: String, _ property: LottieSource.Property, _ value: ([Double]) -> JSONValue) -> JSONValue? {
            guard case .animated(let keyframes) = property, let first = keyframes.first, let last = keyframes.last, last.time > first.time else {
                return nil
            }
            let (start, end) = (first.time + layer.startTime, last.time + layer.startTime)
            return ["type": "keyframe", "keyPath": .string(keyPath),
                    "values": .array(keyframes.map { value($0.value) }),
                    "keyTimes": .array(keyframes.map { .number(($0.time - first.time) / (last.time - first.time)) }),
                    "timingFunctions": .array(keyframes.dropLast().map { .string($0.easing) }),
                    "beginTime": .number((start - ip) / fr), "duration": .number((end - start) / fr),
                    "fillMode": "both", "removedOnCompletion": false]
        }
        func fixedChild(_ keyPath: String, _ value: JSONValue) -> JSONValue {
            ["type": "basic", "keyPath": .string(keyPath), "fromValue": value, "toValue": value, "duration": .number(max(span, 1 / fr)),
             "fillMode": "both", "removedOnCompletion": false]
        }
        var animated = false
        // The anchor sits at the position: the layer moves by position − anchor, axis by axis — a
        // difference a keyframe animation says exactly where one side holds or both share their
        // keyframes' times and easings.
        var translation: [LottieSource.Property] = []
        for (position, anchor) in zip(layer.positionAxes, anchorAxes) {
            translation.append(try LottieSource.Property.difference(position, anchor, or: "an animated anchor whose keyframes are not its position's"))
        }
        for (axis, keyPath) in ["transform.translation.x", "transform.translation.y"].enumerated() {
            if let c = child(keyPath, translation[axis], { .number($0[0]) }) { children.append(c); animated = true }
        }
        if let c = child("transform.rotation.z", layer.rotation, { .number($0[0] * .pi / 180) }) { children.append(c); animated = true }
        for (axis, keyPath) in ["transform.scale.x", "transform.scale.y"].enumerated() {
            if let c = child(keyPath, layer.scale.component(axis), { .number($0[0] / 100) }) { children.append(c); animated = true }
        }
        if let c = child("opacity", layer.opacity, { .number($0[0] / 100) }) { children.append(c); animated = true }
        if let fill = layer.fill, case .animated = fill {
            if let c = child("backgroundColor", fill, { v in .array(v.prefix(4).map(JSONValue.number)) }) { children.append(c); animated = true }
        }
        guard animated else { return nil }
        // What does not animate is held at its value, the transform's parts over an identity.
        func held(_ property: LottieSource.Property, axis: Int = 0) -> Double? {
            // A value with fewer dimensions than asked holds its last for the rest (scale [50] is 50 %, 50 %).
            if case .fixed(let v) = property { return v.indices.contains(axis) ? v[axis] : v.last }
            return nil
        }
        for (axis, keyPath) in ["transform.translation.x", "transform.translation.y"].enumerated() {
            if let v = held(translation[axis]), v != 0 { children.insert(fixedChild(keyPath, .number(v)), at: 0) }
        }
        if let v = held(layer.rotation), v != 0 { children.insert(fixedChild("transform.rotation.z", .number(v * .pi / 180)), at: 0) }
        for (axis, keyPath) in ["transform.scale.x", "transform.scale.y"].enumerated() {
            if let v = held(layer.scale, axis: axis), v != 100 { children.insert(fixedChild(keyPath, .number(v / 100)), at: 0) }
        }
        if let v = held(layer.opacity), v != 100 { children.insert(fixedChild("opacity", .number(v / 100)), at: 0) }
        if case .fixed(let color)? = layer.fill { children.insert(fixedChild("backgroundColor", .array(color.prefix(4).map(JSONValue.number))), at: 0) }
        // The anchor in units of the canvas: held, or moving with its keyframes.
        let anchorPoint = try LottieSource.Property.joined(anchorAxes[0], anchorAxes[1], or: "an anchor whose axes have keyframes of their own")
            .map { [$0[0] / size.0, $0[1] / size.1] }
        if case .fixed(let point) = anchorPoint {
            if point != [0.5, 0.5] { children.insert(fixedChild("anchorPoint", [.number(point[0]), .number(point[1])]), at: 0) }
        } else if let c = child("anchorPoint", anchorPoint, { .array($0.map(JSONValue.number)) }) {
            children.insert(c, at: 0)
        }
        return ["type": "group", "duration": .number(max(span, 1 / fr)), "fillMode": "both", "removedOnCompletion": false,
                "animations": .array(children)]
    }

    /// `Loading Spinner` → `loading-spinner`.
    static func kebab(_ text: String) -> String {
        var out = ""
        var previous: Character?
        for character in text {
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
