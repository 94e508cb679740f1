import Foundation

/// The outside corpus: published stylesheets, Lottie exports and token files that
/// `scripts/fetch-corpus` downloads (from Debian's packages and PyPI) into `.corpus/`, or where
/// `$CATALOG_CORPUS` says. `scripts/test` fetches it before `swift test`; none of it is committed.
///
/// ```swift
/// for file in try OutsideCorpus.files(in: "css", extensions: ["css"]) { … }
/// ```
public enum OutsideCorpus {
    public struct Missing: Error, CustomStringConvertible {
        public var description: String
    }

    /// The corpus folder; an error that says how to fetch it when it is not there.
    public static func folder() throws -> URL {
        let folder =
            ProcessInfo.processInfo.environment["CATALOG_CORPUS"].map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../../.corpus").standardized
        guard FileManager.default.fileExists(atPath: folder.appending(path: "MANIFEST.tsv").path) else {
            throw Missing(description: "no outside corpus at \(folder.path): run scripts/test (or scripts/fetch-corpus) first")
        }
        return folder
    }

    /// The files under `subfolder` whose names end with one of `extensions`, sorted by path.
    public static func files(in subfolder: String, extensions: [String]) throws -> [URL] {
        let root = try folder().appending(path: subfolder)
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var found: [URL] = []
        for case let url as URL in walker where extensions.contains(where: { url.lastPathComponent.lowercased().hasSuffix("." + $0) }) {
            found.append(url)
        }
        return found.sorted { $0.path < $1.path }
    }
}
