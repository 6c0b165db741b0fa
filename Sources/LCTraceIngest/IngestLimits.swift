/// Limits that keep a hostile or broken input from costing unbounded time or memory.
///
/// Every limit ends in a finding (LC401 or LC403) or an error that names it; none of
/// them crashes or silently drops data.
public struct IngestLimits: Sendable, Equatable {
    /// The most decompressed bytes read from one zstd file; past it the rest of the file is
    /// not read and LC403 says so. A decompression bomb (a few kilobytes that expand to
    /// terabytes) then costs bounded time. Plain-text input is not limited: its size is its
    /// size on disk. `nil`: no limit.
    public var maximumDecompressedBytes: Int64?

    /// The default: 64 GiB of decompressed data per file, about 600 million records.
    public static let defaultMaximumDecompressedBytes: Int64 = 64 << 30

    /// The defaults.
    public static let `default` = IngestLimits()

    /// Creates limits.
    ///
    /// - Parameter maximumDecompressedBytes: the cap on decompressed bytes per zstd file; `nil` for none.
    public init(maximumDecompressedBytes: Int64? = IngestLimits.defaultMaximumDecompressedBytes) {
        self.maximumDecompressedBytes = maximumDecompressedBytes
    }

    /// Parses a byte count as the command line takes it: digits with an optional binary
    /// suffix `K`, `M`, `G`, `T` (KiB…TiB, an optional trailing `B` or `iB` accepted), or
    /// `0`/`none`/`unlimited` for no limit.
    ///
    /// - Returns: `.some(nil)` for no limit, `.some(n)` for a limit, `nil` when the text is not a size.
    public static func parseByteCount(_ text: String) -> Int64?? {
        var s = Substring(text.trimmingWhitespace().uppercased())
        if s == "NONE" || s == "UNLIMITED" { return .some(nil) }
        if s.hasSuffix("IB") { s = s.dropLast(2) } else if s.hasSuffix("B") { s = s.dropLast() }
        var shift: Int64 = 0
        switch s.last {
        case "K": shift = 10
        case "M": shift = 20
        case "G": shift = 30
        case "T": shift = 40
        default: break
        }
        if shift > 0 { s = s.dropLast() }
        guard !s.isEmpty, s.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int64(s) else { return nil }
        if n == 0 { return .some(nil) }
        let (value, overflow) = n.multipliedReportingOverflow(by: 1 << shift)
        return overflow ? nil : .some(value)
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> Substring {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s = s.dropFirst() }
        while let c = s.last, c.isWhitespace { s = s.dropLast() }
        return s
    }
}
