import Crypto
import Foundation

/// SHA-256 as lowercase hex: the one digest the project uses for content hashes, migration
/// checksums and the built-in catalog's fingerprint.
///
/// ```swift
/// ContentDigest.sha256Hex(Data("abc".utf8))   // "ba7816bf…"
/// ```
public enum ContentDigest {
    public static func sha256Hex(_ data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }

    /// SHA-256 of text fed a piece at a time, for content too large to gather first.
    ///
    /// ```swift
    /// var digest = ContentDigest.Stream()
    /// digest.update("ab"); digest.update("c")
    /// digest.hex   // the same as sha256Hex(Data("abc".utf8))
    /// ```
    public struct Stream {
        private var hasher = SHA256()
        public init() {}
        public mutating func update(_ text: String) {
            var text = text
            text.withUTF8 { hasher.update(bufferPointer: UnsafeRawBufferPointer($0)) }
        }
        public var hex: String { hasher.finalize().map { String(format: "%02x", $0) }.joined() }
    }
}
