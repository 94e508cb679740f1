import CatalogKit
import Foundation
import Testing

/// Reduced motion in the browser: with `prefers-reduced-motion: reduce` emulated, the exported
/// stylesheet's `@media` block and the module's `matchMedia` check play what the engine plays
/// under reduced motion — shake not at all, slides and pops as a fade, fades unchanged.
struct ReducedMotionExportTests {
    @Test(arguments: [ExportCases.Format.css, .js])
    func builtInsUnderEmulatedReducedMotionPlayWhatTheEngineReduces(format: ExportCases.Format) throws {
        let animations = try BuiltInCatalog.definitions().filter { $0.kind == .animation }
        let cases = try animations.map { try ExportCases.animation($0, format: format, reducedMotion: true) }
        let problems = try BrowserComparison.mismatches(cases, reducedMotion: true, check: .reducedMotion)
        #expect(problems.isEmpty, "\(problems.count) differences:\n\(problems.prefix(40).joined(separator: "\n"))")
    }

    @Test func builtInsSayWhatTheyBecome() throws {
        let policies = Dictionary(uniqueKeysWithValues: try BuiltInCatalog.definitions().map { ($0.name, $0.reducedMotion) })
        #expect(policies["shake"] == ReducedMotion.noMotion)
        for name in ["slide-in-left", "slide-in-right", "slide-in-top", "slide-in-bottom", "slide-aside", "slide-back", "pop", "spring-pop"] {
            #expect(policies[name] == .fade(ReducedMotion.defaultFadeDuration), "\(name)")
        }
        for name in ["fade-in", "fade-out", "m3-fade-in", "m3-fade-out", "carbon-fade-in", "carbon-fade-out"] {
            #expect(policies[name] == .some(nil), "\(name) fades unchanged")
        }
    }
}
