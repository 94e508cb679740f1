import CatalogFormats
import CatalogKit
import CatalogModel
import Foundation
import TestSupport
import Testing

/// A registry item read back as `catalog add URL` will read it: every item of the built-in
/// catalog reads as what was written; a byte of the content changed (as a proxy might) is
/// refused at `meta.integrity`, and content that is not the component `meta` names is refused.
struct RegistryItemTests {
    let folder = TemporaryFolder()

    @Test func everyItemReadsBackAndAChangedByteIsRefused() throws {
        let catalog = try Catalog(path: folder.file("c.sqlite"))
        for stored in try catalog.components.list() {
            let item = try catalog.registryItem(stored.name)
            let read = try RegistryItem(json: try JSONReader.read(Catalog.registryText(item.json())), source: "\(stored.name).json")
            #expect(read.definition == stored.definition && read.version == stored.version && read.contentHash == stored.contentHash)
            #expect(read.dependencies == item.dependencies && read.kind == stored.kind)
        }
        let item = try catalog.registryItem("fade-in")
        var json = item.json()
        guard case .object(var members) = json, case .array(var files)? = members["files"], case .object(var file) = files[0],
            let content = file["content"]?.stringValue
        else {
            Issue.record("no content")
            return
        }
        // One byte: 250 → 251 in the duration.
        file["content"] = .string(content.replacingOccurrences(of: "0.25", with: "0.26"))
        #expect(file["content"]?.stringValue != content)
        files[0] = .object(file)
        members["files"] = .array(files)
        json = .object(members)
        #expect(throws: DefinitionError.self) { try RegistryItem(json: json, source: "fade-in.json") }
        do {
            _ = try RegistryItem(json: json, source: "https://a.example/r/fade-in.json")
        } catch {
            #expect(error.file == "https://a.example/r/fade-in.json" && error.path == "meta.integrity", "\(error)")
        }
        // Integrity recomputed for the changed content, but the content hash is not the definition's.
        var meta = members["meta"]?.objectValue ?? [:]
        meta["integrity"] = .string(ContentDigest.subresourceIntegrity(Data((file["content"]?.stringValue ?? "").utf8)))
        members["meta"] = .object(meta)
        do {
            _ = try RegistryItem(json: .object(members), source: "fade-in.json")
            Issue.record("a content hash that is not the definition's was accepted")
        } catch {
            #expect(error.path == "meta.contentHash", "\(error)")
        }
    }
}
