import Crypto
import Foundation

/// SHA-256 as lowercase hex: the one digest the project uses for content hashes, migration
/// checksums and the built-in catalog's fingerprint.
///
/// ```swift
/// ContentDigest.sha256Hex(Data("abc".utf8))   // "ba7816bf…"
/// ```
package enum ContentDigest {
    /// The SHA-256 of `data`, as 64 lowercase hex digits.
    package static func sha256Hex(_ data: Data) -> String {
        hex(SHA256.hash(data: data))
    }

    /// `sha256-` and the SHA-256 of `data` in base64, as Subresource Integrity writes it (what
    /// `openssl dgst -sha256 -binary | openssl base64` prints after the prefix).
    ///
    /// ```swift
    /// ContentDigest.subresourceIntegrity(Data("abc".utf8))   // "sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0="
    /// ```
    package static func subresourceIntegrity(_ data: Data) -> String {
        "sha256-" + Data(SHA256.hash(data: data)).base64EncodedString()
    }

    /// Lowercase hex of the digest's bytes (without `String(format:)`, which is slow enough to
    /// show in a command's start: every open checks the migrations' checksums).
    static func hex<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// SHA-256 of text fed a piece at a time, for content too large to gather first.
    ///
    /// ```swift
    /// var digest = ContentDigest.Stream()
    /// digest.update("ab"); digest.update("c")
    /// digest.hex   // the same as sha256Hex(Data("abc".utf8))
    /// ```
    package struct Stream {
        private var hasher = SHA256()
        /// An empty digest.
        package init() {}
        /// Adds `text`'s UTF-8 bytes.
        package mutating func update(_ text: String) {
            var text = text
            text.withUTF8 { hasher.update(bufferPointer: UnsafeRawBufferPointer($0)) }
        }
        /// The digest of everything added, as 64 lowercase hex digits.
        package var hex: String { ContentDigest.hex(hasher.finalize()) }
    }
}
