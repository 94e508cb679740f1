/// A point in the scene's coordinate space, as `CGPoint`.
///
/// ```swift
/// try catalog.setProperty(.point(Point(x: 20, y: 40)), for: "position", on: "layer-1")
/// ```
public struct Point: Sendable, Hashable {
    /// The horizontal coordinate, growing to the right.
    public var x: Double
    /// The vertical coordinate, growing downwards (UIKit's orientation).
    public var y: Double
    /// A point at `x`, `y`.
    public init(x: Double, y: Double) { self.x = x; self.y = y }
}

/// A width and a height, as `CGSize`.
///
/// ```swift
/// try catalog.setProperty(.size(Size(width: 120, height: 40)), for: "size", on: "view-1")
/// ```
public struct Size: Sendable, Hashable {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double
    /// A size of `width` by `height`.
    public init(width: Double, height: Double) { self.width = width; self.height = height }
}

/// An origin and a size, as `CGRect` (`frame`, `bounds`).
///
/// ```swift
/// let frame = Rect(x: 0, y: 5, width: 35, height: 30)
/// ```
public struct Rect: Sendable, Hashable {
    /// The origin's horizontal coordinate.
    public var x: Double
    /// The origin's vertical coordinate.
    public var y: Double
    /// The horizontal extent from the origin.
    public var width: Double
    /// The vertical extent from the origin.
    public var height: Double
    /// A rect with its origin at `x`, `y`, `width` by `height`.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
}

/// A colour as straight (not premultiplied) sRGB channels in 0…1, as `[r, g, b, a]` in output.
///
/// ```swift
/// RGBAColor(hex: "#ff000080")   // r 1, g 0, b 0, a ≈ 0.502
/// ```
public struct RGBAColor: Sendable, Hashable {
    /// The red channel, 0…1.
    public var red: Double
    /// The green channel, 0…1.
    public var green: Double
    /// The blue channel, 0…1.
    public var blue: Double
    /// Opacity, 0 (transparent) … 1 (opaque).
    public var alpha: Double
    /// A colour from its channels, opaque unless `alpha` says otherwise.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// Parses `#rgb`, `#rgba`, `#rrggbb` and `#rrggbbaa`.
    public init?(hex text: String) {
        guard text.first == "#" else { return nil }
        var digits = Array(text.dropFirst())
        guard [3, 4, 6, 8].contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isHexDigit }) else { return nil }
        if digits.count <= 4 { digits = digits.flatMap { [$0, $0] } }
        if digits.count == 6 { digits += ["f", "f"] }
        let channels = stride(from: 0, to: 8, by: 2).map { Double(Int(String(digits[$0...$0 + 1]), radix: 16)!) / 255 }
        self.init(red: channels[0], green: channels[1], blue: channels[2], alpha: channels[3])
    }
}

/// A 4×4 transform in `CATransform3D` field order `m11 m12 … m44` (the order of CSS `matrix3d()`).
///
/// ```swift
/// Transform3D.identity.m[0]   // 1
/// ```
public struct Transform3D: Sendable, Hashable {
    /// The 16 entries, row by row: m11, m12, m13, m14, m21, …, m44.
    public var m: [Double]

    /// A transform from its 16 entries in field order; nil unless there are exactly 16.
    public init?(_ entries: [Double]) {
        guard entries.count == 16 else { return nil }
        m = entries
    }

    /// The transform that changes nothing (`CATransform3DIdentity`).
    public static let identity = Transform3D([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])!

    /// A uniform 2D scale, as `CATransform3DMakeScale(s, s, 1)`.
    package static func scale(_ s: Double) -> Transform3D {
        Transform3D([s, 0, 0, 0, 0, s, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])!
    }
}
