extension FileResult {
    /// Why nothing of this file could be replayed, or `nil` when something could.
    ///
    /// A file is unreadable (SPEC §6, exit status 2) when it yielded no record at all and its
    /// stream is damaged (LC403): cut or corrupt before its first record. Without that, a file
    /// with no record is not an error of its own: empty, blank lines only or an export with
    /// nothing to translate is an empty log; lines none of which is a record (a CSV file, a
    /// log read in the wrong syntax) are LC401 each, an error that fails the gate anyway and
    /// shows every line. A file damaged after records were read keeps its LC401/LC403 findings
    /// and its exit status 0 or 1.
    ///
    /// The reason names the damage and its line, e.g.
    /// `no record could be read (damaged before its first record): line 1: zstd stream cut short at byte 10`.
    public var nothingReplayedReason: String? {
        guard events == 0 else { return nil }
        guard let cut = findings.first(where: { $0.rule == .truncatedLog }) else { return nil }
        let malformed = findings.reduce(0) { $0 + ($1.rule == .malformedRecord ? 1 : 0) }
        var reason = "no record could be read (damaged before its first record): line \(cut.line): \(cut.message)"
        if malformed > 0 { reason += " (and \(malformed) malformed line\(malformed == 1 ? "" : "s"))" }
        return reason
    }
}
