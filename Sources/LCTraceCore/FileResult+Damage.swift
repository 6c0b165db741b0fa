extension FileResult {
    /// Why nothing of this file could be replayed, or `nil` when something could.
    ///
    /// A file is unreadable (SPEC §6, exit status 2) when it yielded no record at all and the
    /// reader found damage (LC401 or LC403): cut or corrupt before its first record, or lines
    /// of which not one is a record. A file with no record and no damage (empty, blank lines
    /// only, an export with nothing to translate) is an empty log, not an error; a file damaged
    /// after records were read keeps its LC401/LC403 findings and its exit status 0 or 1.
    ///
    /// The reason names the first damaged line and what was wrong with it, e.g.
    /// `no record could be read (damaged before its first record): line 1: corrupt zstd frame at byte 0 …`.
    public var nothingReplayedReason: String? {
        guard events == 0 else { return nil }
        var first: Finding?
        var count = 0
        for finding in findings where finding.rule == .malformedRecord || finding.rule == .truncatedLog {
            if first == nil { first = finding }
            count += 1
        }
        guard let first else { return nil }
        var reason = "no record could be read (damaged before its first record): line \(first.line): \(first.message)"
        if count > 1 { reason += " (and \(count - 1) more damaged line\(count == 2 ? "" : "s"))" }
        return reason
    }
}
