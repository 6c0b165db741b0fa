/// One pattern of the `excluded` key (SPEC §9), matched against a path relative to the
/// configuration file's folder.
///
/// `*` matches any run of characters within one path component, `?` one character, and a
/// `**` component any number of components (none included). A pattern matches a path when
/// it matches the whole path or one of its leading folders, so `fixtures` and `fixtures/**`
/// both leave out everything under `fixtures/` (docs/CI.md).
public struct PathGlob: Sendable, Equatable {
    /// The pattern as written in the file.
    public let pattern: String
    private let components: [[Unicode.Scalar]]

    /// Why a pattern cannot be used.
    public enum Problem: Error, Equatable, Sendable {
        /// Empty, or nothing but `/` and `.`.
        case empty
        /// Starts with `/`, or has a `..` component: patterns stay inside the file's folder.
        case outsideFolder
    }

    /// Compiles a pattern.
    ///
    /// - Throws: ``Problem`` for an empty pattern or one that leaves the file's folder.
    public init(_ pattern: String) throws(Problem) {
        self.pattern = pattern
        if pattern.hasPrefix("/") { throw .outsideFolder }
        let parts = pattern.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        if parts.contains("..") { throw .outsideFolder }
        if parts.isEmpty { throw .empty }
        components = parts.map { Array($0.unicodeScalars) }
    }

    /// Whether `relativePath` (components separated by `/`, no `.` or `..`) or one of its
    /// leading folders matches.
    public func matches(_ relativePath: String) -> Bool {
        let path = relativePath.split(separator: "/", omittingEmptySubsequences: true).map { Array($0.unicodeScalars) }
        for length in stride(from: path.count, through: 1, by: -1) where Self.match(components[...], path[..<length]) {
            return true
        }
        return false
    }

    /// Components against components, `**` spanning any number of them.
    private static func match(_ pattern: ArraySlice<[Unicode.Scalar]>, _ path: ArraySlice<[Unicode.Scalar]>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == ["*", "*"] {
            let rest = pattern.dropFirst()
            var p = path
            while true {
                if match(rest, p) { return true }
                guard !p.isEmpty else { return false }
                p = p.dropFirst()
            }
        }
        guard let name = path.first, component(first[...], name[...]) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    /// One component: `*` any run, `?` one character (iterative, with one backtrack point).
    private static func component(_ pattern: ArraySlice<Unicode.Scalar>, _ name: ArraySlice<Unicode.Scalar>) -> Bool {
        var p = pattern.startIndex, n = name.startIndex
        var star: Int?, resume = name.startIndex
        while n < name.endIndex {
            if p < pattern.endIndex && (pattern[p] == "?" || pattern[p] == name[n]) {
                p += 1
                n += 1
            } else if p < pattern.endIndex && pattern[p] == "*" {
                star = p
                p += 1
                resume = n
            } else if let s = star {
                p = s + 1
                resume += 1
                n = resume
            } else {
                return false
            }
        }
        while p < pattern.endIndex && pattern[p] == "*" { p += 1 }
        return p == pattern.endIndex
    }
}
