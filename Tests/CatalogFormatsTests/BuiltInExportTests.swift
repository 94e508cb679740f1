import CatalogKit
import Foundation
import Testing

/// Every built-in animation and chain, exported to each format and run in headless Chromium
/// paused at times across it, shows what the engine computes: exactly (the oracle's
/// tolerances) where the export is exact, within 0.1 % where it is baked.
struct BuiltInExportTests {
    @Test(arguments: ExportCases.Format.allCases)
    func everyBuiltInRunsInEveryBrowserAsTheEngineComputesIt(format: ExportCases.Format) throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "export-builtins-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try Catalog(path: folder.appending(path: "c.sqlite").path)
        let animations = try BuiltInCatalog.definitions().filter { $0.kind == .animation }
        #expect(animations.count >= 18)
        var cases = try animations.map { try ExportCases.animation($0, format: format) }
        cases.append(try ExportCases.chain("fade-sequence", format: format, catalog: catalog, objectPrefix: "fs"))
        let problems = try BrowserComparison.mismatches(cases, check: .builtInExports)
        #expect(problems.isEmpty, "\(problems.count) differences:\n\(problems.prefix(40).joined(separator: "\n"))")
    }
}
