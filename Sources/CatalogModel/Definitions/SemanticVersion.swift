/// A semantic version (semver.org 2.0): `MAJOR.MINOR.PATCH[-PRERELEASE][+BUILD]`.
///
/// Ordering follows semver precedence: numeric fields numerically, a pre-release below its
/// release, pre-release identifiers compared field by field; build metadata is ignored.
///
/// ```swift
/// SemanticVersion("1.2.0")! < SemanticVersion("1.10.0")!      // true
/// SemanticVersion("2.0.0-beta.2")! < SemanticVersion("2.0.0")! // true
/// ```
public struct SemanticVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Incompatible changes.
    public var major: Int
    /// Compatible additions.
    public var minor: Int
    /// Compatible fixes.
    public var patch: Int
    /// Dot-separated pre-release identifiers (`beta.2`); empty for a release.
    public var prerelease: [String]
    /// Dot-separated build metadata; ignored by ordering and equality.
    public var build: [String]

    /// A version from its parts.
    package init(major: Int, minor: Int, patch: Int, prerelease: [String] = [], build: [String] = []) {
        self.major = major
        self.minor = minor
        self.patch = patch
        self.prerelease = prerelease
        self.build = build
    }

    /// Parses the text, or returns nil if it is not a semantic version.
    public init?(_ text: String) {
        var rest = Substring(text)
        var build: [String] = []
        if let plus = rest.firstIndex(of: "+") {
            build = rest[rest.index(after: plus)...].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            rest = rest[..<plus]
            guard !build.isEmpty, build.allSatisfy(SemanticVersion.isIdentifier) else { return nil }
        }
        var prerelease: [String] = []
        if let dash = rest.firstIndex(of: "-") {
            prerelease = rest[rest.index(after: dash)...].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            rest = rest[..<dash]
            guard !prerelease.isEmpty, prerelease.allSatisfy(SemanticVersion.isIdentifier) else { return nil }
            // Numeric pre-release identifiers must not have leading zeros.
            guard prerelease.allSatisfy({ !($0.allSatisfy(\.isASCIIDigit) && $0.count > 1 && $0.first == "0") }) else { return nil }
        }
        let numbers = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard numbers.count == 3 else { return nil }
        var parsed: [Int] = []
        for number in numbers {
            guard !number.isEmpty, number.allSatisfy(\.isASCIIDigit), number == "0" || number.first != "0",
                let value = Int(number)
            else { return nil }
            parsed.append(value)
        }
        self.init(major: parsed[0], minor: parsed[1], patch: parsed[2], prerelease: prerelease, build: build)
    }

    private static func isIdentifier(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCIIDigit || $0.isASCIILetter || $0 == "-" }
    }

    /// `MAJOR.MINOR.PATCH[-PRERELEASE][+BUILD]`.
    public var description: String {
        var text = "\(major).\(minor).\(patch)"
        if !prerelease.isEmpty { text += "-" + prerelease.joined(separator: ".") }
        if !build.isEmpty { text += "+" + build.joined(separator: ".") }
        return text
    }

    /// Semver precedence (build metadata ignored).
    public static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        if lhs.major != rhs.major { return lhs.major < rhs.major }
        if lhs.minor != rhs.minor { return lhs.minor < rhs.minor }
        if lhs.patch != rhs.patch { return lhs.patch < rhs.patch }
        switch (lhs.prerelease.isEmpty, rhs.prerelease.isEmpty) {
        case (true, true): return false
        case (true, false): return false
        case (false, true): return true
        case (false, false): break
        }
        for (left, right) in zip(lhs.prerelease, rhs.prerelease) where left != right {
            switch (Int(left), Int(right)) {
            case let (l?, r?): return l < r
            case (.some, nil): return true  // numeric identifiers sort below alphanumeric ones
            case (nil, .some): return false
            case (nil, nil): return left < right
            }
        }
        return lhs.prerelease.count < rhs.prerelease.count
    }

    /// Equality is precedence equality: build metadata does not count.
    public static func == (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        !(lhs < rhs) && !(rhs < lhs)
    }

    /// Hashes what equality compares: everything but the build metadata.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(major)
        hasher.combine(minor)
        hasher.combine(patch)
        hasher.combine(prerelease)
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
    var isASCIILetter: Bool { isASCII && isLetter }
}
