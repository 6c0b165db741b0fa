import Foundation

extension ConfigurationFile {
    /// The nearest `.lctrace.yml`: in `directory` or the nearest parent that has one (SPEC §9).
    ///
    /// - Parameter directory: where the search starts (the current folder), absolute.
    /// - Returns: the file's path, or `nil` when no folder up to the root has one.
    public static func discover(from directory: String) -> String? {
        var folder = ExcludedPaths.absolute(directory, in: "/")
        while true {
            let candidate = (folder == "/" ? "" : folder) + "/" + defaultName
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue {
                return candidate
            }
            guard folder != "/", let slash = folder.lastIndex(of: "/") else { return nil }
            folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
        }
    }
}
