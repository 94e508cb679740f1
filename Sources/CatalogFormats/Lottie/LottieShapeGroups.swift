import CatalogModel

/// A shape layer's drawing as its groups nest it: each run of shapes with the chain of group
/// transforms around it (outermost first) and the fill that paints it. Groups that move alike
/// (the same chain, after groups that hold their shapes where they are) are one part.
///
/// ```swift
/// let groups = try LottieSource.ShapeGroups(layer["shapes"]?.arrayValue ?? [])
/// groups.parts.map(\.names)   // [["ball"], ["shadow"]] when the two groups move apart
/// ```
extension LottieSource {
    struct ShapeGroups {
        struct Part {
            /// The names of the groups around it, outermost first.
            var names: [String]
            /// Their transforms (`tr`), outermost first, identities left out.
            var transforms: [JSONValue]
            /// The fill that paints it: its group's own, else the nearest enclosing group's.
            var fill: Property?
            /// The indices of its first group, from the layer's `shapes` down through each `it`.
            var path: [Int]
        }

        private(set) var parts: [Part] = []

        init(_ shapes: [JSONValue]) throws(Unsupported) {
            try walk(shapes, names: [], transforms: [], path: [], fill: nil)
        }

        private mutating func walk(_ shapes: [JSONValue], names: [String], transforms: [JSONValue], path: [Int], fill inherited: Property?) throws(Unsupported)
        {
            let visible = shapes.filter { $0["hd"] != .bool(true) }
            // The fill of this level (its own items, not nested groups').
            let own = try LottieSource.shapeFill(visible.filter { $0["ty"]?.stringValue != "gr" }) ?? inherited
            var draws = false
            for (index, shape) in shapes.enumerated() where shape["hd"] != .bool(true) {
                switch shape["ty"]?.stringValue {
                case "gr":
                    let items = shape["it"]?.arrayValue ?? []
                    var chain = transforms
                    if let tr = items.first(where: { $0["ty"]?.stringValue == "tr" }), !LottieSource.isIdentity(tr) { chain.append(tr) }
                    try walk(items, names: names + [shape["nm"]?.stringValue ?? "group"], transforms: chain, path: path + [index], fill: own)
                case "sh", "rc", "el", "sr":
                    // A shape that moves or changes inside its group is motion the layer's
                    // transform does not carry: refused by name, never dropped.
                    if let animated = Self.animatedGeometry(shape) { throw Unsupported(reason: animated) }
                    draws = true
                case "tm": throw Unsupported(reason: "trim paths")
                case "gf", "gs": throw Unsupported(reason: "a gradient")
                case "rp": throw Unsupported(reason: "a repeater")
                default: continue
                }
            }
            guard draws else { return }
            if let index = parts.firstIndex(where: { $0.transforms == transforms }) {
                if parts[index].fill == nil { parts[index].fill = own }
            } else {
                parts.append(Part(names: names, transforms: transforms, fill: own, path: path))
            }
        }

        /// What of a shape's own geometry animates (its path, position, size, roundness, …), if anything.
        static func animatedGeometry(_ shape: JSONValue) -> String? {
            let type = shape["ty"]?.stringValue ?? ""
            let keys: [String: (String, [String])] = [
                "sh": ("an animated path (a shape that morphs)", ["ks"]),
                "rc": ("an animated rectangle (its position, size or roundness)", ["p", "s", "r"]),
                "el": ("an animated ellipse (its position or size)", ["p", "s"]),
                "sr": ("an animated star or polygon", ["p", "r", "pt", "ir", "or", "is", "os"])
            ]
            guard let (reason, properties) = keys[type] else { return nil }
            for key in properties {
                guard let property = shape[key] else { continue }
                if property["x"]?.stringValue != nil { return "an expression (on a shape)" }
                if property["a"]?.numberValue == 1, let keyframes = property["k"]?.arrayValue, keyframes.count > 1,
                    Set(keyframes.flatMap { [$0["s"]?.canonicalText, $0["e"]?.canonicalText].compactMap { $0 } }).count > 1
                {
                    return reason
                }
            }
            return nil
        }
    }
}
