#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// File names as `String`s without losing bytes that are not UTF-8.
///
/// POSIX file names are bytes; Swift strings are Unicode. A name such as `caf\xE9.jsonl`
/// (Latin-1) would become `caf\u{FFFD}.jsonl` and could no longer be opened. Instead,
/// every byte that is not part of valid UTF-8 is kept as one scalar of the supplementary
/// private use area, U+10FF80 + (byte − 0x80) (only bytes 0x80–0xFF can be invalid), and
/// turned back into that byte when the path is handed to the system. Reports print such a
/// scalar as `\xNN`. A name that really holds those private-use scalars (none in practice)
/// would be read as the bytes instead.
public enum FilePathText {
    /// The scalar that stands for byte 0x80.
    static let base: UInt32 = 0x10FF80

    /// The path the bytes name, as text: valid UTF-8 decoded, other bytes kept (see above).
    public static func string<Bytes: Collection>(fromBytes bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var out = String.UnicodeScalarView()
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var pending = Array(bytes)[...]
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                out.append(Unicode.UTF8.decode(encoded))
                pending = pending.dropFirst(encoded.count)
            case .error(let length):
                for byte in pending.prefix(length) {
                    out.append(byte < 0x80 ? Unicode.Scalar(byte) : escaped(byte))
                }
                pending = pending.dropFirst(length)
            case .emptyInput:
                return String(out)
            }
        }
    }

    /// The bytes a path names: the inverse of ``string(fromBytes:)``.
    public static func bytes(_ path: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if let byte = byte(for: scalar) {
                out.append(byte)
            } else {
                out.append(contentsOf: String(scalar).utf8)
            }
        }
        return out
    }

    /// Calls `body` with the path as a NUL-terminated C string of its real bytes.
    public static func withCString<R>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        guard path.unicodeScalars.contains(where: { byte(for: $0) != nil }) else {
            return try path.withCString(body)
        }
        let raw = bytes(path).map { CChar(bitPattern: $0) } + [0]
        return try raw.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// The byte a scalar stands for, or `nil` for an ordinary scalar.
    public static func byte(for scalar: Unicode.Scalar) -> UInt8? {
        guard scalar.value >= base, scalar.value <= base + 0x7F else { return nil }
        return UInt8(scalar.value - base + 0x80)
    }

    private static func escaped(_ byte: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(base + UInt32(byte) - 0x80)!
    }

    /// The process's arguments, each decoded by ``string(fromBytes:)``.
    public static func arguments() -> [String] {
        (0..<Int(CommandLine.argc)).map { i in
            guard let arg = CommandLine.unsafeArgv[i] else { return "" }
            return string(fromBytes: UnsafeBufferPointer(start: arg, count: strlen(arg)).map { UInt8(bitPattern: $0) })
        }
    }
}
