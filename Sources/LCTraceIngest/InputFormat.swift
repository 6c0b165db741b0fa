/// How a log's bytes are encoded, decided from its first bytes (never its name).
package enum InputFormat: Equatable {
    /// zstd frames (possibly several, possibly skippable ones).
    case zstd
    /// Plain UTF-8 NDJSON.
    case text

    /// How many bytes the sniffer looks at for the text check.
    package static let sniffLength = 64 * 1024

    /// Classifies the first block of the input; `nil` when it is not a log at all.
    ///
    /// zstd: the frame magic `28 B5 2F FD`, or a skippable-frame magic
    /// (little-endian `0x184D2A50`…`0x184D2A5F`). Not a log: the signature of a known
    /// binary format (gzip, an image, an executable, …; ``KnownBinary``), or a block with no
    /// line of text at all (``StrictUTF8/hasLineOfText(_:)``). Everything else is text, read
    /// line by line: a NUL or an invalid byte makes its own line LC401, never the whole file
    /// refused. An empty input, or one of blank lines only, is an empty text log.
    package static func sniff(_ block: UnsafeRawBufferPointer) -> InputFormat? {
        if block.count >= 4 {
            let magic =
                UInt32(block[0]) | UInt32(block[1]) << 8 | UInt32(block[2]) << 16
                | UInt32(block[3]) << 24
            if magic == 0xFD2F_B528 || magic & 0xFFFF_FFF0 == 0x184D_2A50 { return .zstd }
        }
        // Nothing but line ends and blanks: an empty log.
        if block.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }) { return .text }
        if KnownBinary.identify(block) != nil { return nil }
        return StrictUTF8.hasLineOfText(block) ? .text : nil
    }

    /// The reason for an input that is not a log, naming what it is when it is known:
    /// `not a lifecycle log: gzip-compressed data (first bytes 1F 8B 08 00): decompress it first …`,
    /// or `not a lifecycle log: neither zstd nor text (first bytes 00 00 00 00)`.
    package static func notLogDataReason(_ block: UnsafeRawBufferPointer) -> String {
        let hex = block.prefix(4).map { byte -> String in
            let digits = Array("0123456789ABCDEF")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
        }
        let first = "(first bytes \(hex.joined(separator: " ")))"
        if let known = KnownBinary.identify(block) {
            return "not a lifecycle log: \(known.name) \(first)" + (known.hint.map { ": " + $0 } ?? "")
        }
        if block.allSatisfy({ $0 == 0 }) {
            return
                "not a lifecycle log: its first \(block.count) bytes are all NUL \(first): nothing was written (a writer killed before its first record leaves such a file)"
        }
        return "not a lifecycle log: neither zstd nor text \(first): no line of text in the first \(block.count) bytes"
    }
}
