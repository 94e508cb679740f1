/// CSS `transform-origin` read as Core Animation's `anchorPoint`: the point, in unit coordinates
/// of the reference box (0, 0 its top left; 1, 1 its bottom right), that transforms turn and
/// scale about. Keywords (`left`, `center`, `right`, `top`, `bottom`, in either order) and
/// percentages need no box; lengths in px are a share of the box's width or height
/// (``ReferenceBox``). A third, z value must be 0: the catalog's anchor is 2D.
///
/// ```swift
/// try TransformOrigin.point(css: "top left")    // (0, 0)
/// try TransformOrigin.point(css: "50% 100%")    // (0.5, 1)
/// ```
package enum TransformOrigin {
    /// The anchor point a `transform-origin` value names, in unit coordinates of `box` (which a
    /// length in px needs).
    package static func point(css text: String, box: ReferenceBox? = nil) throws(CSSValueError) -> Point {
        let words = text.split(whereSeparator: \.isWhitespace).map { $0.lowercased() }
        guard (1...3).contains(words.count) else {
            throw CSSValueError("\"\(text)\" is not a transform-origin (one to three values: keywords, percentages or px)")
        }
        if words.count == 3 {
            guard let (z, unit) = CSSSyntax.dimension(Substring(words[2])), z == 0, unit.isEmpty || unit == "px" else {
                throw CSSValueError("transform-origin \"\(text)\": the anchor is 2D, so its z must be 0")
            }
        }
        let horizontal = ["left": 0.0, "center": 0.5, "right": 1.0], vertical = ["top": 0.0, "center": 0.5, "bottom": 1.0]
        func length(_ word: String, along side: KeyPath<ReferenceBox, Double>) throws(CSSValueError) -> Double {
            guard let (value, unit) = CSSSyntax.dimension(Substring(word)) else {
                throw CSSValueError("transform-origin \"\(text)\": \"\(word)\" is not a keyword, a percentage or a length")
            }
            if unit == "%" { return value / 100 }
            guard unit == "px" || (unit.isEmpty && value == 0) else { throw CSSValueError("transform-origin \"\(text)\": \"\(word)\" must be in px or %") }
            if value == 0 { return 0 }
            guard let box else {
                throw CSSValueError(
                    "transform-origin \"\(text)\": \(word) is a share of the reference box, and none is given (the object's bounds or frame where the component is applied; --box W,H for sample and export)"
                )
            }
            let extent = box[keyPath: side]
            guard extent > 0 else { throw CSSValueError("transform-origin \"\(text)\": the reference box has no extent to measure \(word) against") }
            return value / extent
        }
        var x = 0.5, y = 0.5
        if words.count == 1 {
            let word = words[0]
            if let value = horizontal[word] { x = value } else if let value = vertical[word] { y = value } else { x = try length(word, along: \.width) }
        } else {
            var (first, second) = (words[0], words[1])
            // `top left` is `left top`: a vertical keyword first, or a horizontal one second, swaps them.
            if vertical[first] != nil && horizontal[first] == nil || horizontal[second] != nil && vertical[second] == nil { swap(&first, &second) }
            guard vertical[first] == nil || first == "center", horizontal[second] == nil || second == "center" else {
                throw CSSValueError("transform-origin \"\(text)\": two horizontal or two vertical keywords")
            }
            if let value = horizontal[first] { x = value } else { x = try length(first, along: \.width) }
            if let value = vertical[second] { y = value } else { y = try length(second, along: \.height) }
        }
        return Point(x: x, y: y)
    }
}
