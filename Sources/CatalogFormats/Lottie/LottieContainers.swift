import CatalogModel
import Foundation
import ZIPFoundation

/// The Lottie documents packed files hold: a dotLottie (`.lottie`, a ZIP archive whose
/// `manifest.json` lists its animations, under `animations/` in version 1 and `a/` in version 2)
/// and a Telegram sticker (`.tgs`, one gzipped Lottie document). Every member is bounded by
/// ``DefinitionLimits/maximumBytes`` as it is inflated, so a small archive cannot grow without end.
///
/// ```swift
/// let documents = try LottieContainers.documents(data, file: "loader.lottie")   // [("loader.lottie", json text)]
/// ```
package enum LottieContainers {
    /// The documents `data` holds with the file name each is read under (an archive of several:
    /// `STEM-ID.lottie`, so each gets a name of its own); nil when `data` is no container.
    package static func documents(_ data: Data, file: String) throws(DefinitionError) -> [(file: String, text: String)]? {
        if data.starts(with: [0x1f, 0x8b]) { return [(file, try text(of: try gunzip(data, file: file), file: file))] }
        if data.starts(with: [0x50, 0x4b, 0x03, 0x04]) { return try dotLottie(data, file: file) }
        return nil
    }

    private static func text(of data: Data, file: String) throws(DefinitionError) -> String {
        guard let text = String(data: data, encoding: .utf8) else { throw DefinitionError(file: file, path: "", rule: "holds a member that is not UTF-8 text") }
        return text
    }

    /// RFC 1952: a header (with optional extra field, name, comment and header CRC), raw deflate, a trailer.
    static func gunzip(_ data: Data, file: String) throws(DefinitionError) -> Data {
        let bytes = [UInt8](data)
        func fail(_ rule: String) -> DefinitionError { DefinitionError(file: file, path: "", rule: rule) }
        guard bytes.count >= 18, bytes[2] == 8 else { throw fail("is gzip data this reader does not take (not deflate)") }
        let flags = bytes[3]
        var index = 10
        if flags & 4 != 0 {
            guard index + 2 <= bytes.count else { throw fail("is truncated gzip data") }
            index += 2 + Int(bytes[index]) + Int(bytes[index + 1]) << 8
        }
        for flag in [UInt8(8), 16] where flags & flag != 0 {  // a zero-terminated name, then comment
            while index < bytes.count, bytes[index] != 0 { index += 1 }
            index += 1
        }
        if flags & 2 != 0 { index += 2 }
        guard index < bytes.count - 8 else { throw fail("is truncated gzip data") }
        let deflated = Data(bytes[index..<(bytes.count - 8)])
        let inflated = try inflate(deflated, file: file)
        // The trailer: the CRC-32 and the size of what was compressed. A cut or altered file
        // inflates to something else, or stops short.
        func word(_ at: Int) -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * $1) } }
        guard word(bytes.count - 4) == UInt32(truncatingIfNeeded: inflated.count), word(bytes.count - 8) == inflated.crc32(checksum: 0) else {
            throw fail("is gzip data that is cut short or damaged (its CRC-32 or size does not match)")
        }
        return inflated
    }

    private static func inflate(_ deflated: Data, file: String) throws(DefinitionError) -> Data {
        var output = Data()
        struct TooLarge: Error {}
        do {
            _ = try Data.decompress(
                size: Int64(deflated.count), bufferSize: 64 * 1024, skipCRC32: true,
                provider: { position, size in
                    // The inflater asks for a buffer's worth; the data may end before it.
                    let start = min(Int(position), deflated.count)
                    return deflated.subdata(in: start..<min(start + size, deflated.count))
                },
                consumer: { chunk in
                    output.append(chunk)
                    if output.count > DefinitionLimits.maximumBytes { throw TooLarge() }
                })
        } catch is TooLarge {
            throw DefinitionError(file: file, path: "", rule: "inflates beyond \(DefinitionLimits.maximumBytes) bytes, the limit of a definition")
        } catch {
            throw DefinitionError(file: file, path: "", rule: "holds compressed data that does not inflate: \(error)")
        }
        return output
    }

    private static func dotLottie(_ data: Data, file: String) throws(DefinitionError) -> [(file: String, text: String)] {
        func fail(_ rule: String) -> DefinitionError { DefinitionError(file: file, path: "", rule: rule) }
        let archive: Archive
        do { archive = try Archive(data: data, accessMode: .read) } catch { throw fail("is a ZIP archive that does not open: \(error)") }
        func member(_ path: String) throws(DefinitionError) -> Data? {
            guard let entry = archive[path] else { return nil }
            guard entry.uncompressedSize <= UInt64(DefinitionLimits.maximumBytes) else {
                throw fail("holds \(path), beyond \(DefinitionLimits.maximumBytes) bytes, the limit of a definition")
            }
            var contents = Data()
            do {
                _ = try archive.extract(entry, bufferSize: 64 * 1024, skipCRC32: false) { chunk in
                    contents.append(chunk)
                    if contents.count > DefinitionLimits.maximumBytes { throw CocoaError(.fileReadTooLarge) }
                }
            } catch { throw fail("holds \(path), which does not extract: \(error)") }
            return contents
        }
        guard let manifestData = try member("manifest.json") else { throw fail("is a ZIP archive without manifest.json: not a dotLottie") }
        let manifestText = try text(of: manifestData, file: file)
        guard let manifest = try? JSONReader.read(manifestText) else {
            throw DefinitionError(file: file, path: "manifest.json", rule: "is not JSON")
        }
        let ids = (manifest["animations"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
        guard !ids.isEmpty else { throw DefinitionError(file: file, path: "manifest.json.animations", rule: "lists no animation") }
        let stem = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        let folder = (file as NSString).deletingLastPathComponent
        var documents: [(file: String, text: String)] = []
        for id in ids {
            var found = try member("animations/\(id).json")
            if found == nil { found = try member("a/\(id).json") }
            guard let json = found else {
                throw DefinitionError(
                    file: file, path: "manifest.json.animations", rule: "lists \(id), which the archive does not hold (animations/\(id).json or a/\(id).json)")
            }
            let name = ids.count == 1 ? file : (folder as NSString).appendingPathComponent("\(stem)-\(id).lottie")
            documents.append((name, try text(of: json, file: file)))
        }
        return documents
    }
}
