import CatalogModel

/// A colour with its channels multiplied by alpha: the space CSS interpolates colours in, so a
/// fade to `transparent` does not pass through grey.
public struct PremultipliedColor: Sendable, Hashable {
    public var channels: SIMD4<Double>   // r·a, g·a, b·a, a

    public init(_ color: RGBAColor) {
        channels = SIMD4(color.red * color.alpha, color.green * color.alpha, color.blue * color.alpha, color.alpha)
    }

    @inline(__always)
    public func interpolated(to other: PremultipliedColor, at t: Double) -> RGBAColor {
        let c = channels + (other.channels - channels) * t
        // As Chromium: alpha exactly 0 is transparent black; otherwise un-premultiply by the raw
        // alpha and clamp every channel on the output, never the progress.
        guard c.w != 0 else { return RGBAColor(red: 0, green: 0, blue: 0, alpha: 0) }
        let straight = (c / c.w).clamped(lowerBound: SIMD4(repeating: 0), upperBound: SIMD4(repeating: 1))
        return RGBAColor(red: straight.x, green: straight.y, blue: straight.z, alpha: min(max(c.w, 0), 1))
    }
}
