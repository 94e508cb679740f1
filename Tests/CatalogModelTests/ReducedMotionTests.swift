import CatalogModel
import Testing
import TestSupport

/// `reducedMotion:` is read in each of its forms and refused, naming file, path and rule, in
/// every wrong one.
struct ReducedMotionTests {
    private func definition(_ reducedMotion: String, kind: String = "animation") throws -> ComponentDefinition {
        let body = kind == "animation" ? "animation: {type: basic, keyPath: opacity, fromValue: 0, toValue: 1}" : "chain: {roles: [a]}"
        return try DefinitionDecoder.decode(text: "name: pop\nkind: \(kind)\nversion: 1.0.0\nreducedMotion: \(reducedMotion)\n\(body)\n", file: "pop.yaml")
    }

    @Test func readsEachForm() throws {
        #expect(try definition("none").reducedMotion == ReducedMotion.noMotion)
        #expect(try definition("removed").reducedMotion == ReducedMotion.removed)
        #expect(try definition("fade").reducedMotion == .fade(0.2))
        #expect(try definition("{fade: 0.15}").reducedMotion == .fade(0.15))
        #expect(try definition("{shorten: 0.5}").reducedMotion == .shorten(0.5))
        let replaced = try definition("fade-in@1.0.0")
        #expect(replaced.reducedMotion == .component("fade-in@1.0.0"))
        // The component it names is a reference, as a chain step's is (remove refuses it, cycles are found).
        #expect(replaced.references == ["fade-in"])
        #expect(try definition("{component: fade-in}").reducedMotion == .component("fade-in"))
    }

    @Test(arguments: [
        ("{shorten: 2}", "reducedMotion.shorten", "a factor more than 0 and at most 1"),
        ("{shorten: 0}", "reducedMotion.shorten", "a factor more than 0 and at most 1"),
        ("{fade: -1}", "reducedMotion.fade", "more than 0 and at most 10"),
        ("{fade: 0.1, shorten: 0.5}", "reducedMotion", "takes one of fade, shorten or component"),
        ("{slow: 2}", "reducedMotion.slow", "unknown field"),
        ("Fade!", "reducedMotion", "must be none, removed, fade"),
        ("[none]", "reducedMotion", "must be none, removed, fade"),
        ("pop", "reducedMotion", "names the component itself")
    ])
    func refusesWrongForms(value: String, path: String, rule: String) {
        expectDefinitionError(file: "pop.yaml", path: path, rule: rule) { _ = try definition(value) }
    }

    @Test func onlyAnimationsTakeIt() {
        expectDefinitionError(file: "pop.yaml", path: "reducedMotion", rule: "only animations take reducedMotion") {
            _ = try definition("none", kind: "chain")
        }
    }
}
