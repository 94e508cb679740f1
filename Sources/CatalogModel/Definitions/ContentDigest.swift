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
}
