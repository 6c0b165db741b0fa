import LCTracePlatform
import LCTraceCore
import LCTraceReport

/// Finds the files an audit replays: every regular file under the named paths, recursively.
///
/// - Directories named by the user are walked; a symbolic link named by the user is followed;
///   any other named path is read, even a FIFO (`lctrace audit <(zstd -dc …)`).
/// - Inside a walk, symbolic links to files are followed, symbolic links to directories are
///   not (they are listed as skipped), so a link loop cannot make the walk endless and no
///   directory is walked twice. `.` and `..` are never entered. FIFOs,
///   sockets and devices found in a walk are skipped.
/// - The result is sorted by the UTF-8 bytes of the path and has no duplicates, so the
///   order of the output never depends on the file system's order or on `--jobs`.
/// - A file reached under two names (`audit d ./d`, overlapping paths, a link to a file
///   that is also found) is audited once, under the name that sorts first (a named path
///   wins over a found one): files are told apart by device and inode.
public enum AuditDiscovery {
    /// The inputs under `paths`, sorted by path bytes, duplicates removed.
    ///
    /// - Parameter paths: files and directories as the user named them.
    /// - Returns: every file found, with what discovery knows about it.
    /// - Complexity: O(n log n) in the number of files found; memory O(n) paths.
    public static func discover(_ paths: [String]) -> [AuditInput] {
        var found: [AuditInput] = []
        for path in paths where !path.isEmpty {
            var st = stat()
            if FilePathText.withCString(path, { stat($0, &st) }) != 0 {
                found.append(AuditInput(path: path, named: true, status: .unreadable(errnoReason(errno))))
            } else if isDirectory(st) {
                walk(path, into: &found)
            } else {
                // A named FIFO or device is read as `replay` would (`audit <(zstd -dc …)`).
                var input = AuditInput(path: path, named: true)
                if isRegular(st) { input.identity = identity(st) }
                found.append(input)
            }
        }
        return uniqueFiles(sortedUnique(found))
    }

    /// Drops the later of two inputs that are the same file (same device and inode),
    /// keeping a named one first.
    static func uniqueFiles(_ inputs: [AuditInput]) -> [AuditInput] {
        var owner: [FileIdentity: Int] = [:]
        var drop = Set<Int>()
        for (i, input) in inputs.enumerated() {
            guard let id = input.identity else { continue }
            if let j = owner[id] {
                if input.named && !inputs[j].named {
                    drop.insert(j)
                    owner[id] = i
                } else {
                    drop.insert(i)
                }
            } else {
                owner[id] = i
            }
        }
        guard !drop.isEmpty else { return inputs }
        return inputs.enumerated().filter { !drop.contains($0.offset) }.map(\.element)
    }

    private static func identity(_ st: stat) -> FileIdentity {
        FileIdentity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
    }

    /// Sorts by path bytes and keeps the first of equal paths (a named file wins over the
    /// same file found in a directory, since its status is the user's choice).
    static func sortedUnique(_ inputs: [AuditInput]) -> [AuditInput] {
        let sorted = inputs.enumerated().sorted { a, b in
            if a.element.path == b.element.path {
                if a.element.named != b.element.named { return a.element.named }
                return a.offset < b.offset
            }
            return pathPrecedes(a.element.path, b.element.path)
        }
        var out: [AuditInput] = []
        out.reserveCapacity(sorted.count)
        for (_, input) in sorted where out.last?.path != input.path {
            out.append(input)
        }
        return out
    }

    /// Walks one directory, depth first.
    private static func walk(_ directory: String, into found: inout [AuditInput]) {
        var pending = [directory]
        while let dir = pending.popLast() {
            guard let handle = FilePathText.withCString(dir, { opendir($0) }) else {
                found.append(AuditInput(path: dir, named: false, status: .unreadable(errnoReason(errno))))
                continue
            }
            defer { closedir(handle) }
            let prefix = dir.hasSuffix("/") ? dir : dir + "/"
            while let entry = readdir(handle) {
                // Names that are not UTF-8 keep their bytes (FilePathText).
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    FilePathText.string(fromBytes: raw.prefix(while: { $0 != 0 }))
                }
                if name == "." || name == ".." { continue }
                let path = prefix + name
                var st = stat()
                guard FilePathText.withCString(path, { lstat($0, &st) }) == 0 else {
                    found.append(AuditInput(path: path, named: false, status: .unreadable(errnoReason(errno))))
                    continue
                }
                if isDirectory(st) {
                    pending.append(path)
                } else if isRegular(st) {
                    var input = AuditInput(path: path, named: false)
                    input.identity = identity(st)
                    found.append(input)
                } else if isSymlink(st) {
                    var target = stat()
                    var input = AuditInput(path: path, named: false)
                    // A link that is not followed is one entry however it is reached.
                    input.identity = identity(st)
                    if FilePathText.withCString(path, { stat($0, &target) }) != 0 {
                        input.status = .skipped(errno == ELOOP ? SystemErrorText.reason(ELOOP) : "dangling symbolic link")
                    } else if isDirectory(target) {
                        input.status = .skipped("symbolic link to a directory, not followed")
                    } else if isRegular(target) {
                        input.identity = identity(target)
                    } else {
                        input.status = .skipped("not a regular file")
                    }
                    found.append(input)
                } else {
                    var input = AuditInput(path: path, named: false, status: .skipped("not a regular file"))
                    input.identity = identity(st)
                    found.append(input)
                }
            }
        }
    }

    /// Whether `a` sorts before `b` by UTF-8 bytes (the order of every audit output).
    public static func pathPrecedes(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    private static func isDirectory(_ st: stat) -> Bool { st.st_mode & S_IFMT == S_IFDIR }
    private static func isRegular(_ st: stat) -> Bool { st.st_mode & S_IFMT == S_IFREG }
    private static func isSymlink(_ st: stat) -> Bool { st.st_mode & S_IFMT == S_IFLNK }

    /// `no such file or directory`: the one `errno` text (``SystemErrorText``, which also
    /// names a link loop).
    static func errnoReason(_ code: Int32) -> String {
        SystemErrorText.reason(code)
    }
}
