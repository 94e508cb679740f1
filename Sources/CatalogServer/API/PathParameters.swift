import Foundation
import Hummingbird

extension Parameters {
    /// A path parameter, percent-decoded: Hummingbird hands over the raw segment, and an id may
    /// hold what a URL encodes (a decorator's child is `field/placeholderLabel`, linked as
    /// `field%2FplaceholderLabel`).
    ///
    /// ```swift
    /// let id = try context.parameters.decoded("id")   // "field/placeholderLabel"
    /// ```
    func decoded(_ name: String) throws -> String {
        let raw = try require(name)
        guard let text = raw.removingPercentEncoding else {
            throw WebError(.usage, "the path segment \(raw) is not valid percent-encoding", status: .badRequest)
        }
        return text
    }
}
