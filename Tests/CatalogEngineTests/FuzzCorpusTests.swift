import CatalogFuzzing
import Foundation
import Testing

/// The fuzz corpus (`Tests/Fuzz/corpus/TARGET/`: the seeds, and every input a fuzzer found that
/// broke a promise, kept once fixed) replayed through the same checks `.ci/fuzz` runs under
/// libFuzzer: each input gives a value or a clear error, and whatever is accepted samples finite.
struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/corpus")

    @Test(arguments: FuzzTarget.allCases)
    func everyCorpusInputKeepsThePromises(target: FuzzTarget) throws {
        let folder = Self.corpus.appendingPathComponent(target.rawValue)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files.count >= 3, "a corpus to start from")
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(file)))
            #expect(target.violations(in: bytes).isEmpty, "\(target.rawValue)/\(file): \(target.violations(in: bytes))")
        }
    }

}
