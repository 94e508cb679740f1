import CatalogModel
import Foundation

/// The closed-form motion of a `CASpringAnimation`: displacement x(t) from the target, starting
/// at x(0) = 1 with velocity −v0 (v0 towards the target), and progress 1 − x(t).
///
/// - under-damped (ζ < 1): x = e^(−ζω0·t)(cos ωd·t + B sin ωd·t), B = (ζω0 − v0)/ωd, ωd = ω0√(1−ζ²);
/// - critically damped, and over-damped unless `allowsOverdamping`: x = (1 + (ω0 − v0)t)e^(−ω0·t);
/// - over-damped with `allowsOverdamping`: x = c1·e^(r1·t) + c2·e^(r2·t), r = −ω0(ζ ∓ √(ζ²−1)).
///
/// ```swift
/// let motion = SpringMotion(SpringParameters(mass: 1, stiffness: 100, damping: 5))
/// motion.settlingDuration   // ≈ 2.87 s (Apple: "about 2.85 s")
/// ```
package struct SpringMotion: Sendable, Hashable {
    /// The spring being solved.
    package let parameters: SpringParameters
    let omega0: Double
    let zeta: Double

    /// The displacement, as a fraction of the distance, below which the spring counts as settled.
    ///
    /// Apple does not publish its rule, only two figures: about 2.85 s for m = 1, k = 100, c = 5
    /// and just over 1 s for c = 15. Settling when the oscillation's envelope falls below 0.08 %
    /// of the distance (half a point over a 625-point move) gives 2.865 s and 1.006 s.
    package static let settlingThreshold = 8e-4

    /// The motion of a spring with these parameters, its constants worked out once.
    package init(_ parameters: SpringParameters) {
        self.parameters = parameters
        omega0 = parameters.naturalFrequency
        let ratio = parameters.dampingRatio
        zeta = ratio > 1 && !parameters.allowsOverdamping ? 1 : ratio
    }

    /// x(t): 1 at the start, 0 at the target.
    package func displacement(at t: Double) -> Double {
        let v0 = parameters.initialVelocity
        if zeta < 1 {
            let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
            let b = (zeta * omega0 - v0) / omegaD
            return exp(-zeta * omega0 * t) * (cos(omegaD * t) + b * sin(omegaD * t))
        }
        if zeta == 1 {
            return (1 + (omega0 - v0) * t) * exp(-omega0 * t)
        }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -omega0 * (zeta - root), r2 = -omega0 * (zeta + root)
        // x(0) = c1 + c2 = 1, x'(0) = r1·c1 + r2·c2 = −v0.
        let c2 = (-v0 - r1) / (r2 - r1), c1 = 1 - c2
        return c1 * exp(r1 * t) + c2 * exp(r2 * t)
    }

    /// 1 − x(t).
    @inline(__always)
    package func progress(at t: Double) -> Double { 1 - displacement(at: t) }

    /// When the spring counts as settled (see ``settlingThreshold``): for an under-damped spring
    /// the time its envelope √(1 + B²)·e^(−ζω0·t) reaches the threshold; otherwise the last time
    /// |x(t)| is above it, found by bisection.
    package var settlingDuration: Double {
        let epsilon = Self.settlingThreshold
        if zeta < 1 {
            let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
            let b = (zeta * omega0 - parameters.initialVelocity) / omegaD
            return max(log((1 + b * b).squareRoot() / epsilon) / (zeta * omega0), 0)
        }
        // Non-oscillating, but an initial velocity can make it overshoot once: find a horizon
        // past which |x| stays small, scan for the last step above the threshold, then bisect.
        // Bounded loops whatever the parameters (definitions bound them, but a library caller
        // may not): at most 200 doublings, and the scan counts steps rather than adding them.
        var horizon = omega0 > 0 && omega0.isFinite ? 1 / omega0 : 1
        for _ in 0..<200 where abs(displacement(at: horizon)) > epsilon || abs(displacement(at: horizon * 2)) > epsilon {
            horizon *= 2
        }
        guard horizon.isFinite else { return .greatestFiniteMagnitude }
        let step = horizon / 2000
        var low = 0.0
        for index in 0...4000 where abs(displacement(at: Double(index) * step)) > epsilon {
            low = Double(index) * step
        }
        var high = low + step
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if abs(displacement(at: middle)) > epsilon { low = middle } else { high = middle }
        }
        return high
    }
}
