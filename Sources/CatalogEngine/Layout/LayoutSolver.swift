import CatalogModel

/// Lays a ``LayoutNode`` tree out in a rect: each node divides the rect it is given among its
/// children; each slot ends with a frame. Pure arithmetic, no objects.
///
/// ```swift
/// let frames = LayoutSolver.frames(for: .decorating(content: .slot("content"), decoration: .slot("decoration"),
///                                                   DecoratingOptions()),
///                                  in: Rect(x: 0, y: 0, width: 120, height: 40))
/// // [("content", (0, 5, 35, 30)), ("decoration", (35, 5, 70, 30))] — WWDC 2016 session 419's test
/// ```
package enum LayoutSolver {
    /// Every slot's frame, in the tree's slot order.
    package static func frames(for node: LayoutNode, in rect: Rect) -> [(slot: String, frame: Rect)] {
        var result: [(slot: String, frame: Rect)] = []
        layout(node, in: rect, into: &result)
        return result
    }

    private static func layout(_ node: LayoutNode, in rect: Rect, into result: inout [(slot: String, frame: Rect)]) {
        switch node {
        case .slot(let name):
            result.append((name, rect))
        case .decorating(let content, let decoration, let options):
            let inner = inset(rect, options.insets)
            let available = max(inner.width - options.spacing, 0)
            let contentWidth = available * options.contentFraction, decorationWidth = available - contentWidth
            let contentFirst = options.decorationSide == .trailing
            let firstWidth = contentFirst ? contentWidth : decorationWidth
            let first = Rect(x: inner.x, y: inner.y, width: firstWidth, height: inner.height)
            let second = Rect(x: inner.x + firstWidth + options.spacing, y: inner.y, width: available - firstWidth, height: inner.height)
            layout(content, in: contentFirst ? first : second, into: &result)
            layout(decoration, in: contentFirst ? second : first, into: &result)
        case .cascading(let children, let offset):
            let count = Double(max(children.count - 1, 0))
            let width = max(rect.width - count * abs(offset.x), 0), height = max(rect.height - count * abs(offset.y), 0)
            // A negative offset cascades from the far corner back.
            let startX = offset.x >= 0 ? rect.x : rect.x + count * abs(offset.x)
            let startY = offset.y >= 0 ? rect.y : rect.y + count * abs(offset.y)
            for (index, child) in children.enumerated() {
                let i = Double(index)
                layout(child, in: Rect(x: startX + i * offset.x, y: startY + i * offset.y, width: width, height: height), into: &result)
            }
        case .stack(let children, let axis, let spacing):
            guard !children.isEmpty else { return }
            let n = Double(children.count)
            let length = axis == .horizontal ? rect.width : rect.height
            let share = max((length - spacing * (n - 1)) / n, 0)
            for (index, child) in children.enumerated() {
                let start = Double(index) * (share + spacing)
                let frame =
                    axis == .horizontal
                    ? Rect(x: rect.x + start, y: rect.y, width: share, height: rect.height)
                    : Rect(x: rect.x, y: rect.y + start, width: rect.width, height: share)
                layout(child, in: frame, into: &result)
            }
        case .inset(let child, let insets):
            layout(child, in: inset(rect, insets), into: &result)
        }
    }

    private static func inset(_ rect: Rect, _ insets: EdgeInsets) -> Rect {
        Rect(
            x: rect.x + insets.left, y: rect.y + insets.top,
            width: max(rect.width - insets.left - insets.right, 0), height: max(rect.height - insets.top - insets.bottom, 0))
    }
}
