import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP/1.1 client that writes exactly the request it is given — any `Host`, any header, a
/// body of any size — over a plain TCP connection to 127.0.0.1, for tests that must send what a
/// browser would refuse to (a rebinding page's Host, a huge body, a path with `..`).
public enum RawHTTP {
    public struct Response {
        public var status: Int
        /// Header names lowercased.
        public var headers: [String: String]
        public var body: String
    }

    /// - Parameters:
    ///   - head: the request line and headers, without the final blank line; `Connection: close`
    ///     and `Content-Length` are added.
    public static func send(port: Int, _ head: String, body: String = "") throws -> Response {
        let socket = try connected(port: port)
        defer { close(socket) }
        let request = Array((head + "\r\nConnection: close\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body).utf8)
        var sent = 0
        while sent < request.count {
            let n = request[sent...].withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
            // A server may answer and close before it has read a body it refuses.
            if n <= 0 { break }
            sent += n
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            received += buffer[0..<n]
        }
        let text = String(decoding: received, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { throw POSIXError(.EBADMSG) }
        let lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        let status = Int(lines[0].split(separator: " ")[1]) ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Response(status: status, headers: headers, body: String(text[split.upperBound...]))
    }

    /// A response read as it comes (server-sent events): ``read(until:)`` returns what has
    /// arrived once it holds what the test waits for. A read waits at most 30 s, so a server that
    /// never sends fails the test instead of hanging it.
    public final class Stream {
        let socket: Int32
        /// Everything received so far, head included.
        public private(set) var text = ""

        public init(port: Int, _ head: String) throws {
            socket = try RawHTTP.connected(port: port)
            var timeout = timeval(tv_sec: 30, tv_usec: 0)
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let request = Array((head + "\r\n\r\n").utf8)
            _ = request.withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
        }

        deinit { close(socket) }

        public func read(until done: (String) -> Bool) throws -> String {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while !done(text) {
                let n = buffer.withUnsafeMutableBytes { Glibc.read(socket, $0.baseAddress, $0.count) }
                guard n > 0 else { throw StreamEnded(received: text) }
                text += String(decoding: buffer[0..<n], as: UTF8.self)
            }
            return text
        }
    }

    /// What had arrived when a stream ended or a read waited too long.
    public struct StreamEnded: Error, CustomStringConvertible {
        public var received: String
        public var description: String { "the stream ended after \(received.utf8.count) bytes, ending: \(received.suffix(1_500))" }
    }

    static func connected(port: Int) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            throw POSIXError(.ECONNREFUSED)
        }
        return socket
    }
}
