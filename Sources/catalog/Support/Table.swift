import Foundation

/// A plain text table: columns padded to their widest cell, no borders (like `git`, `brew`).
struct Table {
    var header: [String]
    var rows: [[String]] = []

    init(_ header: String...) { self.header = header }

    init(header: [String]) { self.header = header }

    mutating func append(_ row: String...) { rows.append(row) }

    mutating func append(row: [String]) { rows.append(row) }

    func render() -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}

/// A table printed as its rows come: the first `sizing` rows set the column widths (a longer
/// cell later widens only its own row), then every row is printed as it is appended.
struct StreamingTable {
    private var pending: [[String]]
    private var widths: [Int]?
    private var output = BufferedOutput()
    let sizing: Int

    init(_ header: String..., sizing: Int = 1_000) {
        pending = [header]
        self.sizing = sizing
    }

    mutating func append(_ row: [String]) {
        guard let widths else {
            pending.append(row)
            if pending.count > sizing { size() }
            return
        }
        output.write(Self.render(row, widths) + "\n")
    }

    mutating func finish() {
        if widths == nil { size() }
        output.flush()
    }

    private mutating func size() {
        let widths = pending[0].indices.map { column in pending.map { $0[column].count }.max() ?? 0 }
        for row in pending { output.write(Self.render(row, widths) + "\n") }
        pending = []
        self.widths = widths
    }

    private static func render(_ row: [String], _ widths: [Int]) -> String {
        row.enumerated().map { index, cell in
            index == row.count - 1 ? cell : cell.padding(toLength: max(widths[index], cell.count), withPad: " ", startingAt: 0)
        }.joined(separator: "  ")
    }
}

/// Standard output written in 64 KiB blocks: `print` per line flushes too often for streams
/// of millions of lines.
struct BufferedOutput {
    private var buffer: [UInt8] = []

    mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }
}
