import CatalogModel
import Foundation
import Testing

/// The one digest of the project (content hashes, migration checksums): SHA-256 as lowercase
/// hex, whole or streamed, against FIPS 180-2's test vectors.
struct ContentDigestTests {
    @Test(arguments: [
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    ])
    func knownVectors(text: String, hex: String) {
        #expect(ContentDigest.sha256Hex(Data(text.utf8)) == hex)
        var stream = ContentDigest.Stream()
        for character in text { stream.update(String(character)) }
        #expect(stream.hex == hex)
    }
}
