import CatalogModel
import Foundation

/// The players this project did not write, as judges of a Lottie export: python-lottie's
/// evaluation of each layer's properties, rlottie's rendering of frames, and the Lottie
/// specification's JSON Schema (lottie-specs) — all PyPI packages in the package's `.venv`
/// (which `.ci/run` makes), run once for a batch of documents by `LottieJudge.py`.
/// `$LOTTIE_PYTHON` names another Python. Missing, it is an error saying how to install them —
/// never a skipped test.
///
/// ```swift
/// let verdict = try LottieJudge.judge([.init(id: "pop", lottie: export.document.text, times: [0, 7.5], frames: [0, 8], probes: [[50, 50]])])
/// verdict["pop"]?.values["pop"]?["o"]   // opacity per time, as python-lottie evaluates it
/// ```
public enum LottieJudge {
    public struct Document: Sendable {
        public var id: String
        /// The document's text, as the export writes it (players read it as written).
        public var lottie: String
        /// Frames (fractional) at which python-lottie evaluates every property.
        public var times: [Double]
        /// Frames rlottie renders.
        public var frames: [Int]
        /// Frames ThorVG renders: it takes fractional ones (rlottie only whole frames).
        public var thorvgFrames: [Double]
        /// Pixels (x, y) read from each rendered frame.
        public var probes: [[Int]]

        /// - Parameter thorvgFrames: `frames` when nil.
        public init(id: String, lottie: String, times: [Double], frames: [Int], thorvgFrames: [Double]? = nil, probes: [[Int]]) {
            self.id = id
            self.lottie = lottie
            self.times = times
            self.frames = frames
            self.thorvgFrames = thorvgFrames ?? frames.map(Double.init)
            self.probes = probes
        }
    }

    public struct Verdict: Sendable {
        /// The schema's complaints (none: valid).
        public var schema: [String]
        /// Layer name → channel (`a`, `p`, `s`, `r`, `sk`, `o`, `fill.c`, `fill.o`) → value per time.
        public var values: [String: [String: [[Double]]]]
        /// Per frame, per probe: premultiplied blue, green, red, alpha (0…255), as rlottie renders.
        public var pixels: [[[Double]]]
        /// The same, as ThorVG renders at ``Document/thorvgFrames`` (nil: it could not load the document).
        public var thorvg: [[[Double]]]?
    }

    public struct Missing: Error, CustomStringConvertible {
        public var description: String {
            "python-lottie, rlottie-python, thorvg-python or lottie-specs is not installed: .venv/bin/pip install lottie rlottie-python thorvg-python lottie-specs (what .ci/run does), or set LOTTIE_PYTHON"
        }
    }

    package static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../..").standardized

    /// The Python that runs the judges (and the scripts that build documents with python-lottie).
    public static func pythonPath() throws -> String { try python() }

    static func python() throws -> String {
        if let given = ProcessInfo.processInfo.environment["LOTTIE_PYTHON"], !given.isEmpty { return given }
        let local = packageRoot.appending(path: ".venv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: local) else { throw Missing() }
        return local
    }

    public static func judge(_ documents: [Document]) throws -> [String: Verdict] {
        let folder = FileManager.default.temporaryDirectory.appending(path: "lottie-judge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String: String] = [:]
        for (index, document) in documents.enumerated() {
            let path = folder.appending(path: "document-\(index).json").path
            try document.lottie.write(toFile: path, atomically: true, encoding: .utf8)
            paths[document.id] = path
        }
        let body = JSONValue.object([
            "documents": .array(
                documents.map { document in
                    [
                        "id": .string(document.id), "path": .string(paths[document.id]!), "times": .array(document.times.map(JSONValue.number)),
                        "frames": .array(document.frames.map { .number(Double($0)) }),
                        "thorvgFrames": .array(document.thorvgFrames.map(JSONValue.number)),
                        "probes": .array(document.probes.map { .array($0.map { .number(Double($0)) }) })
                    ]
                })
        ])
        let answer = try run("LottieJudge.py", request: body, in: folder)
        var verdicts: [String: Verdict] = [:]
        for (id, verdict) in answer.objectValue ?? [:] {
            let schema = verdict["schema"]?.arrayValue?.compactMap(\.stringValue) ?? []
            var values: [String: [String: [[Double]]]] = [:]
            for (layer, channels) in verdict["values"]?.objectValue ?? [:] {
                for (channel, series) in channels.objectValue ?? [:] {
                    values[layer, default: [:]][channel] = series.arrayValue?.map { $0.arrayValue?.compactMap(\.numberValue) ?? [] } ?? []
                }
            }
            func frames(_ json: JSONValue?) -> [[[Double]]]? {
                json?.arrayValue?.map { frame in frame.arrayValue?.map { $0.arrayValue?.compactMap(\.numberValue) ?? [] } ?? [] }
            }
            verdicts[id] = Verdict(schema: schema, values: values, pixels: frames(verdict["pixels"]) ?? [], thorvg: frames(verdict["thorvg"]))
        }
        return verdicts
    }

    /// Runs one of the judge scripts beside this file on a request (written to `folder`) and
    /// reads its answer (JSON on standard output).
    static func run(_ script: String, request: JSONValue, in folder: URL) throws -> JSONValue {
        let outcome = try PythonScript.run(script, request: request, in: folder)
        if outcome.moduleMissing { throw Missing() }
        guard outcome.status == 0 else { throw JudgeFailed(description: "\(script) exited \(outcome.status): \(outcome.errors.suffix(2000))") }
        return try JSONReader.read(outcome.output)
    }

    public struct JudgeFailed: Error, CustomStringConvertible {
        public var description: String
    }
}

extension LottieJudge {
    /// python-lottie cannot read the document at all (an enum value it does not know, …).
    public struct Unreadable: Error, CustomStringConvertible {
        public var description: String
    }

    /// One drawn part of a real file to judge: the role it became, and where it is drawn (layer
    /// indices into precompositions, group indices into nested shape groups).
    public struct Part: Sendable {
        public var role: String
        public var layers: [Int]
        public var groups: [Int]

        public init(role: String, layers: [Int], groups: [Int]) {
            self.role = role
            self.layers = layers
            self.groups = groups
        }
    }

    /// python-lottie's composed transform (`[a, b, c, d, tx, ty]`) and opacity of each part at
    /// each time (frames), by role — or the error python-lottie met reading it (`LottieSourceJudge.py`).
    public static func parts(of text: String, parts: [Part], times: [Double]) throws -> [String: (matrix: [[Double]], opacity: [Double], error: String?)] {
        let folder = FileManager.default.temporaryDirectory.appending(path: "lottie-source-judge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "document.json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let body: JSONValue = [
            "documents": [
                [
                    "id": "document", "path": .string(path), "times": .array(times.map(JSONValue.number)),
                    "parts": .array(
                        parts.map {
                            [
                                "role": .string($0.role), "layers": .array($0.layers.map { .number(Double($0)) }),
                                "groups": .array($0.groups.map { .number(Double($0)) })
                            ]
                        })
                ]
            ]
        ]
        let answer = try run("LottieSourceJudge.py", request: body, in: folder)
        var result: [String: (matrix: [[Double]], opacity: [Double], error: String?)] = [:]
        if let unreadable = answer["document"]?["$unreadable"]?.stringValue { throw Unreadable(description: unreadable) }
        for (role, value) in answer["document"]?.objectValue ?? [:] {
            result[role] = (
                value["matrix"]?.arrayValue?.map { $0.arrayValue?.compactMap(\.numberValue) ?? [] } ?? [],
                value["opacity"]?.arrayValue?.compactMap(\.numberValue) ?? [], value["error"]?.stringValue
            )
        }
        return result
    }
}
