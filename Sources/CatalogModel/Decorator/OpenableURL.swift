import Foundation

/// Whether a URL can be opened — the headless stand-in for `UIApplication.canOpenURL`: web
/// addresses (`http`, `https`) with a host, `mailto:` with an address, `tel:` with a number.
/// Everything else (`javascript:`, `file:`, text that is not a URL) is not.
///
/// ```swift
/// OpenableURL.isOpenable("https://swift.org")      // true
/// OpenableURL.isOpenable("javascript:alert(1)")    // false
/// ```
package enum OpenableURL {
    /// True when `text` is an `http`/`https` URL with a host, a `mailto:` with an address or a `tel:` with a number.
    package static func isOpenable(_ text: String) -> Bool {
        guard !text.contains(where: { $0.isWhitespace }), let url = URL(string: text),
            let scheme = url.scheme?.lowercased()
        else { return false }
        switch scheme {
        case "http", "https":
            guard let host = url.host, !host.isEmpty else { return false }
            return host.allSatisfy { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" } && !host.hasPrefix(".") && !host.hasSuffix(".")
        case "mailto":
            let address = text.dropFirst("mailto:".count).split(separator: "?", maxSplits: 1).first ?? ""
            let parts = address.split(separator: "@", omittingEmptySubsequences: false)
            return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !parts[1].hasSuffix(".")
        case "tel":
            let number = text.dropFirst("tel:".count)
            return number.contains(where: \.isNumber) && number.allSatisfy { $0.isNumber || "+-(). ".contains($0) }
        default:
            return false
        }
    }
}
