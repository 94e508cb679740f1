import CatalogEngine
import CatalogModel
import TestSupport
import Testing

/// The built-in fade chain, its step durations resolved from the built-in fade components.
struct BuiltInChainTests {
    private let definitions = try! BuiltInFiles.definitions()

    private func duration(of step: AnimateStep) throws -> Double {
        let component = try #require(definitions.first { $0.name == step.component })
        let parameters = try component.parameterValues(json: step.parameters, file: "test")
        return AnimationEffect(try AnimationDefinition(component, parameters: parameters)).endTime
    }

    @Test func theFadeSequenceRunsFiveQuarterSecondStepsAndEndsOnce() throws {
        let chain = try ChainDefinition(try #require(definitions.first { $0.name == "fade-sequence" }))
        #expect(chain.roles == ["image", "headline", "content"])
        let schedule = try ChainSchedule(chain.root, duration: duration(of:))
        #expect(schedule.animations.map(\.start) == [0, 0.25, 0.5, 0.75, 1.0])
        #expect(schedule.animations.map { $0.step.component! } == ["fade-out", "fade-out", "fade-out", "fade-in", "fade-in"])
        #expect(schedule.doneTime == 1.25)
        // The step parameter stretches every step: 0.5 s each, done at 2.5 s.
        let slow = try ChainDefinition(try #require(definitions.first { $0.name == "fade-sequence" }), parameters: ["step": .number(0.5)])
        #expect(try ChainSchedule(slow.root, duration: duration(of:)).doneTime == 2.5)
    }
}

/// The built-in decorators parse into what their source ideas describe.
struct BuiltInDecoratorTests {
    private let definitions = try! BuiltInFiles.definitions()

    @Test func hyperlinkAndBouncyPlaceholder() throws {
        let hyperlink = try DecoratorDefinition(try #require(definitions.first { $0.name == "hyperlink" }))
        #expect(hyperlink.attachesTo == ["label"] && hyperlink.attachWhenSet == ["url"])
        let bouncy = try DecoratorDefinition(try #require(definitions.first { $0.name == "bouncy-placeholder" }))
        #expect(Set(bouncy.children.keys) == ["placeholderLabel", "rightPlaceholderLabel"])
        #expect(bouncy.overrides == ["placeholder"])
        #expect(bouncy.properties["alwaysBouncePlaceholder"]?.defaultValue == .bool(false))
        // Its animations are catalog components: references the store checks on add.
        let definition = try #require(definitions.first { $0.name == "bouncy-placeholder" })
        #expect(definition.references == ["fade-in", "fade-out", "slide-aside", "slide-back"])
    }
}
