import CatalogKit
import Foundation
import Testing

/// Exact exports of the timing points a random case reaches only by chance, each held to
/// Chromium by a fixed case: a group that starts late (its children's delays add its
/// `beginTime`), `removedOnCompletion` (the value after the end returns to the element's own
/// unless the animation is kept), and reduced motion that removes an animation which keeps
/// nothing (the element's own transform shows, not an identity fill over it).
struct ExactExportCaseTests {
    private func definition(_ name: String, _ animation: String) throws -> ComponentDefinition {
        try DefinitionDecoder.decode(text: #"{"name": "\#(name)", "kind": "animation", "version": "1.0.0", "animation": \#(animation)}"#, file: "\(name).json")
    }

    static let lateGroup = #"""
        {"type": "group", "beginTime": 0.3, "duration": 1, "fillMode": "both", "removedOnCompletion": false, "animations": [
          {"type": "basic", "keyPath": "opacity", "fromValue": 0.2, "toValue": 0.9, "duration": 0.4, "beginTime": 0.1, "fillMode": "both", "removedOnCompletion": false},
          {"type": "basic", "keyPath": "transform.translation.x", "fromValue": 0, "toValue": 40, "duration": 0.5, "fillMode": "forwards", "removedOnCompletion": false}]}
        """#

    @Test(arguments: ExportCases.Format.allCases)
    func aGroupThatStartsLateDelaysItsChildren(format: ExportCases.Format) throws {
        let group = try definition("late-group", Self.lateGroup)
        let export = try ComponentExport(definition: group, target: format.target)
        #expect(export.explanation.allSatisfy { $0.animation.fidelity == .exact }, "exact: \(export.explanation.map(\.animation.fidelity))")
        var item = try ExportCases.animation(group, format: format)
        // Before, across and after both children: t=0.3 and t=0.4 are where each one starts.
        item.times = [0, 0.1, 0.25, 0.35, 0.45, 0.6, 0.75, 0.9, 1.2].filter { format != .css || $0 >= 0 }
        let effect = AnimationEffect(try AnimationDefinition(group))
        item.expected = ["element": item.times.map { effect.sample(at: $0).values }]
        // The engine itself: the opacity child starts at 0.4, the translation at 0.3.
        let opacity = effect.properties.firstIndex { $0.name == "opacity" }!
        #expect(effect.sample(at: 0.35).values[opacity] == .number(0.2) && effect.sample(at: 0.6).values[opacity] != .number(0.2))
        let problems = try BrowserComparison.mismatches([item], check: .exactCases)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test(arguments: ExportCases.Format.allCases)
    func removedOnCompletionDecidesWhatShowsAfterTheEnd(format: ExportCases.Format) throws {
        var cases: [BrowserCase] = []
        for (name, removed) in [("removed", true), ("kept", false)] {
            let animation = try definition(
                "\(name)-fade",
                #"{"type": "basic", "keyPath": "opacity", "fromValue": 0.1, "toValue": 0.6, "duration": 0.4, "fillMode": "forwards", "removedOnCompletion": \#(removed)}"#
            )
            let export = try ComponentExport(definition: animation, target: format.target)
            #expect(export.explanation.allSatisfy { $0.animation.fidelity == .exact })
            var item = try ExportCases.animation(animation, format: format)
            item.times = [0.1, 0.3, 0.5, 0.9]
            let effect = AnimationEffect(try AnimationDefinition(animation))
            item.expected = ["element": item.times.map { effect.sample(at: $0).values }]
            // After the end: the element's own opacity (1) when removed, the last value when kept.
            #expect(effect.sample(at: 0.9).values == [.number(removed ? 1 : 0.6)])
            cases.append(item)
        }
        let problems = try BrowserComparison.mismatches(cases, check: .exactCases)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// Shake keeps nothing when it ends, so under reduced motion it does not run at all: an
    /// element that has a transform of its own keeps showing it.
    @Test(arguments: [ExportCases.Format.css, .js])
    func reducedMotionThatRemovesAnAnimationLeavesTheElementsOwnValue(format: ExportCases.Format) throws {
        let shake = try #require(try BuiltInCatalog.definitions().first { $0.name == "shake" })
        var item = try ExportCases.animation(shake, format: format, reducedMotion: true)
        item.times = [0, 0.1, 0.2, 0.5]
        let own = AnimatedValue.transform(.translation(13, 0, 0))
        item.expected = ["element": item.times.map { _ in [own] }]
        item.ownStyle = "transform: translateX(13px)"
        item.animationCount = 0  // not a zero-length fill over the element's own value: nothing runs
        let problems = try BrowserComparison.mismatches([item], reducedMotion: true, check: .exactCases)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
