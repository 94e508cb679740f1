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
    /// - Parameters:
    ///   - end: seconds the document lasts (the component's own length when nil).
    ///   - slots: per role, the channels a theme may replace and their slot ids.
    package func lottie(frameRate: Double, lasting end: Double? = nil, slots: [String: [LottieChannel: String]] = [:]) throws -> LottieExport {
        let (played, _) = try playedRoles()
        let roles = played.map { LottieExport.Role(name: $0.name, animations: $0.animations, sample: $0.sample) }
        return try LottieExport(
            name: name, roles: roles, end: try end ?? lottieEnd(), box: (width: box.width, height: box.height), frameRate: frameRate, slots: slots)
    }

    /// The seconds a Lottie document of the component lasts: an animation that repeats forever
    /// one cycle; a chain until every role's animations are over.
    private func lottieEnd() throws -> Double {
        let (played, done) = try playedRoles()
        if case .chain = body { return max(done, played.map { Self.cycleEnd($0.animations) }.max() ?? 0) }
        return done > 0 ? done : Self.cycleEnd(played.first?.animations ?? [])
    }

    /// The Lottie document in a dotLottie archive (version 2): `manifest.json`, then
    /// `a/NAME.json`, then a theme (`t/ID.json`) for each context of each modifier of the token
    /// sets (a DTCG resolver's `theme: light | dark`). Every property that takes its value from a
    /// token — one that changes when the tokens do — is a slot (`sid`, `ROLE.PROPERTY`) that
    /// each theme gives its value in that context; the document holds the sets' own.
    ///
    /// ```swift
    /// let archive = try ComponentExport(definition: pop, target: .css).dotLottie(frameRate: 60)
    /// ```
    package func dotLottie(frameRate: Double) throws -> Data {
        let tokens = source.context.tokens ?? BuiltInTokenSets.binding
        guard !source.definition.tokenReferences.isEmpty || source.definition.kind == .chain else {
            return try DotLottieWriter.archive(animations: [(id: name, json: try lottie(frameRate: frameRate).document.text)], generator: "catalog")
        }
        // One theme per context of each modifier, the others as the sets hold them.
        let modifiers = tokens.modifiers
        let contextCounts = Dictionary(modifiers.flatMap(\.contexts).map { ($0, 1) }, uniquingKeysWith: +)
        var themed: [(id: String, export: ComponentExport)] = []
        for modifier in modifiers {
            for context in modifier.contexts {
                let id = contextCounts[context] == 1 ? context : "\(modifier.name)-\(context)"
                themed.append((Self.fileSafe(id), try remade(tokens: try tokens.choosing([modifier.name: context]))))
            }
        }
        // Every token changed shows what takes its value from one, even where no context differs.
        // (A probe that cannot be made — a changed value a definition refuses — shows nothing.)
        let probe = try? remade(tokens: try tokens.perturbed())
        var end = try lottieEnd()
        for theme in themed { end = max(end, try theme.export.lottieEnd()) }
        let document = try lottie(frameRate: frameRate, lasting: end).document
        var others = try themed.map { try $0.export.lottie(frameRate: frameRate, lasting: end).document }
        if let probe, let probed = try? probe.lottie(frameRate: frameRate, lasting: end).document { others.append(probed) }
        var slots: [String: [LottieChannel: String]] = [:]
        for layer in document.layers {
            for channel in LottieChannel.allCases
            where others.contains(where: { other in other.layers.first { $0.name == layer.name }.map { $0[channel] != layer[channel] } ?? false }) {
                slots[layer.name, default: [:]][channel] = DotLottieTheme.slotID(role: layer.name, channel: channel)
            }
        }
        guard !slots.isEmpty else {
            return try DotLottieWriter.archive(animations: [(id: name, json: document.text)], generator: "catalog")
        }
        let slotted = try lottie(frameRate: frameRate, lasting: end, slots: slots).document
        let themes = try themed.map { DotLottieTheme(id: $0.id, document: try $0.export.lottie(frameRate: frameRate, lasting: end, slots: slots).document) }
        return try DotLottieWriter.archive(animations: [(id: name, json: slotted.text)], themes: themes, generator: "catalog")
    }

    /// `id` with what a file name in the archive should not hold replaced by `-`.
    private static func fileSafe(_ id: String) -> String {
        String(id.unicodeScalars.map { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0) ? Character($0) : "-" })
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
