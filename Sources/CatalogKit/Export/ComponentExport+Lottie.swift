import CatalogEngine
import CatalogFormats
import CatalogModel
import Foundation

extension ComponentExport {
    /// The component as a Lottie document (``LottieExport``): one layer per role — the
    /// component's own name for an animation — sampled from the engine, keyframed after this
    /// export's CSS animations. Make the export with the `.css` target; the layers are rectangles
    /// of the reference box it was made with (100 × 100 when none was bound).
    ///
    /// ```swift
    /// let lottie = try ComponentExport(definition: pop, target: .css).lottie(frameRate: 60)
    /// print(lottie.document.json.prettyText)
    /// ```
    package func lottie(frameRate: Double) throws -> LottieExport {
        let (played, done) = try playedRoles()
        let roles = played.map { LottieExport.Role(name: $0.name, animations: $0.animations, sample: $0.sample) }
        // An animation that repeats forever: one cycle; a chain: until every role's animations are over.
        let end: Double
        if case .chain = body {
            end = max(done, played.map { Self.cycleEnd($0.animations) }.max() ?? 0)
        } else {
            end = done > 0 ? done : Self.cycleEnd(played.first?.animations ?? [])
        }
        return try LottieExport(name: name, roles: roles, end: end, box: (width: box.width, height: box.height), frameRate: frameRate)
    }

    /// The Lottie document in a dotLottie archive (version 2): `manifest.json`, then `a/NAME.json`.
    ///
    /// ```swift
    /// let archive = try ComponentExport(definition: pop, target: .css).dotLottie(frameRate: 60)
    /// ```
    package func dotLottie(frameRate: Double) throws -> Data {
        try DotLottieWriter.archive(animations: [(id: name, json: try lottie(frameRate: frameRate).document.text)], generator: "catalog")
    }

    /// When the animations are over, or (repeating forever) when each has run one cycle.
    private static func cycleEnd(_ animations: [WebAnimation]) -> Double {
        animations.map { animation in
            let timing = animation.timing
            let cycles = timing.iterations.isFinite ? timing.iterations : (timing.direction.hasPrefix("alternate") ? 2 : 1)
            return (timing.delay + timing.duration * cycles + max(timing.endDelay, 0)) / 1000
        }.max() ?? 0
    }
}
