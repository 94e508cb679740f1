/// What kind of object a scene object is and which properties it has, with their types: the
/// protocol-style requirement a component's `requires` is checked against when it is applied
/// ("anything with a `transform`").
///
/// ```swift
/// let cell = ObjectType.builtIn["cell"]!
/// cell.missing(["transform", "frame"])   // []
/// ObjectType.builtIn["node"]!.missing(["cornerRadius"])   // ["cornerRadius"]
/// ```
public struct ObjectType: Sendable, Hashable {
    /// The type's name.
    public var name: String
    /// The properties it declares, with their types.
    public var properties: [String: ValueType]

    /// A type with its properties.
    public init(name: String, properties: [String: ValueType]) {
        self.name = name
        self.properties = properties
    }

    /// The required properties this type lacks, in the order asked.
    public func missing(_ required: [String]) -> [String] { required.filter { properties[$0] == nil } }

    /// A layer's animatable properties, as Core Animation names them.
    static let layer: [String: ValueType] = [
        "opacity": .number, "transform": .transform, "position": .point, "anchorPoint": .point, "bounds": .rect,
        "frame": .rect, "backgroundColor": .color, "borderColor": .color, "borderWidth": .number,
        "cornerRadius": .number, "shadowColor": .color, "shadowOpacity": .number, "shadowRadius": .number,
        "zPosition": .number, "hidden": .bool
    ]

    /// The types docs/Store.md names: CALayer, UIView (a layer's properties), UILabel, UITextField,
    /// UITableViewCell, SKNode.
    public static let builtIn: [String: ObjectType] = {
        func with(_ base: [String: ValueType], _ extra: [String: ValueType]) -> [String: ValueType] {
            base.merging(extra) { _, new in new }
        }
        let types = [
            ObjectType(name: "layer", properties: layer),
            ObjectType(name: "view", properties: layer),
            ObjectType(name: "label", properties: with(layer, ["text": .string, "textColor": .color])),
            ObjectType(name: "textField", properties: with(layer, ["text": .string, "placeholder": .string, "textColor": .color])),
            ObjectType(name: "cell", properties: with(layer, ["selected": .bool])),
            ObjectType(
                name: "node",
                properties: [
                    "position": .point, "frame": .rect, "transform": .transform, "opacity": .number,
                    "zPosition": .number, "hidden": .bool
                ])
        ]
        return Dictionary(uniqueKeysWithValues: types.map { ($0.name, $0) })
    }()
}
