import CatalogModel

/// A colour with its channels multiplied by alpha: the space CSS interpolates colours in, so a
/// fade to `transparent` does not pass through grey.
public struct PremultipliedColor: Sendable, Hashable {
    /// r·a, g·a, b·a, a.
    public var channels: SIMD4<Double>

    public init(_ color: RGBAColor) {
        channels = SIMD4(color.red * color.alpha, color.green * color.alpha, color.blue * color.alpha, color.alpha)
    }

    public func interpolated(to other: PremultipliedColor, at t: Double) -> RGBAColor {
        let c = Self.interpolate(channels, other.channels, at: t)
        return RGBAColor(red: c.x, green: c.y, blue: c.z, alpha: c.w)
    }

    /// Straight r, g, b, a at `t` between two premultiplied colours. As Chromium: alpha exactly 0
    /// is transparent black; otherwise un-premultiply by the raw alpha and clamp every channel on
    /// the output, never the progress.
    @inline(__always)
    static func interpolate(_ a: SIMD4<Double>, _ b: SIMD4<Double>, at t: Double) -> SIMD4<Double> {
        let c = a + (b - a) * t
        guard c.w != 0 else { return SIMD4(0, 0, 0, 0) }
        func unit(_ v: Double) -> Double { min(max(v, 0), 1) }
        return SIMD4(unit(c.x / c.w), unit(c.y / c.w), unit(c.z / c.w), unit(c.w))
    }
}
