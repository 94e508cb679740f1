import Foundation

/// A fresh folder per test, removed at deinit.
///
/// ```swift
/// let folder = TemporaryFolder()
/// let catalog = try Catalog(path: folder.file("c.sqlite"))
/// ```
public final class TemporaryFolder {
    public let path: String
    public init() {
        path = NSTemporaryDirectory() + "catalog-test-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    public func file(_ name: String) -> String { path + "/" + name }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}
