import CatalogModel
import Foundation

/// Reads a column holding a JSON array of strings — component tags, an object's owners
/// aggregated by `json_group_array` — without the JSON reader in the usual case.
///
/// ```swift
/// StringListColumn.read(#"["bounce","cell"]"#)   // ["bounce", "cell"]
/// ```
package enum StringListColumn {
    /// Without a backslash (the usual case) every quote delimits an item, so items are cut out
    /// byte by byte; anything else goes through ``JSONReader``.
    package static func read(_ text: String) -> [String] {
        let utf8 = text.utf8
        guard !utf8.contains(UInt8(ascii: "\\")) else {
            return (try? JSONReader.read(text))?.arrayValue?.compactMap(\.stringValue) ?? []
        }
        var items: [String] = []
        var opening: String.Index?
        var index = utf8.startIndex
        while index != utf8.endIndex {
            if utf8[index] == UInt8(ascii: "\"") {
                if let start = opening {
                    items.append(String(Substring(utf8[utf8.index(after: start)..<index])))
                    opening = nil
                } else {
                    opening = index
                }
            }
            index = utf8.index(after: index)
        }
        return items
    }
}
