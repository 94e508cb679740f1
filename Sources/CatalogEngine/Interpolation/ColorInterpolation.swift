import CatalogModel

/// A colour with its channels multiplied by alpha: the space CSS interpolates colours in, so a
/// fade to `transparent` does not pass through grey.
package struct PremultipliedColor: Sendable, Hashable {
    /// r·a, g·a, b·a, a.
    package var channels: SIMD4<Double>

    package init(_ color: RGBAColor) {
        channels = SIMD4(color.red * color.alpha, color.green * color.alpha, color.blue * color.alpha, color.alpha)
    }

    package func interpolated(to other: PremultipliedColor, at t: Double) -> RGBAColor {
        let c = Self.interpolate(channels, other.channels, at: t)
        return RGBAColor(red: c.x, green: c.y, blue: c.z, alpha: c.w)
    }

    /// Straight r, g, b, a at `t` between two premultiplied colours. As Chromium: alpha is
    /// clamped to [0, 1] first (an overshooting easing takes it outside); clamped to 0 it is
    /// transparent black, otherwise the channels are un-premultiplied by the clamped alpha and
    /// clamped on the output, never the progress.
    @inline(__always)
    static func interpolate(_ a: SIMD4<Double>, _ b: SIMD4<Double>, at t: Double) -> SIMD4<Double> {
        let c = a + (b - a) * t
        func unit(_ v: Double) -> Double { min(max(v, 0), 1) }
        let alpha = unit(c.w)
        guard alpha != 0 else { return SIMD4(0, 0, 0, 0) }
        return SIMD4(unit(c.x / alpha), unit(c.y / alpha), unit(c.z / alpha), alpha)
    }
}
