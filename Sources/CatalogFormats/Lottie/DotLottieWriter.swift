import CatalogModel
import Foundation
import ZIPFoundation

/// A dotLottie archive (`.lottie`, version 2) as `export --to dotlottie` writes it:
/// `manifest.json` first — rlottie and other players read the first member as the manifest —
/// then each animation as `a/ID.json`, then each theme as `t/ID.json`. The same animations give the same bytes: every member
/// carries one fixed date (ZIP's epoch, 1980-01-01), and they are deflated in a fixed order.
///
/// ```swift
/// let lottie = #"{"v": "5.7.4", "fr": 60, "ip": 0, "op": 30, "w": 100, "h": 100, "layers": []}"#
/// let data = try DotLottieWriter.archive(animations: [(id: "pop", json: lottie)], generator: "catalog")
/// ```
package enum DotLottieWriter {
    /// The archive of `animations` (each a Lottie document's text), listed in that order, and
    /// `themes` (`t/ID.json`), each offered for every animation.
    package static func archive(animations: [(id: String, json: String)], themes: [DotLottieTheme] = [], generator: String) throws(ExportError) -> Data {
        var manifest: [String: JSONValue] = [
            "version": "2", "generator": .string(generator),
            "animations": .array(
                animations.map { animation in
                    themes.isEmpty ? ["id": .string(animation.id)] : ["id": .string(animation.id), "themes": .array(themes.map { .string($0.id) })]
                })
        ]
        if !themes.isEmpty { manifest["themes"] = .array(themes.map { ["id": .string($0.id)] }) }
        let members =
            [("manifest.json", Data(JSONValue.object(manifest).canonicalText.utf8))] + animations.map { ("a/\($0.id).json", Data($0.json.utf8)) }
            + themes.map { ("t/\($0.id).json", Data($0.json.canonicalText.utf8)) }
        do {
            let archive = try Archive(accessMode: .create)
            let epoch = DateComponents(calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "UTC"), year: 1980, month: 1, day: 1).date!
            for (path, data) in members {
                try archive.addEntry(
                    with: path, type: .file, uncompressedSize: Int64(data.count), modificationDate: epoch, permissions: 0o644,
                    compressionMethod: .deflate
                ) { position, size in
                    data.subdata(in: Int(position)..<Int(position) + size)
                }
            }
            guard let bytes = archive.data else { throw ExportError("the dotLottie archive was not made in memory") }
            return bytes
        } catch let error as ExportError {
            throw error
        } catch {
            throw ExportError("the dotLottie archive could not be written: \(error)")
        }
    }
}
