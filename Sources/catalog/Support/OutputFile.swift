import ArgumentParser
import Foundation

/// `-o FILE` of `export`, `plot` and `preview`: the text to the file, or to standard output.
enum OutputFile {
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
