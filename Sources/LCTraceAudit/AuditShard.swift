/// One part of a stable partition of an audit's files: `--shard K/N`.
///
/// A path belongs to shard `FNV-1a-64(UTF-8 bytes of the path) mod N + 1`. The hash is
/// fixed (not Swift's per-process seeded `hashValue`), so every machine given the same path
/// list agrees on the partition: the N shards are disjoint and together hold every file.
/// The path is hashed as discovery spells it, so all shards must be started with the same
/// arguments from the same directory.
public struct AuditShard: Sendable, Equatable, CustomStringConvertible {
    /// 1-based: 1…count.
    public var index: Int
    /// How many shards there are.
    public var count: Int

    /// Creates a shard; `nil` unless 1 ≤ index ≤ count.
    public init?(index: Int, count: Int) {
        guard count >= 1, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `K/N`, e.g. `2/8`.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        self.init(index: k, count: n)
    }

    /// `K/N`.
    public var description: String { "\(index)/\(count)" }

    /// Whether `path` belongs to this shard.
    public func contains(_ path: String) -> Bool {
        Int(Self.fnv1a64(path) % UInt64(count)) + 1 == index
    }

    /// The 64-bit FNV-1a hash of the path's UTF-8 bytes.
    public static func fnv1a64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }
}
