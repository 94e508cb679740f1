import Foundation

/// A fresh folder per test, removed at deinit.
final class TemporaryFolder {
    let path: String
    init() {
        path = NSTemporaryDirectory() + "catalog-kit-test-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    func file(_ name: String) -> String { path + "/" + name }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}
