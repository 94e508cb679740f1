import CatalogModel

/// Writes replayed frames as text a frame at a time, so a long replay never holds its whole
/// output: the JSON document `{"frames": [{"objects", "t"}]}` (the bytes the whole document
/// would print as pretty JSON), or CSV rows `t,object,property,value` (RFC 4180). ``rows(of:)``
/// gives the same rows for a table.
///
/// ```swift
/// var writer = FrameWriter(format: .csv)
/// var text = writer.header
/// try SceneReplay(catalog: catalog).forEachFrame(fps: 10, until: 1) { text += writer.text(for: $0) }
/// text += writer.end
/// ```
package struct FrameWriter: Sendable {
    /// The output formats of `replay`.
    package enum Format: Sendable {
        /// One JSON document: `{"frames": [{"t", "objects"}]}`.
        case json
        /// One row per frame, object and property.
        case csv
    }

    /// The format it writes.
    package let format: Format
    private var frames = 0

    /// A writer of `format`.
    package init(format: Format) { self.format = format }

    /// What comes before the first frame.
    package var header: String { format == .csv ? "t,object,property,value\n" : "" }

    /// The text of one more frame.
    package mutating func text(for frame: SceneReplay.Frame) -> String {
        defer { frames += 1 }
        switch format {
        case .json:
            let value: JSONValue = ["t": .number(frame.time), "objects": .object(frame.objects.mapValues { .object($0.mapValues(\.jsonValue)) })]
            var piece = frames == 0 ? "{\n  \"frames\": [\n    " : ",\n    "
            value.writePretty(into: &piece, indent: "    ")
            return piece
        case .csv:
            return Self.rows(of: frame).map { $0.map(Self.csvField).joined(separator: ",") + "\n" }.joined()
        }
    }

    /// What closes the output, after the last frame.
    package var end: String {
        switch format {
        case .json: frames == 0 ? "{\n  \"frames\": []\n}\n" : "\n  ]\n}\n"
        case .csv: ""
        }
    }

    /// A frame's rows — time, object, property, value (canonical JSON) — objects and
    /// properties by name.
    package static func rows(of frame: SceneReplay.Frame) -> [[String]] {
        frame.objects.keys.sorted().flatMap { id in
            frame.objects[id]!.sorted { $0.key < $1.key }.map { property, value in
                [JSONValue.numberText(frame.time), id, property, value.jsonValue.canonicalText]
            }
        }
    }

    /// RFC 4180: quote fields holding commas, quotes or line breaks.
    static func csvField(_ text: String) -> String {
        guard text.contains(where: { ",\"\n\r".contains($0) }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
