/// A layout as data, after WWDC 2016 session 419's composable `Layout` protocol: a tree whose
/// leaves are slots (bound to objects when the layout is applied) and whose nodes divide the rect
/// they are given among their children. Nodes nest freely — a cascading layout can be the
/// decoration of a decorating layout — because each is itself a layout.
///
/// ```swift
/// let card = LayoutNode.decorating(content: .slot("icon"), decoration: .slot("title"), DecoratingOptions())
/// ```
package indirect enum LayoutNode: Sendable, Hashable {
    /// A leaf: the object bound to this name gets the rect.
    case slot(String)
    /// Content beside a decoration, inside insets: the session's `DecoratingLayout`.
    case decorating(content: LayoutNode, decoration: LayoutNode, DecoratingOptions)
    /// Children stacked with a constant offset, each the same size: the session's `CascadingLayout`.
    case cascading([LayoutNode], offset: Point)
    /// Children side by side (or one above another), equal shares of the length, with spacing.
    case stack([LayoutNode], axis: Axis, spacing: Double)
    /// One child inside insets.
    case inset(LayoutNode, EdgeInsets)

    /// The direction a stack lays its children out in.
    package enum Axis: String, Sendable, Hashable, CaseIterable {
        /// Side by side, left to right.
        case horizontal
        /// One above another, top to bottom.
        case vertical
    }

    /// Every slot name in the tree, in order.
    package var slots: [String] {
        switch self {
        case .slot(let name): [name]
        case .decorating(let content, let decoration, _): content.slots + decoration.slots
        case .cascading(let children, _), .stack(let children, _, _): children.flatMap(\.slots)
        case .inset(let child, _): child.slots
        }
    }
}

/// Top, left, bottom and right insets, as `UIEdgeInsets`.
///
/// ```swift
/// let padded = LayoutNode.inset(.slot("content"), EdgeInsets(top: 8, left: 16, bottom: 8, right: 16))
/// ```
package struct EdgeInsets: Sendable, Hashable {
    /// Space kept above.
    package var top: Double
    /// Space kept on the left.
    package var left: Double
    /// Space kept below.
    package var bottom: Double
    /// Space kept on the right.
    package var right: Double
    /// Insets of the given sizes, 0 where not given.
    package init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
}

/// How a decorating layout divides its rect. The defaults reproduce the session's own unit test:
/// in (0, 0, 120, 40) the content gets (0, 5, 35, 30) and the decoration (35, 5, 70, 30) —
/// insets of 5 above and below and 15 on the right, the content a third of what is left, the
/// decoration after it.
///
/// ```swift
/// var options = DecoratingOptions()
/// options.decorationSide = .leading   // the decoration before the content
/// ```
package struct DecoratingOptions: Sendable, Hashable {
    /// Space kept around content and decoration together.
    package var insets = EdgeInsets(top: 5, left: 0, bottom: 5, right: 15)
    /// The content's share of the inset width (after spacing).
    package var contentFraction = 1.0 / 3
    /// Space between content and decoration.
    package var spacing = 0.0
    /// Which side the decoration goes on.
    package var decorationSide = Side.trailing

    /// A side of the content.
    package enum Side: String, Sendable, Hashable, CaseIterable {
        /// Before the content (left).
        case leading
        /// After the content (right).
        case trailing
    }

    /// The defaults above: the WWDC session's layout.
    package init() {}
}
