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
        let size = (width: box.width, height: box.height)
        var roles: [LottieExport.Role] = []
        var end = 0.0
        switch (body, engine) {
        case (.animation(let animations), .animation(let animation, let motion)):
            let effect = ReducedMotionEffect(AnimationEffect(animation), motion: motion)
            let names = effect.properties.map(\.name)
            roles = [
                LottieExport.Role(name: name, animations: animations) { time in
                    Dictionary(zip(names, effect.sample(at: time).values)) { _, last in last }
                }
            ]
            end = effect.endTime.isFinite ? effect.endTime : Self.cycleEnd(animations)
        case (.chain(let chain), .chain(let running)):
            for (role, animations) in chain.roles {
                let shown = running[role] ?? []
                roles.append(
                    LottieExport.Role(name: role, animations: animations) { time in
                        Presentation.values(model: [:], running: shown, at: time).compactMapValues { value in
                            AnimationValue(model: value).map(AnimatedValue.init)
                        }
                    })
                end = max(end, Self.cycleEnd(animations))
            }
            end = max(end, chain.doneTime)
        default:
            throw ExportError("\(name): nothing to export")
        }
        return try LottieExport(name: name, roles: roles, end: end, box: size, frameRate: frameRate)
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
