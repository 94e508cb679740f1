import CatalogModel
import Foundation
import TestSupport
import Testing

/// Every browser oracle case through `catalog sample`: each case written as a bare
/// `{keyframes, options}` file, sampled with `--at` at the browser's times (converted to
/// seconds), the JSON output compared within the oracle's tolerances.
struct SampleOracleTests {
    @Test(arguments: WebOracleCase.all)
    func sampleCommandMatchesTheBrowser(oracle: WebOracleCase) throws {
        let folder = TemporaryFolder()
        let file = folder.file("\(oracle.id).json")
        try oracle.bareDocument.prettyText.write(toFile: file, atomically: true, encoding: .utf8)
        let times = oracle.samples.map { JSONValue.numberText($0.t / 1000) }.joined(separator: ",")
        let result = try CLI.run(["sample", file, "--at=\(times)", "--format", "json"], environment: ["CATALOG_DB": folder.file("unused.sqlite")])
        try #require(result.status == 0, "\(result.stderr)")
        let output = try JSONValue(jsonData: Data(result.stdout.utf8))
        #expect(output["name"]?.stringValue == oracle.id)
        let samples = try #require(output["samples"]?.arrayValue)
        try #require(samples.count == oracle.samples.count)
        for (sample, expected) in zip(samples, oracle.samples) {
            let values = sample["values"]?.objectValue ?? [:]
            let observation = OracleObservation(
                progress: sample["progress"]?.numberValue, iteration: sample["iteration"]?.numberValue,
                opacity: values["opacity"]?.numberValue,
                transform: values["transform"]?.arrayValue?.compactMap(\.numberValue),
                backgroundColor: values["backgroundColor"]?.arrayValue?.compactMap(\.numberValue))
            for problem in oracle.problems(expected, observation) { Issue.record("\(oracle.id) \(problem)") }
        }
        // A file sample needs no database.
        #expect(!FileManager.default.fileExists(atPath: folder.file("unused.sqlite")))
    }
}
