import CatalogModel
import Testing

struct SemanticVersionTests {
    /// The precedence example given by the semver.org 2.0.0 specification, item 11.
    @Test func precedenceFollowsTheSpecificationExample() {
        let ordered = [
            "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11",
            "1.0.0-rc.1", "1.0.0", "2.0.0", "2.1.0", "2.1.1", "2.10.0"
        ].map { SemanticVersion($0)! }
        for (lower, higher) in zip(ordered, ordered.dropFirst()) {
            #expect(lower < higher, "\(lower) < \(higher)")
            #expect(!(higher < lower))
        }
    }

    @Test func buildMetadataDoesNotCount() {
        #expect(SemanticVersion("1.0.0+build.7")! == SemanticVersion("1.0.0")!)
    }

    @Test(arguments: ["1.0", "1", "01.0.0", "1.0.0-", "1.0.0-01", "v1.0.0", "1.0.0+", "1..0", "", "1.0.0-a..b"])
    func rejectsInvalidText(_ text: String) {
        #expect(SemanticVersion(text) == nil)
    }
}
