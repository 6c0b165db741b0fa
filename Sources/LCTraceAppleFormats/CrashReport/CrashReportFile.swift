import LCTraceCore

/// Reads a crash report file whole, with a size cap (plain files only: a report is small).
enum CrashReportFile {
    /// The bytes of `path`.
    ///
    /// - Throws: ``CrashReportError`` when it cannot be opened or read, or is larger than
    ///   `maximumBytes`.
    static func contents(of path: String, maximumBytes: Int) throws(CrashReportError) -> [UInt8] {
        do {
            return try FileContents.read(path, maximumBytes: maximumBytes)
        } catch .tooLarge {
            throw CrashReportError(path: path, message: "larger than \(maximumBytes) bytes: expected a crash report (.ips)")
        } catch {
            throw CrashReportError(path: path, message: error.reason(maximumBytes: maximumBytes))
        }
    }
}
