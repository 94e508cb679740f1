import CatalogModel

/// A dotLottie theme (`t/ID.json`, dotLottie 2.0 theming): one rule per slot, the value — or the
/// keyframes — that replace the slotted property of the document, as dotlottie-rs turns them into
/// Lottie slots for ThorVG. A rule's keyframe `frame` is a whole number, its tangents single
/// numbers, a colour three components (the alpha is the fill's opacity, a slot of its own).
///
/// ```swift
/// var layer = LottieLayer(name: "pop", index: 1, size: (100, 100), outPoint: 30)
/// layer.fillColor = .fixed([0.1, 0.1, 0.1, 1])
/// layer.slots[.fillColor] = "pop.fill-color"
/// let theme = DotLottieTheme(id: "dark", document: LottieDocument(name: "pop", frameRate: 30, outPoint: 30, size: (100, 100), layers: [layer]))
/// theme.json   // {"rules": [{"id": "pop.fill-color", "type": "Color", "value": [0.1, 0.1, 0.1]}]}
/// ```
package struct DotLottieTheme: Sendable, Hashable {
    /// The theme's id: its file is `t/ID.json`.
    package var id: String
    /// The rules, by slot id.
    package var rules: [JSONValue]

    /// The theme that gives every slotted property of `document` its value there.
    package init(id: String, document: LottieDocument) {
        self.id = id
        var rules: [(String, JSONValue)] = []
        for layer in document.layers {
            for (channel, slot) in layer.slots { rules.append((slot, Self.rule(slot, channel: channel, property: layer[channel]))) }
        }
        self.rules = rules.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The theme file.
    package var json: JSONValue { ["rules": .array(rules)] }

    /// The slot id of a role's channel: `ROLE.CHANNEL` (`card.fill-color`).
    package static func slotID(role: String, channel: LottieChannel) -> String {
        let names: [LottieChannel: String] = [
            .anchor: "anchor", .position: "position", .scale: "scale", .rotation: "rotation", .innerRotation: "inner-rotation",
            .opacity: "opacity", .fillColor: "fill-color", .fillOpacity: "fill-opacity", .cornerRadius: "corner-radius"
        ]
        return "\(role).\(names[channel]!)"
    }

    /// The rule type dotLottie gives a channel's property.
    static func type(of channel: LottieChannel) -> String {
        switch channel {
        case .fillColor: "Color"
        case .position: "Position"
        case .anchor, .scale: "Vector"
        case .rotation, .innerRotation, .opacity, .fillOpacity, .cornerRadius: "Scalar"
        }
    }

    private static func rule(_ slot: String, channel: LottieChannel, property: LottieProperty) -> JSONValue {
        let type = Self.type(of: channel)
        func value(_ numbers: [Double]) -> JSONValue {
            if type == "Scalar" { return .number(numbers[0]) }
            return .array((type == "Color" ? Array(numbers.prefix(3)) : numbers).map(JSONValue.number))
        }
        var members: [String: JSONValue] = ["id": .string(slot), "type": .string(type)]
        switch property {
        case .fixed(let numbers):
            members["value"] = value(numbers)
        case .animated(let keyframes):
            members["keyframes"] = .array(
                keyframes.enumerated().map { index, keyframe in
                    var entry: [String: JSONValue] = ["frame": .number(keyframe.time.rounded()), "value": value(keyframe.value)]
                    if index + 1 < keyframes.count {
                        switch keyframe.easing {
                        case .hold: entry["hold"] = true
                        case .curve(let x1, let y1, let x2, let y2):
                            entry["outTangent"] = ["x": .number(x1), "y": .number(y1)]
                            entry["inTangent"] = ["x": .number(x2), "y": .number(y2)]
                        }
                    }
                    return .object(entry)
                })
        }
        return .object(members)
    }
}
