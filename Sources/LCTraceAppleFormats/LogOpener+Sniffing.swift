import LCTraceIngest

/// The opener's description of an input from its start, for inputs a directory walk found
/// (`lctrace audit DIR`): whether it is clearly not a log of any format the opener reads, in
/// the words `replay` would use for it.
extension LogOpener {
    /// Why a file a walk found is skipped rather than replayed, from its first 64 KiB, or
    /// `nil` when it may be a log: only with `auto` (an explicit `--input-format` reads every
    /// file so), and never for a system-log transcript.
    public static func notALogReason(_ head: ArraySlice<UInt8>, options: ReadOptions) -> String? {
        guard options.inputFormat == .auto, let reason = recordlessReason(head), !looksLikeSystemLog(head) else {
            return nil
        }
        return reason
    }

    /// Why a file is clearly not a native log or an export, or `nil` when it may be one.
    ///
    /// A file may be a log when it is zstd, or when some line of its first 64 KiB starts,
    /// after blanks, like a JSON record (`{` then `"`) or a unified-log `json` export (`[`
    /// then `{` or `"`), or when its first line holds `{"` anywhere (a log whose first line
    /// is damaged). Everything else (a README, an image, a pretty-printed JSON document, a
    /// gzip file) is skipped. The rule fails open: a text file with one record-like line is
    /// replayed, and its other lines are LC401.
    static func recordlessReason(_ head: ArraySlice<UInt8>) -> String? {
        let b = head
        if b.count >= 4 {
            let i = b.startIndex
            let magic = UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
            if magic == 0xFD2F_B528 || magic & 0xFFFF_FFF0 == 0x184D_2A50 { return nil }
        }
        // Worded by the reader, as `replay` words the same file (issue 22).
        if let reason = LogReader.knownBinaryReason(b) { return reason }
        var lineStart = b.startIndex
        var firstLine = true
        while lineStart < b.endIndex {
            let lineEnd = b[lineStart...].firstIndex(of: 0x0A) ?? b.endIndex
            let line = b[lineStart..<lineEnd]
            let body = line.drop(while: isBlank)
            if let open = body.first, open == UInt8(ascii: "{") || open == UInt8(ascii: "[") {
                let next = body.dropFirst().drop(while: isBlank).first
                if next == UInt8(ascii: "\"") || (open == UInt8(ascii: "[") && next == UInt8(ascii: "{")) { return nil }
            }
            if firstLine, line.indices.contains(where: { $0 + 1 < line.endIndex && line[$0] == UInt8(ascii: "{") && line[$0 + 1] == UInt8(ascii: "\"") }) {
                return nil
            }
            firstLine = false
            lineStart = lineEnd + 1
        }
        return "not a lifecycle log: no line in its first 64 KiB starts like a JSON record"
    }

    private static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0D }
}
