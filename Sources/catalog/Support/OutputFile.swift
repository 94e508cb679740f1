import ArgumentParser
import Foundation

/// `-o FILE` of `export`, `plot` and `preview`: the text to the file, or to standard output.
enum OutputFile {
    /// Bytes (an archive) to a file, or as they are to standard output.
    static func write(_ data: Data, to path: String?) throws {
        guard let path else {
            FileHandle.standardOutput.write(data)
            return
        }
        do { try data.write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw CommandFailure("cannot write \(path): \(error.localizedDescription)", code: .cannotWriteFile, fields: ["file": .string(path)])
        }
    }

    static func write(_ text: String, to path: String?) throws {
        guard let path else {
            print(text, terminator: "")
            return
        }
        do { try text.write(toFile: path, atomically: true, encoding: .utf8) } catch {
            throw CommandFailure("cannot write \(path): \(error.localizedDescription)", code: .cannotWriteFile, fields: ["file": .string(path)])
        }
    }
}
