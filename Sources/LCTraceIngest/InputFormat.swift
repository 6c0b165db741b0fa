/// How a log's bytes are encoded, decided from its first bytes (never its name).
enum InputFormat: Equatable {
    /// zstd frames (possibly several, possibly skippable ones).
    case zstd
    /// Plain UTF-8 NDJSON.
    case text

    /// How many bytes the sniffer looks at for the text check.
    static let sniffLength = 64 * 1024

    /// Classifies the first block of the input; `nil` when it is neither zstd nor text.
    ///
    /// zstd: the frame magic `28 B5 2F FD`, or a skippable-frame magic
    /// (little-endian `0x184D2A50`…`0x184D2A5F`). Text: no NUL and valid UTF-8
    /// in the block (a sequence cut at the block's end is fine). An empty input is
    /// an empty text log.
    static func sniff(_ block: UnsafeRawBufferPointer) -> InputFormat? {
        if block.count >= 4 {
            let magic = UInt32(block[0]) | UInt32(block[1]) << 8 | UInt32(block[2]) << 16
                | UInt32(block[3]) << 24
            if magic == 0xFD2F_B528 || magic & 0xFFFF_FFF0 == 0x184D_2A50 { return .zstd }
        }
        return StrictUTF8.isText(block) ? .text : nil
    }

    /// The reason for an input that is neither: `not a lifecycle log: neither zstd nor text (first bytes 7F 45 4C 46)`.
    static func notLogDataReason(_ block: UnsafeRawBufferPointer) -> String {
        let hex = block.prefix(4).map { byte -> String in
            let digits = Array("0123456789ABCDEF")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
        }
        return "not a lifecycle log: neither zstd nor text (first bytes \(hex.joined(separator: " ")))"
    }
}
