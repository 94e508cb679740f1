import CatalogModel
import Foundation
import TestSupport
import Testing

/// `export` of decorators, adopted behaviours and layouts (DESIGN §9), and what it refuses.
struct BehaviourExportCommandTests {
    let folder = TemporaryFolder()
    var env: [String: String] { ["CATALOG_DB": folder.file("c.sqlite")] }

    @Test func aDecoratorExportsAsAModuleOnly() throws {
        let module = try CLI.run(["export", "hyperlink", "--to", "js"], environment: env)
        #expect(module.status == 0)
        #expect(module.stdout.contains("export const name = \"hyperlink\";") && module.stdout.contains("export function attach(element, properties = {})"))
        #expect(!module.stdout.contains("import "))
        let css = try CLI.run(["export", "hyperlink", "--to", "css"], environment: env)
        #expect(css.status != 0 && css.stderr.contains("--to js"))
        // An adopted behaviour keeps its play() and gains attach().
        let adopted = try CLI.run(["export", "bounce-select", "--to", "js"], environment: env).stdout
        #expect(adopted.contains("export function play(element)") && adopted.contains("export function attach(element"))
    }

    @Test func aLayoutExportsAsAStylesheetOrAModule() throws {
        let css = try CLI.run(["export", "decorating-layout", "--to", "css", "--selector", ".card"], environment: env)
        #expect(css.status == 0)
        #expect(css.stdout.contains(".card > [data-slot=\"content\"]") && css.stdout.contains("--decorating-layout-spacing: 0px;"))
        #expect(css.stdout.contains("--decorating-layout-content-fraction: 0.3333333333333333;"))
        let js = try CLI.run(["export", "cascading-layout", "--to", "js"], environment: env)
        #expect(js.status == 0 && js.stdout.contains("export function layout(container, parameters = {})"))
        // --explain says how each slot is placed: all of decorated-cascade's exactly, by calc().
        let explained = try CLI.run(["export", "decorated-cascade", "--to", "css", "--explain"], environment: env)
        #expect(explained.status == 0, "\(explained.stderr)")
        let rows = explained.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(rows.map { String($0[0]) } == ["content", "accessory-1", "accessory-2", "accessory-3"])
        #expect(rows.allSatisfy { $0.count > 2 && $0[1] == "css" && $0[2] == "exact:" })
        let waapi = try CLI.run(["export", "decorating-layout", "--to", "waapi"], environment: env)
        #expect(waapi.status != 0 && waapi.stderr.contains("--to css"))
    }

    /// A parameter that chooses (an axis, a side) is the container's `data-` attribute: the
    /// defaults' rules plus, per choice moved, the rules of the slots it moves, and nothing else.
    @Test func aLayoutsChoicesAreContainerAttributes() throws {
        let toolbar = ScenarioJudge.fixtureFolder.appending(path: "toolbar.yaml").path
        let css = try CLI.run(["export", toolbar, "--to", "css"], environment: env)
        #expect(css.status == 0, "\(css.stderr)")
        let selectors = css.stdout.split(separator: "\n").filter { $0.hasSuffix("{") && $0.contains("data-slot") }.map { $0.dropLast(2) }
        #expect(
            selectors == [
                ".toolbar > [data-slot=\"title\"]", ".toolbar > [data-slot=\"badge\"]", ".toolbar > [data-slot=\"ok\"]", ".toolbar > [data-slot=\"cancel\"]",
                // badgeSide moves only the title and the badge; direction only the buttons; both together nothing more.
                ".toolbar[data-toolbar-badge-side=\"leading\"] > [data-slot=\"title\"]",
                ".toolbar[data-toolbar-badge-side=\"leading\"] > [data-slot=\"badge\"]",
                ".toolbar[data-toolbar-direction=\"vertical\"] > [data-slot=\"ok\"]", ".toolbar[data-toolbar-direction=\"vertical\"] > [data-slot=\"cancel\"]"
            ])
        #expect(css.stdout.contains("--toolbar-gap: 6px;") && !css.stdout.contains("--toolbar-direction"))
        let js = try CLI.run(["export", toolbar, "--to", "js"], environment: env)
        #expect(js.stdout.contains("\"direction\":{\"attribute\":\"data-toolbar-direction\",\"options\":[\"horizontal\",\"vertical\"]}"))
        #expect(js.stdout.contains("\"leading|horizontal\": {") && js.stdout.contains("\"trailing|vertical\": {"))
        // --explain names the choices that move each slot.
        let explained = try CLI.run(["export", toolbar, "--to", "css", "--explain"], environment: env).stdout
        let moved = explained.split(separator: "\n").dropFirst().map { row in
            (String(row.prefix { $0 != " " }), row.contains("moved by badgeSide"), row.contains("moved by direction"))
        }
        #expect(moved.map(\.0) == ["title", "badge", "ok", "cancel"])
        #expect(moved.map(\.1) == [true, true, false, false] && moved.map(\.2) == [false, false, true, true])

        // A slot's name is the page's markup: a parameter cannot name it.
        let named = folder.file("named-slot.yaml")
        try """
        name: named-slot
        kind: layout
        version: 1.0.0
        summary: A slot named by a parameter
        parameters: {which: {type: string, default: main}}
        layout: {stack: {children: [{slot: $which}, {slot: side}]}}
        """.write(toFile: named, atomically: true, encoding: .utf8)
        let refused = try CLI.run(["export", named, "--to", "css"], environment: env)
        #expect(refused.status != 0 && refused.stderr.contains("named-slot.yaml") && refused.stderr.contains("slot named by the parameter which"))
    }

    /// What the module cannot run is refused naming the step and the rule.
    @Test func aStepTheModuleCannotRunIsRefusedByName() throws {
        let chain = folder.file("runs-chain.yaml")
        try """
        name: runs-chain
        kind: decorator
        version: 1.0.0
        summary: Runs a chain on tap
        decorator:
          attachesTo: [view]
          attachWhenSet: [armed]
          properties: {armed: {type: bool}}
          handlers:
            tap: [{run: {component: fade-sequence}}]
            poke: [{run: {component: hyperlink}}]
        """.write(toFile: chain, atomically: true, encoding: .utf8)
        let refused = try CLI.run(["export", chain, "--to", "js"], environment: env)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("decorator.handlers.poke[0].run") && refused.stderr.contains("it is a decorator"))
        // A chain a handler runs plays all its roles on the target.
        try String(contentsOfFile: chain, encoding: .utf8).replacingOccurrences(of: "\n    poke: [{run: {component: hyperlink}}]", with: "")
            .write(toFile: chain, atomically: true, encoding: .utf8)
        let chained = try CLI.run(["export", chain, "--to", "js"], environment: env)
        #expect(chained.status == 0 && chained.stdout.contains("\"fade-sequence@1.0.0\""), "\(chained.stderr)")

        let distance = folder.file("moves-by-property.yaml")
        try """
        name: moves-by-property
        kind: decorator
        version: 1.0.0
        summary: Slides as far as a property says
        decorator:
          attachesTo: [view]
          attachWhenSet: [far]
          properties: {far: {type: number, default: 100}}
          handlers:
            tap: [{run: {component: slide-aside, parameters: {distance: {property: far}, duration: {property: far}}}}]
        """.write(toFile: distance, atomically: true, encoding: .utf8)
        let moves = try CLI.run(["export", distance, "--to", "js"], environment: env)
        #expect(moves.status != 0)
        #expect(moves.stderr.contains("distance") && moves.stderr.contains("changes more than the timing"))
    }
}
