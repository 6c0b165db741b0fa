/// What identifies the file list a shard was cut from: how many paths discovery found
/// (before `--shard` picked its part) and the 64-bit FNV-1a hash of them, sorted by their
/// UTF-8 bytes, each followed by a NUL byte (no path holds one).
///
/// Shards hash each path as discovery spells it (``AuditShard``), so shards started with
/// different arguments or from different directories split different lists, and their
/// merge would be a wrong report; `merge` compares this instead (``AuditMerge/Header``).
public struct AuditFileList: Sendable, Equatable {
    /// How many paths the list holds.
    public var paths: Int
    /// The FNV-1a-64 hash of the sorted paths.
    public var digest: UInt64

    /// Creates the record directly (as read back from a header).
    public init(paths: Int, digest: UInt64) {
        self.paths = paths
        self.digest = digest
    }

    /// The record of `paths`, in any order.
    public init(_ paths: [String]) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for path in paths.sorted(by: AuditDiscovery.pathPrecedes) {
            for byte in path.utf8 {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01B3
            }
            hash &*= 0x0000_0100_0000_01B3  // the NUL after each path (XOR with 0 is a no-op)
        }
        self.init(paths: paths.count, digest: hash)
    }

    /// The digest as 16 lower-case hex digits, as the header records it.
    public var digestText: String {
        let hex = String(digest, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Parses ``digestText``.
    public static func digest(parsing text: String) -> UInt64? {
        guard text.utf8.count == 16, text.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else { return nil }
        return UInt64(text, radix: 16)
    }
}
