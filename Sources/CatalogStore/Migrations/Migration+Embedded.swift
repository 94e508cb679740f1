import CatalogModel
import CatalogStoreCore
import Foundation

extension Migration {
    /// The migrations embedded in this build, sorted by version.
    package static func embedded() throws -> [Migration] {
        try EmbeddedMigrations.files.map { file in
            try Migration(fileName: file.name, sql: String(decoding: Data(base64Encoded: file.base64)!, as: UTF8.self))
        }
        .sorted { $0.version < $1.version }
    }
}
