import LCTracePlatform

/// File names as `String`s that keep every byte: the one encoding between a name's bytes and
/// the text lctrace carries (issue 22).
///
/// POSIX file names are bytes; Swift strings are Unicode, and ArgumentParser hands arguments
/// over as strings. A name such as `caf\xE9.jsonl` (Latin-1) decoded as UTF-8 would become
/// `caf\u{FFFD}.jsonl` and could no longer be opened. So the text of a name is an encoding of
/// its bytes that maps two different names to two different strings, both ways:
///
/// - valid UTF-8 is itself;
/// - a byte that is not part of valid UTF-8 (only 0x80–0xFF can be) is one scalar of the
///   supplementary private use area, U+10FF80 + (byte − 0x80);
/// - a name that really holds one of those scalars, or the marker U+10FF7F, keeps it behind
///   the marker U+10FF7F, so it can never be read back as a byte.
///
/// The string reaches the system only through ``withCString(_:_:)``, which turns it back
/// into the exact bytes; messages show it through ``PrintableText`` (a byte as `\xE9`, a
/// marked scalar as itself). Decoding and encoding live here and nowhere else.
public enum FilePathText {
    /// The scalar that stands for byte 0x80.
    static let base: UInt32 = 0x10FF80
    /// The scalar that marks the next one as itself, not a byte.
    static let marker: UInt32 = 0x10FF7F

    /// The text of a name's bytes (see above).
    public static func string<Bytes: Collection>(fromBytes bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var out = String.UnicodeScalarView()
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var pending = Array(bytes)[...]
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if isReserved(scalar) { out.append(Unicode.Scalar(marker)!) }
                out.append(scalar)
                pending = pending.dropFirst(encoded.count)
            case .error(let length):
                for byte in pending.prefix(length) {
                    out.append(byte < 0x80 ? Unicode.Scalar(byte) : Unicode.Scalar(base + UInt32(byte) - 0x80)!)
                }
                pending = pending.dropFirst(length)
            case .emptyInput:
                return String(out)
            }
        }
    }

    /// One unit of a name's text: a scalar the name holds, or a byte that is not UTF-8.
    public enum Unit: Equatable, Sendable {
        /// A Unicode scalar of the name.
        case scalar(Unicode.Scalar)
        /// A byte of the name that is not part of valid UTF-8.
        case byte(UInt8)
    }

    /// The units of a name's text, in order: the inverse of ``string(fromBytes:)``.
    public static func units(_ text: String) -> [Unit] {
        var out: [Unit] = []
        var marked = false
        for scalar in text.unicodeScalars {
            if marked {
                out.append(.scalar(scalar))
                marked = false
            } else if scalar.value == marker {
                marked = true
            } else if scalar.value >= base {
                out.append(.byte(UInt8(scalar.value - base + 0x80)))
            } else {
                out.append(.scalar(scalar))
            }
        }
        if marked { out.append(.scalar(Unicode.Scalar(marker)!)) }
        return out
    }

    /// Whether `text` holds anything but plain scalars (a byte or a marked scalar), so that
    /// its UTF-8 is not its bytes.
    public static func isEncoded(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value >= marker }
    }

    /// The bytes a name's text stands for.
    public static func bytes(_ text: String) -> [UInt8] {
        guard isEncoded(text) else { return Array(text.utf8) }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for unit in units(text) {
            switch unit {
            case .scalar(let scalar): out.append(contentsOf: String(scalar).utf8)
            case .byte(let byte): out.append(byte)
            }
        }
        return out
    }

    /// Calls `body` with the name as a NUL-terminated C string of its real bytes: the one way
    /// a path reaches the system (`open`, `stat`, `opendir`, `rename`, …).
    public static func withCString<R>(_ text: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        guard isEncoded(text) else { return try text.withCString(body) }
        let raw = bytes(text).map { CChar(bitPattern: $0) } + [0]
        return try raw.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// The scalars the encoding reserves: a name holding one keeps it behind the marker.
    private static func isReserved(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= marker
    }

    /// The process's arguments, each decoded by ``string(fromBytes:)``.
    public static func arguments() -> [String] {
        (0..<Int(CommandLine.argc)).map { i in
            guard let arg = CommandLine.unsafeArgv[i] else { return "" }
            return string(fromBytes: UnsafeBufferPointer(start: arg, count: strlen(arg)).map { UInt8(bitPattern: $0) })
        }
    }
}
