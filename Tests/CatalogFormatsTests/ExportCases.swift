import CatalogKit
import Foundation

/// Builds browser cases from definitions: the export in one format, and the engine's values at
/// times spread over the animation (offset so that none lands exactly on a keyframe or step).
enum ExportCases {
    enum Format: String, CaseIterable, Sendable {
        case css, waapi, js
        var target: ExportTarget { self == .css ? .css : .waapi }
    }

    static func times(ending end: Double, count: Int = 29) -> [Double] {
        let span = max(end, 0.1)
        return (0..<count).map { -0.1 * span + (Double($0) + 0.37) / Double(count) * 1.35 * span }
    }

    /// An animation component on one element.
    /// - Parameter reducedMotion: the engine's values are what the definition's `reducedMotion:`
    ///   makes of it (the page is then loaded with the media feature emulated).
    static func animation(
        _ definition: ComponentDefinition, format: Format, id: String? = nil, catalog: Catalog? = nil,
        reducedMotion: Bool = false, engines: BrowserEngines = .all
    ) throws -> BrowserCase {
        let export = try ComponentExport(definition: definition, target: format.target, engines: engines, catalog: catalog)
        let base = AnimationEffect(try AnimationDefinition(definition))
        let effect = ReducedMotionEffect(base, motion: reducedMotion ? definition.reducedMotion : nil)
        let end = max(effect.endTime.isFinite ? effect.endTime : 2.5, base.endTime.isFinite ? base.endTime : 2.5)
        // A CSS animation starts when its class is put on the element: there is no earlier time.
        let times = times(ending: end).filter { format != .css || $0 >= 0 }
        let properties = effect.properties.map(\.name)
        let rows = times.map { effect.sample(at: $0).values }
        let baked = Set(export.explanation.filter { if case .baked = $0.animation.fidelity { true } else { false } }.flatMap(\.animation.properties))
        let id = (id ?? definition.name) + (reducedMotion ? "/reduced" : "")
        return BrowserCase(
            id: "\(id)/\(format.rawValue)", start: start(export, format: format, roles: ["element"]),
            roles: ["element"], properties: properties, baked: baked, times: times, expected: ["element": rows])
    }

    /// How a format starts on the page: by class (css), `animate()` (waapi) or the module (js).
    static func start(_ export: ComponentExport, format: Format, roles: [String]) -> BrowserCase.Start {
        switch format {
        case .css:
            if case .chain = export.body {
                return .css(stylesheet: export.stylesheet(), classes: Dictionary(uniqueKeysWithValues: roles.map { ($0, "\(export.name)--\($0)") }))
            }
            return .css(stylesheet: export.stylesheet(), classes: [roles[0]: export.name])
        case .waapi: return .waapi(export.waapi)
        case .js:
            if case .chain = export.body { return .module(export.module, chain: true) }
            return .module(export.module, chain: false)
        }
    }

    /// A chain over one element per role, the engine's values read back through `apply` and
    /// `state` on a scratch catalog (what `catalog state` prints).
    static func chain(_ name: String, format: Format, catalog: Catalog, objectPrefix: String) throws -> BrowserCase {
        let definition = try catalog.database.components.get(name)!.decode()
        let chain = try ChainDefinition(definition)
        let export = try ComponentExport(definition: definition, target: format.target, catalog: catalog)
        guard case .chain(let exported) = export.body else { fatalError("\(name) is a chain") }
        var roles: [String: String] = [:]
        for role in chain.roles {
            let id = "\(objectPrefix)-\(role)"
            try catalog.database.objects.add(id: id, type: "view")
            roles[role] = id
        }
        let applied = try catalog.apply(name, roles: roles)
        let properties = Array(Set(exported.roles.flatMap { $0.animations.flatMap(\.properties) })).sorted()
        let times = times(ending: exported.doneTime + 0.2).filter { $0 >= 0 }
        var expected: [String: [[AnimatedValue]]] = [:]
        for role in chain.roles {
            expected[role] = try times.map { t in
                let state = try catalog.state(of: roles[role]!, at: applied.sceneTime + t)
                // A presentation value in the engine's form, through the scene's own conversion.
                return properties.map { AnimatedValue(AnimationValue(model: state.presentation[$0] ?? .number(1))!) }
            }
        }
        let baked = Set(export.explanation.filter { if case .baked = $0.animation.fidelity { true } else { false } }.flatMap(\.animation.properties))
        return BrowserCase(
            id: "\(name)/\(format.rawValue)", start: start(export, format: format, roles: chain.roles), roles: chain.roles,
            properties: properties, baked: baked, times: times, expected: expected)
    }
}
