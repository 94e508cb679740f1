import CatalogFormats
import CatalogModel

/// A scenario as the browser page plays it (DESIGN §9's judge): its objects, steps and
/// observations in the page's terms, with the modules and stylesheets its components export to —
/// decorators for every object type they attach to, adopted behaviours, animations and chains
/// applied, layouts' stylesheets. A component the page cannot play as the engine does is
/// refused here, naming the step.
///
/// ```swift
/// let page = try ScenarioPage(file: scenarioFile, catalog: scratch)
/// let html = ScenarioPage.html(title: "typing", [page])
/// ```
package struct ScenarioPage: Sendable {
    /// The scenario in the page's terms.
    package var data: JSONValue
    package var modules: [String: String]
    package var stylesheets: [String: String]
    /// The components the scenario plays: those its steps apply, and the decorators its
    /// property values attach (a key of `attachWhenSet` given to an object they decorate).
    package var components: Set<String>

    /// - Parameter layoutModules: lay layouts out with their `--to js` module rather than
    ///   their stylesheet.
    package init(file: ScenarioFile, catalog: Catalog, prefix: String = "", layoutModules: Bool = false) throws {
        let scenario = file.scenario
        func fail(_ path: String, _ rule: String) -> DefinitionError { DefinitionError(file: file.path, path: path, rule: rule) }
        var modules: [String: String] = [:]
        var stylesheets: [String: String] = [:]
        var effects = Set<String>()
        func behaviour(_ key: String, _ definition: ComponentDefinition) throws {
            guard modules[key] == nil else { return }
            let export = try BehaviourExport(definition: definition, catalog: catalog)
            effects.formUnion(export.effects)
            modules[key] = try export.exportedModule(of: definition, catalog: catalog)
        }
        // Decorators attach when a key of theirs is set: the page attaches each module to every
        // object of a type it takes, where it waits for such a key.
        var decorators: [JSONValue] = []
        let types = Set(scenario.objects.map(\.type))
        for (stored, decorator) in try catalog.currentDecorators()
        where !decorator.attachWhenSet.isEmpty && (decorator.attachesTo.isEmpty || !types.isDisjoint(with: decorator.attachesTo)) {
            let key = prefix + "decorator:" + stored.name
            try behaviour(key, try stored.decode())
            decorators.append(.string(key))
        }
        var steps: [JSONValue] = []
        for (index, step) in scenario.steps.enumerated() {
            let path = "steps[\(index)]"
            var entry: [String: JSONValue] = ["at": .number(step.at)]
            switch step.action {
            case .set(let object, let key, let value):
                entry.merge(["kind": "set", "object": .string(object), "key": .string(key), "value": value]) { $1 }
            case .send(let event, let target, let value):
                entry.merge(["kind": "send", "event": .string(event), "to": .string(target), "value": value ?? .null]) { $1 }
            case .apply(let name, let targets, let roles, let parameters):
                guard let stored = try catalog.components.get(ComponentReference(name)) else { throw fail(path + ".apply", "no component \(name)") }
                let definition = try stored.decode()
                entry["targets"] = .array(targets.map(JSONValue.string))
                entry["roles"] = .object(roles.mapValues(JSONValue.string))
                switch definition.kind {
                case .decorator:
                    let key = prefix + "decorator:" + stored.name
                    try behaviour(key, definition)
                    entry.merge(["kind": "behaviour", "module": .string(key)]) { $1 }
                case .animation where try BehaviourExport.isBehaviour(definition):
                    let key = prefix + "behaviour:" + stored.name
                    try behaviour(key, definition)
                    entry.merge(["kind": "behaviour", "module": .string(key)]) { $1 }
                case .animation, .chain:
                    let key = prefix + "step:\(index)"
                    modules[key] = try ComponentExport(definition: definition, parameters: parameters, target: .waapi, catalog: catalog).module
                    entry.merge(["kind": .string(definition.kind == .chain ? "chain" : "animation"), "module": .string(key)]) { $1 }
                case .layout:
                    let sheet = try LayoutStylesheet(definition)
                    stylesheets[stored.name] = sheet.text()
                    // Everything not given is cleared, so an earlier apply's values do not linger.
                    var properties: [String: JSONValue] = [:], numbers: [String: JSONValue] = [:], attributes: [String: JSONValue] = [:]
                    for property in sheet.customProperties {
                        properties[LayoutLength.customProperty(name: stored.name, parameter: property.parameter)] = .null
                    }
                    for choice in sheet.choices { attributes[sheet.attribute(of: choice.parameter)] = .null }
                    if sheet.hasRect {
                        for name in sheet.rectProperties(Rect(x: 0, y: 0, width: 0, height: 0)).keys { properties[name] = .null }
                    }
                    for (parameter, text) in parameters.sorted(by: { $0.key < $1.key }) {
                        // A choice (an axis, a side) is the container's attribute.
                        if let attribute = sheet.choiceAttribute(parameter: parameter, value: text) {
                            attributes[attribute.name] = .string(attribute.value)
                            numbers[parameter] = .string(text)
                            continue
                        }
                        // A rect given: the slots are laid out there, whatever the container's size.
                        if parameter == "rect", sheet.hasRect, case .rect(let rect)? = try? PropertyValue(converting: text, to: .rect) {
                            properties.merge(sheet.rectProperties(rect).mapValues(JSONValue.string)) { $1 }
                            numbers["rect"] = PropertyValue.rect(rect).jsonValue
                            continue
                        }
                        guard let number = Double(text), let value = sheet.customPropertyValue(parameter: parameter, value: number) else {
                            throw fail(
                                path + ".params." + parameter,
                                "the page lays \(stored.name) out by its stylesheet: its number parameters, "
                                    + sheet.choices.map { "\($0.parameter) (\($0.options.joined(separator: " or ")))" }.joined(separator: ", ")
                                    + (sheet.choices.isEmpty ? "" : ", ") + "and rect can be given")
                        }
                        properties[LayoutLength.customProperty(name: stored.name, parameter: parameter)] = .string(value)
                        numbers[parameter] = .number(number)
                    }
                    if layoutModules {
                        let key = prefix + "layout:" + stored.name
                        modules[key] = sheet.module
                        entry.merge(["kind": "layoutModule", "module": .string(key), "parameters": .object(numbers)]) { $1 }
                    } else {
                        entry.merge(
                            ["kind": "layout", "className": .string(stored.name), "properties": .object(properties), "attributes": .object(attributes)]
                        ) { $1 }
                    }
                case .tokens:
                    throw fail(path + ".apply", "\(name) is a token set: nothing to apply")
                }
            }
            steps.append(.object(entry))
        }
        data = [
            "name": .string(scenario.name),
            "objects": .array(
                scenario.objects.map { ["id": .string($0.id), "type": .string($0.type), "properties": .object($0.properties)] }),
            "decorators": .array(decorators),
            "effects": .array(effects.sorted().map(JSONValue.string)),
            "steps": .array(steps),
            "observe": [
                "at": .array(scenario.observe.times.sorted().map(JSONValue.number)),
                "paths": .array(scenario.observe.paths.map(JSONValue.string)),
                "properties": .array(scenario.observe.properties.map(JSONValue.string))
            ]
        ]
        self.modules = modules
        self.stylesheets = stylesheets
        self.components = try Self.components(of: file, catalog: catalog)
    }

    /// The components `file` plays in `catalog` (``components``), found without exporting them.
    package static func components(of file: ScenarioFile, catalog: Catalog) throws -> Set<String> {
        var names = Set<String>()
        for step in file.scenario.steps {
            if case .apply(let name, _, _, _) = step.action, let stored = try catalog.components.get(ComponentReference(name)) { names.insert(stored.name) }
        }
        for (stored, decorator) in try catalog.currentDecorators() where attaches(decorator, in: file.scenario) { names.insert(stored.name) }
        return names
    }

    /// Whether some object the decorator takes is given a key that attaches it.
    static func attaches(_ decorator: DecoratorDefinition, in scenario: Scenario) -> Bool {
        let keys = Set(decorator.attachWhenSet)
        let takes = { (type: String) in decorator.attachesTo.isEmpty || decorator.attachesTo.contains(type) }
        let decorated = Set(scenario.objects.filter { takes($0.type) }.map(\.id))
        if scenario.objects.contains(where: { decorated.contains($0.id) && !keys.isDisjoint(with: $0.properties.keys) }) { return true }
        return scenario.steps.contains { step in
            if case .set(let object, let key, let value) = step.action { return decorated.contains(object) && keys.contains(key) && value != .null }
            return false
        }
    }

    /// The page playing `pages` one after another (a person scrubs the first).
    package static func html(title: String, _ pages: [ScenarioPage]) -> String {
        let (modules, stylesheets) = merged(pages)
        return ScenarioPageWriter.page(title: title, scenarios: .array(pages.map(\.data)), modules: modules, stylesheets: stylesheets)
    }

    /// The page as a server answers it, whose policy allows no inline script or style: its
    /// markup, its stylesheet (at `base + "/page.css"`) and its modules (at
    /// `base + "/modules/N.js"`, N their place in `modules`).
    package static func served(_ pages: [ScenarioPage], base: String) -> (markup: String, stylesheet: String, modules: [String]) {
        let (modules, stylesheets) = merged(pages)
        let keys = modules.keys.sorted()
        let urls = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, "\(base)/modules/\($0).js") })
        return (
            ScenarioPageWriter.servedMarkup(scenarios: .array(pages.map(\.data)), moduleURLs: urls, stylesheet: base + "/page.css"),
            ScenarioPageWriter.style + "\n" + stylesheets, keys.map { modules[$0]! }
        )
    }

    /// The player script a served page loads (`ScenarioPageWriter.playerURL`).
    package static let player = ScenarioPageWriter.player

    private static func merged(_ pages: [ScenarioPage]) -> (modules: [String: String], stylesheets: String) {
        var modules: [String: String] = [:]
        var stylesheets: [String: String] = [:]
        for page in pages {
            modules.merge(page.modules) { a, _ in a }
            stylesheets.merge(page.stylesheets) { a, _ in a }
        }
        return (modules, stylesheets.keys.sorted().map { stylesheets[$0]! }.joined(separator: "\n"))
    }
}

extension ScenarioFile {
    /// The self-contained page that plays the scenario in a browser, its components exported
    /// from a scratch copy of `source` (with the scenario's own definition files).
    package func page(components source: Catalog) throws -> String {
        try withScratch(of: source) { scratch in ScenarioPage.html(title: scenario.name, [try ScenarioPage(file: self, catalog: scratch)]) }
    }
}
