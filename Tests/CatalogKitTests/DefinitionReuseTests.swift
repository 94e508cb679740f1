import CatalogKit
import Testing

/// The body validation compiled is the body evaluation uses: for every built-in, what the kept
/// default body gives equals compiling the JSON body afresh.
struct DefinitionReuseTests {
    @Test func theKeptBodyEqualsAFreshCompile() throws {
        let builtIns = try BuiltInCatalog.definitions()
        var sets: [(name: String, version: String, set: TokenSet)] = []
        for definition in builtIns where definition.kind == .tokens {
            guard case .tokens(let set)? = definition.defaultBody.body else { Issue.record("\(definition.name): no token set kept"); continue }
            sets.append((definition.name, definition.version.description, set))
        }
        let binding = TokenBinding(sets: sets)
        for definition in builtIns {
            var fresh = definition
            fresh.defaultBody = DefaultBody()
            // A body that references tokens compiles per binding: none is kept, and it compiles alike each time.
            let context = DefinitionContext(tokens: binding)
            try { () throws -> Void in
                switch definition.kind {
                case .animation:
                    #expect(try AnimationDefinition(definition, context: context) == AnimationDefinition(fresh, context: context), "\(definition.name)")
                case .layout: #expect(try LayoutDefinition(definition, context: context) == LayoutDefinition(fresh, context: context), "\(definition.name)")
                case .chain: #expect(try ChainDefinition(definition, context: context) == ChainDefinition(fresh, context: context), "\(definition.name)")
                case .decorator:
                    #expect(try DecoratorDefinition(definition, context: context) == DecoratorDefinition(fresh, context: context), "\(definition.name)")
                case .tokens:
                    guard case .tokens(let kept)? = definition.defaultBody.body else { Issue.record("\(definition.name): no token set kept"); return }
                    #expect(try TokenSet(json: fresh.document["tokens"] ?? .null, file: "fresh") == kept, "\(definition.name)")
                }
            }()
            #expect(
                (definition.defaultBody.body != nil) == definition.tokenReferences.isEmpty,
                "\(definition.name): validation kept its body unless it references tokens")
        }
    }

    /// Parameters given: the body is compiled with them, never the kept default one.
    @Test func givenParametersCompileAfresh() throws {
        let definition = try DefinitionDecoder.decode(
            text: """
                name: p
                kind: animation
                version: 1.0.0
                parameters: {duration: {type: number, default: 0.2, minimum: 0}}
                animation: {type: basic, keyPath: opacity, fromValue: 0, toValue: 1, duration: $duration}
                """, file: "p.yaml")
        guard case .coreAnimation(let slow) = try AnimationDefinition(definition, parameters: ["duration": .number(0.9)]),
            case .coreAnimation(let standard) = try AnimationDefinition(definition)
        else { Issue.record("not a Core Animation body"); return }
        #expect(slow.timing.duration == 0.9 && standard.timing.duration == 0.2)
    }
}
