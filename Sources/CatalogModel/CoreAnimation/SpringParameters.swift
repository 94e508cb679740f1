import Foundation

/// A damped spring as `CASpringAnimation` describes it: mass, stiffness, damping and initial
/// velocity, or the perceptual form (duration and bounce) of iOS 17.
///
/// ```swift
/// let spring = SpringParameters(perceptualDuration: 0.5, bounce: 0.2)
/// spring.stiffness   // (2π / 0.5)² ≈ 157.9
/// spring.dampingRatio   // 0.8
/// ```
package struct SpringParameters: Sendable, Hashable {
    /// The mass on the spring (`mass`).
    package var mass: Double = 1
    /// The spring's stiffness (`stiffness`).
    package var stiffness: Double = 100
    /// The damping (`damping`).
    package var damping: Double = 10
    /// In units of the distance per second (positive: towards the target).
    package var initialVelocity: Double = 0
    /// When false, a spring damped beyond critical moves as a critically damped one (Core Animation's default).
    package var allowsOverdamping: Bool = false

    /// A spring; the defaults are `CASpringAnimation`'s.
    package init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0, allowsOverdamping: Bool = false) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        self.allowsOverdamping = allowsOverdamping
    }

    /// The perceptual form: m = 1, k = (2π / duration)², ζ = 1 − bounce for bounce ≥ 0 and
    /// 1 / (1 + bounce) below, c = 2ζ√(km).
    package init(perceptualDuration: Double, bounce: Double, initialVelocity: Double = 0) {
        let stiffness = pow(2 * .pi / perceptualDuration, 2)
        let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        self.init(
            mass: 1, stiffness: stiffness, damping: 2 * ratio * (stiffness * 1).squareRoot(),
            initialVelocity: initialVelocity, allowsOverdamping: bounce < 0)
    }

    /// An upper bound on the settling duration, in seconds: the time the slowest decaying term
    /// takes to fall by e^-20 (far below the 0.08 % threshold), plus what the initial velocity
    /// can add; infinite for a spring that never settles.
    package var settlingBound: Double {
        let omega0 = naturalFrequency, zeta = dampingRatio
        guard omega0.isFinite, omega0 > 0, zeta.isFinite, zeta > 0 else { return .infinity }
        let effective = zeta > 1 && !allowsOverdamping ? 1 : zeta
        // Slowest decay rate: ζω0 when under-damped, ω0 at critical, ω0(ζ − √(ζ²−1)) over-damped.
        let rate = effective <= 1 ? effective * omega0 : omega0 * (effective - (effective * effective - 1).squareRoot())
        guard rate > 0 else { return .infinity }
        return (20 + log(1 + abs(initialVelocity) / omega0 + 1 / max(1 - effective * effective, 1e-12).squareRoot())) / rate
    }

    /// ω0 = √(k/m).
    package var naturalFrequency: Double { (stiffness / mass).squareRoot() }
    /// ζ = c / (2√(km)).
    package var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }
}
