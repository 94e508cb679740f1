import CatalogModel
import CatalogStore
import Foundation
import GRDB
import TestSupport

/// Everything stored, for "nothing changed" assertions: every table's rows.
func snapshot(_ path: String) throws -> String {
    let queue = try DatabaseQueue(path: path)
    return try queue.read { db in
        let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'component_search%' ORDER BY name")
        return try tables.map { table in
            "\(table): " + (try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\"").map(\.description).joined(separator: ";"))
        }.joined(separator: "\n")
    }
}

func definition(_ yaml: String, file: String = "test.yaml") throws -> ComponentDefinition {
    try DefinitionDecoder.decode(text: yaml, file: file)
}

func fade(version: String = "1.0.0", to: Double = 1, name: String = "fade", summary: String = "Fade to a value") throws -> ComponentDefinition {
    try definition(
        """
        name: \(name)
        kind: animation
        version: \(version)
        summary: \(summary)
        tags: [fade]
        animation: {type: basic, keyPath: opacity, fromValue: 0, toValue: \(to), duration: 0.25}
        """)
}
