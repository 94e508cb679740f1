/// A layout component resolved for use: its node tree and the rect to lay out in. The rect is,
/// first, a `rect` parameter given for this use (`--param rect=x,y,w,h`); else the bounds of the
/// container the layout is applied to; else the `rect` parameter's declared default.
///
/// ```swift
/// let layout = try LayoutDefinition(definition, parameters: ["rect": .rect(Rect(x: 0, y: 0, width: 120, height: 40))])
/// layout.root.slots   // ["content", "decoration"]
/// ```
package struct LayoutDefinition: Sendable, Hashable {
    /// The tree of layout nodes.
    package var root: LayoutNode
    /// The `rect` parameter when given for this use.
    package var rect: Rect?
    /// The `rect` parameter's declared default, if the component declares one.
    package var defaultRect: Rect?

    /// The rect to lay out in, given the container's bounds (if applied to a container).
    package func rect(containerBounds: Rect?) -> Rect? { rect ?? containerBounds ?? defaultRect }

    /// The layout body of `definition`, with `parameters` applied.
    package init(
        _ definition: ComponentDefinition, parameters: [String: PropertyValue] = [:], file: String? = nil, context: DefinitionContext = DefinitionContext()
    ) throws(DefinitionError) {
        if parameters.isEmpty, case .layout(let compiled)? = definition.defaultBody.body {
            self = compiled  // compiled once, by validation
            return
        }
        let file = file ?? definition.name
        let members = try definition.resolvedMembers(of: .layout, parameters: parameters, file: file, context: context)
        root = try LayoutNode(json: members["layout"] ?? .null, file: file, path: FieldPath("layout"))
        if let declared = definition.parameters["rect"] {
            guard case .rect(let fallback) = declared.defaultValue else {
                throw DefinitionError(file: file, path: "parameters.rect", rule: "a layout's rect parameter has type rect")
            }
            defaultRect = fallback
            if case .rect(let given)? = parameters["rect"] { rect = given }
        }
    }
}
