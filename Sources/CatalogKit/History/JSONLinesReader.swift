import Foundation

/// Reads a file a line at a time without holding it: 1 MiB chunks split on `\n` (one byte in
/// UTF-8, so splitting bytes is exact), each line handed over with its 1-based number and
/// without its line ending (`\r\n` too).
///
/// ```swift
/// try JSONLinesReader(path: "history.jsonl").forEach { number, line in print(number, line) }
/// ```
struct JSONLinesReader {
    let path: String

    /// Lines longer than this are refused instead of being gathered without bound.
    static let maximumLineBytes = 256 << 20

    struct LineTooLong: Error, CustomStringConvertible {
        var line: Int
        var description: String { "line \(line) is longer than \(JSONLinesReader.maximumLineBytes >> 20) MiB" }
    }

    func forEach(_ body: (Int, String) throws -> Void) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
        }
        defer { try? handle.close() }
        var pending: [UInt8] = []
        var number = 0
        func emit(_ bytes: some Collection<UInt8>) throws {
            number += 1
            var end = bytes.endIndex
            if end > bytes.startIndex, bytes[bytes.index(end, offsetBy: -1)] == 0x0D { end = bytes.index(end, offsetBy: -1) }
            try body(number, String(decoding: bytes[bytes.startIndex..<end], as: UTF8.self))
        }
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            var start = chunk.startIndex
            while let newline = chunk[start...].firstIndex(of: 0x0A) {
                if pending.isEmpty {
                    try emit(chunk[start..<newline])
                } else {
                    pending.append(contentsOf: chunk[start..<newline])
                    try emit(pending)
                    pending.removeAll(keepingCapacity: true)
                }
                start = chunk.index(after: newline)
            }
            pending.append(contentsOf: chunk[start...])
            guard pending.count <= Self.maximumLineBytes else { throw LineTooLong(line: number + 1) }
        }
        if !pending.isEmpty { try emit(pending) }
    }
}
