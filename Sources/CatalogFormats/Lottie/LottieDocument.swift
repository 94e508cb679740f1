import CatalogModel

/// A Lottie document — the JSON that Bodymovin writes from After Effects and every Lottie player
/// reads (lottie-web, lottie-ios, lottie-android, rlottie) — in the part this catalog writes: one
/// shape layer per role, a rectangle of the reference box whose transform, opacity and fill
/// animate. Plain values; ``json`` is the document a player reads.
///
/// ```swift
/// let layer = LottieLayer(name: "element", index: 1, size: (100, 100), outPoint: 60)
/// let document = LottieDocument(name: "fade-in", frameRate: 60, outPoint: 60, size: (100, 100), layers: [layer])
/// document.json["fr"]   // 60
/// ```
package struct LottieDocument: Sendable, Hashable {
    /// The document's `nm`.
    package var name: String
    /// Frames per second (`fr`); keyframe times are in frames.
    package var frameRate: Double
    /// The first and the one-past-last frame (`ip`, `op`).
    package var inPoint: Double
    package var outPoint: Double
    /// The canvas (`w`, `h`).
    package var width: Double
    package var height: Double
    /// Bottom to top (written top first, as Lottie lists them).
    package var layers: [LottieLayer]

    package init(name: String, frameRate: Double, inPoint: Double = 0, outPoint: Double, size: (width: Double, height: Double), layers: [LottieLayer]) {
        self.name = name
        self.frameRate = frameRate
        self.inPoint = inPoint
        self.outPoint = outPoint
        width = size.width
        height = size.height
        self.layers = layers
    }

    /// The document's text, its members in Bodymovin's order where players depend on it: `ty`
    /// first (rlottie reads a shape's type before the rest, and draws nothing otherwise —
    /// measured), then a keyframe's `t` and `s`, a property's `a` before `k`.
    package var text: String {
        let first = ["ty", "t", "s", "a", "k"]
        func rank(_ key: String) -> Int { first.firstIndex(of: key) ?? first.count }
        return json.compactText { (rank($0), $0) < (rank($1), $1) } + "\n"
    }

    /// The document as a player reads it.
    package var json: JSONValue {
        var members: [String: JSONValue] = [
            "v": "5.7.4", "nm": .string(name), "fr": .number(frameRate), "ip": .number(inPoint), "op": .number(outPoint),
            "w": .number(width), "h": .number(height), "ddd": 0, "assets": [], "markers": [],
            "layers": .array(layers.reversed().map(\.json))
        ]
        // Each slot's own value (the Lottie specification's `slots`), for players that look it up there.
        var slots: [String: JSONValue] = [:]
        for layer in layers {
            for (channel, id) in layer.slots { slots[id] = ["p": layer[channel].json] }
        }
        if !slots.isEmpty { members["slots"] = .object(slots) }
        return .object(members)
    }
}

/// A shape layer holding one rectangle of the reference box, its top left corner at the layer's
/// origin, filled with one colour.
///
/// ```swift
/// var layer = LottieLayer(name: "element", index: 1, size: (100, 100), outPoint: 30)
/// layer.transform.opacity = .animated([LottieKeyframe(time: 0, value: [0], easing: .linear),
///                                      LottieKeyframe(time: 30, value: [100], easing: .hold)])
/// ```
package struct LottieLayer: Sendable, Hashable {
    /// `nm`: the role (or the component, for an animation).
    package var name: String
    /// `ind`, from 1.
    package var index: Int
    /// The rectangle's size.
    package var width: Double
    package var height: Double
    /// The frames the layer shows (`ip`, `op`).
    package var inPoint: Double
    package var outPoint: Double
    package var transform = LottieTransform()
    /// The shape group's transform (`tr`), applied before the layer's.
    package var shapeTransform = LottieTransform()
    /// `[r, g, b, 1]`, each 0…1.
    package var fillColor: LottieProperty = .fixed([0.2, 0.4, 0.8, 1])
    /// 0…100.
    package var fillOpacity: LottieProperty = .fixed([100])
    /// The rectangle's roundness: its corners' radius.
    package var cornerRadius: LottieProperty = .fixed([0])
    /// The slot id (`sid`) of each channel a theme may replace.
    package var slots: [LottieChannel: String] = [:]

    package init(name: String, index: Int, size: (width: Double, height: Double), inPoint: Double = 0, outPoint: Double) {
        self.name = name
        self.index = index
        width = size.width
        height = size.height
        self.inPoint = inPoint
        self.outPoint = outPoint
    }

    var json: JSONValue {
        let rectangle: JSONValue = [
            "ty": "rc", "nm": "box", "d": 1, "s": LottieProperty.fixed([width, height]).json,
            "p": LottieProperty.fixed([width / 2, height / 2]).json, "r": slotted(cornerRadius, .cornerRadius)
        ]
        let fill: JSONValue = ["ty": "fl", "nm": "fill", "c": slotted(fillColor, .fillColor), "o": slotted(fillOpacity, .fillOpacity), "r": 1]
        var shape = shapeTransform.json(shape: true).objectValue ?? [:], layer = transform.json(shape: false).objectValue ?? [:]
        for (channel, key) in [(LottieChannel.anchor, "a"), (.position, "p"), (.scale, "s"), (.rotation, "r"), (.opacity, "o")] {
            layer[key] = slotted(layer[key]!, channel)
        }
        // The shape group turns about the layer's anchor: the anchor's slot holds both.
        shape["r"] = slotted(shape["r"]!, .innerRotation)
        shape["a"] = slotted(shape["a"]!, .anchor)
        shape["p"] = slotted(shape["p"]!, .anchor)
        let group: JSONValue = ["ty": "gr", "nm": "box", "it": [rectangle, fill, .object(shape)]]
        return [
            "ddd": 0, "ind": .number(Double(index)), "ty": 4, "nm": .string(name), "sr": 1, "ao": 0, "bm": 0,
            "ip": .number(inPoint), "op": .number(outPoint), "st": 0, "ks": .object(layer), "shapes": [group]
        ]
    }

    /// A property's JSON with its slot id, when the channel has one.
    private func slotted(_ property: LottieProperty, _ channel: LottieChannel) -> JSONValue {
        slotted(property.json, channel)
    }

    private func slotted(_ json: JSONValue, _ channel: LottieChannel) -> JSONValue {
        guard let id = slots[channel], case .object(var members) = json else { return json }
        members["sid"] = .string(id)
        return .object(members)
    }
}

/// A layer's transform: points move by −anchor, then scale (percent), rotation (degrees,
/// clockwise on screen), then +position; `opacity` is 0…100. (Lottie's skew is never written:
/// rlottie ignores it.)
///
/// ```swift
/// var transform = LottieTransform()
/// transform.anchor = .fixed([50, 50]); transform.position = .fixed([50, 50]); transform.rotation = .fixed([45])
/// ```
package struct LottieTransform: Sendable, Hashable {
    package var anchor: LottieProperty = .fixed([0, 0])
    package var position: LottieProperty = .fixed([0, 0])
    package var scale: LottieProperty = .fixed([100, 100])
    package var rotation: LottieProperty = .fixed([0])
    package var opacity: LottieProperty = .fixed([100])

    package init() {}

    /// `ks` of a layer, or a shape group's `tr` (`shape`).
    func json(shape: Bool) -> JSONValue {
        var members: [String: JSONValue] = ["a": anchor.json, "p": position.json, "s": scale.json, "r": rotation.json, "o": opacity.json]
        if shape { members["ty"] = "tr"; members["nm"] = "transform" }
        return .object(members)
    }
}

/// A property: one value, or keyframes (`{"a": 1, "k": [...]}`). A scalar is a one-number value.
///
/// ```swift
/// LottieProperty.fixed([100]).json   // {"a": 0, "k": 100}
/// ```
package enum LottieProperty: Sendable, Hashable {
    case fixed([Double])
    case animated([LottieKeyframe])

    package var json: JSONValue {
        switch self {
        case .fixed(let value): ["a": 0, "k": Self.value(value)]
        case .animated(let keyframes):
            ["a": 1, "k": .array(keyframes.enumerated().map { index, keyframe in keyframe.json(last: index == keyframes.count - 1) })]
        }
    }

    /// A scalar as a number, a vector as a list (how Bodymovin writes a static value).
    static func value(_ value: [Double]) -> JSONValue {
        value.count == 1 ? .number(value[0]) : .array(value.map(JSONValue.number))
    }
}

/// A keyframe: its time in frames, its value, and how the segment it starts runs to the next.
///
/// ```swift
/// LottieKeyframe(time: 12.5, value: [100, 100], easing: .curve(x1: 0.42, y1: 0, x2: 0.58, y2: 1))
/// ```
package struct LottieKeyframe: Sendable, Hashable {
    package var time: Double
    package var value: [Double]
    package var easing: LottieEasing

    package init(time: Double, value: [Double], easing: LottieEasing) {
        self.time = time
        self.value = value
        self.easing = easing
    }

    /// One-entry handle lists: rlottie, python-lottie and lottie-ios read only the first entry of
    /// a per-dimension list, so every dimension shares one curve.
    func json(last: Bool) -> JSONValue {
        var members: [String: JSONValue] = ["t": .number(time), "s": .array(value.map(JSONValue.number))]
        guard !last else { return .object(members) }
        switch easing {
        case .hold:
            members["h"] = 1
        case .curve(let x1, let y1, let x2, let y2):
            members["o"] = ["x": [.number(x1)], "y": [.number(y1)]]
            members["i"] = ["x": [.number(x2)], "y": [.number(y2)]]
        }
        return .object(members)
    }
}

/// The run of a segment: held at its start value, or along a cubic bézier easing (CSS's
/// `cubic-bezier(x1, y1, x2, y2)`; linear is `(0, 0, 1, 1)`).
///
/// ```swift
/// let easeOut = LottieEasing.curve(x1: 0, y1: 0, x2: 0.58, y2: 1)   // written "o": {"x": [0], "y": [0]}, "i": {"x": [0.58], "y": [1]}
/// ```
package enum LottieEasing: Sendable, Hashable {
    case hold
    case curve(x1: Double, y1: Double, x2: Double, y2: Double)

    package static let linear = LottieEasing.curve(x1: 0, y1: 0, x2: 1, y2: 1)
}
