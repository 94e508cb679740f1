import CatalogKit

/// A behaviour or a layout live on its page (DESIGN §9's exports, not the engine's samples): a
/// decorator's module (`/export?to=js`) attached to a real element of the type it decorates —
/// a text field to type into, a label to tap — with its properties editable and its events one
/// button away, the effects it emits listed; an adopted animation's events on a cell; a layout's
/// stylesheet (`/export?to=css`) on a container a person resizes, its parameters editable.
struct TryItSection: Sendable {
    let html: String

    /// Nil for a component that is neither a decorator, a layout nor an animation with handlers.
    init?(stored: StoredComponent, definition: ComponentDefinition, catalog: Catalog) throws {
        let base = "/api/components/\(HTML.url(stored.name))/export?version=\(HTML.url(stored.version))"
        switch definition.kind {
        case .layout:
            let sheet = try LayoutStylesheet(definition)
            let slots = sheet.slots.map { "<div class=\"slot\" data-slot=\"\(HTML.escape($0.name))\">\(HTML.escape($0.name))</div>" }
            let inputs = sheet.customProperties.map { property in
                let name = LayoutLength.customProperty(name: stored.name, parameter: property.parameter)
                return """
                    <label>\(HTML.escape(property.parameter)) <input type="number" step="any" name="\(HTML.escape(name))" \
                    value="\(JSONValue.numberText(property.value))" data-unit="\(property.isLength ? "px" : "")"></label>
                    """
            }
            let selects = sheet.choices.map { choice in
                let options = choice.options.map {
                    "<option\($0 == choice.defaultValue ? " selected" : "")>\(HTML.escape($0))</option>"
                }
                return """
                    <label>\(HTML.escape(choice.parameter)) <select data-attribute="\(HTML.escape(sheet.attribute(of: choice.parameter)))">\(options.joined())</select></label>
                    """
            }
            html = """
                <section id="try"><h2>Try it</h2>
                <link rel="stylesheet" href="\(base)&amp;to=css&amp;selector=%23layout-stage">
                <p class="note">The layout's stylesheet (<code>export --to css</code>) on a container: drag its corner to resize it.</p>
                <div id="layout-stage" class="layout-stage">\(slots.joined())</div>
                <form id="layout-parameters" class="knobs">\((inputs + selects).joined(separator: "\n"))</form>
                </section>
                """
        case .decorator, .animation:
            guard try BehaviourExport.isBehaviour(definition) else { return nil }
            let export = try BehaviourExport(definition: definition, catalog: catalog)
            let demo = try export.demo(of: definition)
            let owner = Self.owner(type: demo.ownerType)
            let properties = demo.properties
            let fields = demo.fields.map { Self.field($0.key, type: $0.type, value: $0.value) }
            var events = Set(demo.events)
            // A text field's typing and a tap arrive as DOM events; the others have a button.
            if owner.hasPrefix("<input") { events.remove("textChanged") }
            let buttons = events.sorted().map { "<button type=\"button\" data-event=\"\(HTML.escape($0))\">send \(HTML.escape($0))</button>" }
            html = """
                <section id="try"><h2>Try it</h2>
                <p class="note">The behaviour's ES module (<code>export --to js</code>) attached to a live element.</p>
                <div id="behaviour-stage" class="behaviour-stage" data-module="\(base)&amp;to=js" \
                data-properties="\(HTML.escape(JSONValue.object(properties).canonicalText))" \
                data-effects="\(HTML.escape(JSONValue.array(export.effects.sorted().map(JSONValue.string)).canonicalText))">\(owner)</div>
                <form id="behaviour-properties" class="knobs">\(fields.joined(separator: "\n"))</form>
                <p class="controls">\(buttons.joined(separator: " "))</p>
                <h3>Effects</h3>
                <ol id="behaviour-effects" aria-live="polite"></ol>
                </section>
                """
        default:
            return nil
        }
    }

    /// The element a decorator of `type` is attached to.
    static func owner(type: String) -> String {
        switch type {
        case "textField": "<input id=\"behaviour-owner\" aria-label=\"A text field to type into\" placeholder=\"Email address\">"
        case "label": "<span id=\"behaviour-owner\" class=\"owner\">Swift</span>"
        default: "<div id=\"behaviour-owner\" class=\"owner cell\">\(HTML.escape(type))</div>"
        }
    }

    static func field(_ key: String, type: ValueType, value: JSONValue?) -> String {
        let name = HTML.escape(key)
        switch type {
        case .bool:
            return "<label><input type=\"checkbox\" name=\"\(name)\"\(value == true ? " checked" : "")> \(name)</label>"
        case .number:
            return
                "<label>\(name) <input type=\"number\" step=\"any\" name=\"\(name)\" value=\"\(HTML.escape(value?.numberValue.map(JSONValue.numberText) ?? ""))\"></label>"
        default:
            return "<label>\(name) <input type=\"text\" name=\"\(name)\" value=\"\(HTML.escape(value?.stringValue ?? ""))\"></label>"
        }
    }
}
