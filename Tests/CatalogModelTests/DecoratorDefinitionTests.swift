import CatalogModel
import TestSupport
import Testing

/// Decorator definitions: the shape, the checks, and the openable-URL rule.
struct DecoratorDefinitionTests {
    @Test(arguments: ["https://swift.org", "http://example.com/a?b=c", "mailto:team@example.com", "tel:+1-555-0100", "HTTPS://SWIFT.ORG"])
    func openableURLs(_ text: String) { #expect(OpenableURL.isOpenable(text)) }

    @Test(arguments: [
        "javascript:alert(1)", "https://", "not a url", "file:///etc/passwd", "mailto:", "mailto:nobody", "tel:call-me",
        "https://exa mple.com", "ftp://example.com", "", "https://.com"
    ])
    func notOpenableURLs(_ text: String) { #expect(!OpenableURL.isOpenable(text)) }

    @Test func hyperlinkShapedDecorator() throws {
        let decorator = try DecoratorDefinition(
            json: [
                "attachesTo": ["label"], "attachWhenSet": ["url"], "properties": ["url": ["type": "url"]],
                "handlers": ["tap": [["if": ["openableURL": ["property": "url"]], "then": [["emit": ["effect": "openURL", "value": ["property": "url"]]]]]]]
            ], file: "hyperlink.yaml", path: FieldPath("decorator"))
        #expect(decorator.attachWhenSet == ["url"] && decorator.properties["url"]?.type == .url)
        #expect(decorator.handlers["tap"] == [.when(.openableURL(.property("url")), then: [.emit(effect: "openURL", value: .property("url"))], otherwise: [])])
    }

    @Test func childrenAndTheirInitialValues() throws {
        let decorator = try DecoratorDefinition(
            json: [
                "attachesTo": ["textField"], "properties": ["hint": ["type": "string", "default": "…"]],
                "children": ["label": ["type": "label", "properties": ["text": ["property": "placeholder"], "opacity": 0]]],
                "handlers": ["textChanged": [["set": ["property": "hidden", "on": "label", "value": ["event": "value"]]]]]
            ], file: "d.yaml", path: FieldPath("decorator"))
        #expect(decorator.children["label"]?.properties["text"] == .property("placeholder"))
        #expect(decorator.children["label"]?.properties["opacity"] == .literal(0))
        #expect(decorator.properties["hint"]?.defaultValue == .string("…"))
        #expect(decorator.handlers["textChanged"] == [.set(property: "hidden", on: .child("label"), value: .eventValue)])
    }

    static let bad: [(json: JSONValue, path: String, rule: String)] = {
        var cases: [(json: JSONValue, path: String, rule: String)] = []
        cases.append((["attachesTo": ["widget"]], "decorator.attachesTo[0]", "unknown object type"))
        cases.append((["attachWhenSet": ["url"]], "decorator.attachWhenSet[0]", "not a declared property"))
        cases.append((["properties": ["url": ["type": "link"]]], "decorator.properties.url.type", "is required"))
        cases.append((["properties": ["on": ["type": "bool", "default": "yes"]]], "decorator.properties.on.default", "true or false"))
        cases.append((["children": ["x": ["type": "label", "properties": ["placeholder": "a"]]]], "decorator.children.x.properties.placeholder", "no property"))
        cases.append((["handlers": ["tap": [["run": ["component": "pop", "on": "ghost"]]]]], "decorator.handlers.tap[0].run.on", "unknown child"))
        cases.append(
            (
                ["attachesTo": ["label"], "handlers": ["tap": [["set": ["property": "placeholder", "value": 1]]]]],
                "decorator.handlers.tap[0].set.property", "unknown property"
            ))
        cases.append((["handlers": ["tap": [["if": ["maybe": true]]]]], "decorator.handlers.tap[0].if.maybe", "unknown condition"))
        cases.append((["handlers": ["tap": [["explode": [:]]]]], "decorator.handlers.tap[0].explode", "unknown action"))
        cases.append((["handlers": ["tap": [["emit": ["value": 1]]]]], "decorator.handlers.tap[0].emit.effect", "is required"))
        cases.append(
            (
                ["attachesTo": ["label"], "handlers": ["tap": [["emit": ["effect": "x", "value": ["property": "nope"]]]]]],
                "decorator.handlers.tap[0].emit.value.property", "unknown property"
            ))
        cases.append((["handlers": ["on tap": []]], "decorator.handlers.on tap", "an event name is a word"))
        cases.append((["colour": "red"], "decorator.colour", "unknown field"))
        return cases
    }()

    @Test(arguments: bad)
    func badDecoratorsAreRefusedWithTheirPath(json: JSONValue, path: String, rule: String) {
        expectDefinitionError(file: "bad.yaml", path: path, rule: rule) {
            _ = try DecoratorDefinition(json: json, file: "bad.yaml", path: FieldPath("decorator"))
        }
    }
}
