import CatalogModel
import Foundation

/// Outside readers of a dotLottie archive (`DotLottieJudge.py`): Python's `zipfile` lists its
/// members in order and reads the manifest and animations; rlottie opens the archive itself and
/// renders frames, beside its frames of the first animation read as a plain document.
///
/// ```swift
/// let verdict = try DotLottieJudge.judge(path: "pop.lottie", frames: [0, 6], probes: [[50, 50]])
/// verdict["members"]   // ["manifest.json", "a/pop.json"]
/// ```
public enum DotLottieJudge {
    /// - Parameter pictures: a folder to write each theme's frames (`pictureFrames`, among
    ///   `frames`) to as a PNG strip, `THEME.png` (`default.png` without one), as ThorVG draws them.
    public static func judge(path: String, frames: [Int], probes: [[Int]], pictures: String? = nil, pictureFrames: [Int] = []) throws -> JSONValue {
        let folder = FileManager.default.temporaryDirectory.appending(path: "dotlottie-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var request: JSONValue = [
            "path": .string(path), "frames": .array(frames.map { .number(Double($0)) }),
            "probes": .array(probes.map { .array($0.map { .number(Double($0)) }) })
        ]
        if let pictures, case .object(var members) = request {
            members["pictures"] = ["folder": .string(pictures), "frames": .array(pictureFrames.map { .number(Double($0)) })]
            request = .object(members)
        }
        let outcome = try PythonScript.run("DotLottieJudge.py", request: request, in: folder)
        if outcome.moduleMissing { throw LottieJudge.Missing() }
        return try JSONReader.read(outcome.output)
    }

    /// Many archives in one process: each `(path, frames, probes)` judged as ``judge(path:frames:probes:pictures:pictureFrames:)`` judges one.
    public static func judgeAll(_ archives: [(path: String, frames: [Int], probes: [[Int]])]) throws -> [JSONValue] {
        let folder = FileManager.default.temporaryDirectory.appending(path: "dotlottie-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let request: JSONValue = [
            "archives": .array(
                archives.map { archive in
                    [
                        "path": .string(archive.path), "frames": .array(archive.frames.map { .number(Double($0)) }),
                        "probes": .array(archive.probes.map { .array($0.map { .number(Double($0)) }) })
                    ]
                })
        ]
        let outcome = try PythonScript.run("DotLottieJudge.py", request: request, in: folder)
        if outcome.moduleMissing { throw LottieJudge.Missing() }
        return try JSONReader.read(outcome.output).arrayValue ?? []
    }
}
