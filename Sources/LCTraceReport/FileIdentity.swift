import LCTracePlatform
import LCTraceCore

/// A file as the kernel knows it (device and inode), so that two names of one file — a
/// symbolic link, a relative path, a hard link, `-` for standard input — compare equal.
///
/// Used to refuse an output that is one of the inputs (SPEC §6) and to keep an audit from
/// replaying its own report. Only regular files and FIFOs have an identity: a terminal
/// or `/dev/null` may well be both read and written.
public struct FileIdentity: Hashable, Sendable {
    /// `st_dev`.
    public var device: UInt64
    /// `st_ino`.
    public var inode: UInt64

    /// An identity from its numbers (a `stat` result already at hand).
    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    /// The identity of what `path` names after following symbolic links, or nil when
    /// nothing is there or it is neither a regular file nor a FIFO.
    public init?(path: String) {
        var st = stat()
        guard !path.isEmpty, FilePathText.withCString(path, { stat($0, &st) }) == 0 else { return nil }
        self.init(st)
    }

    /// The identity of what an open descriptor refers to (0 for `-`, standard input), or nil.
    public init?(descriptor: Int32) {
        var st = stat()
        guard fstat(descriptor, &st) == 0 else { return nil }
        self.init(st)
    }

    init?(_ st: stat) {
        let type = st.st_mode & S_IFMT
        guard type == S_IFREG || type == S_IFIFO else { return nil }
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
    }

    /// The identity of an input as a command names it: `-` is standard input.
    public init?(input: String) {
        if input == "-" { self.init(descriptor: 0) } else { self.init(path: input) }
    }
}
