extension FileResult {
    /// The reason an input with nothing in it cannot be replayed (``nothingReplayedReason(records:firstCut:malformed:otherProblems:entriesLeftOut:)``).
    public static let emptyInputReason = "no record could be read (the input is empty)"

    /// Why nothing of this file could be replayed, or `nil` when something could
    /// (``nothingReplayedReason(records:firstCut:malformed:otherProblems:entriesLeftOut:)``,
    /// from its findings: ask it before rule selection removes any).
    public func unreplayedReason() -> String? {
        let cut = findings.first(where: { $0.rule == .truncatedLog })
        let malformed = findings.reduce(0) { $0 + ($1.rule == .malformedRecord ? 1 : 0) }
        return Self.nothingReplayedReason(
            records: events, firstCut: cut.map { (line: $0.line, message: $0.message) }, malformed: malformed,
            otherProblems: findings.count - malformed - (cut == nil ? 0 : 1) + deaths.count,
            entriesLeftOut: filterMatchedNothing || hasUntranslatedEntries)
    }

    /// What a file that gave no record but malformed lines holds, e.g. `2 lines are not a
    /// lifecycle record (LC401 at line 1: expected a JSON object at column 1)`; `nil` for a
    /// file that gave a record, or no LC401 (``onlyMalformedLines``: ask before rule selection).
    public func noRecordReason() -> String? {
        guard events == 0, let first = findings.first(where: { $0.rule == .malformedRecord }) else { return nil }
        let count = findings.reduce(0) { $0 + ($1.rule == .malformedRecord ? 1 : 0) }
        return Self.noRecordReason(records: events, malformed: count, first: (line: first.line, message: first.message))
    }

    /// The one wording and rule of ``noRecordReason()``, also what `convert` asks of its
    /// summary: `nil` unless no record was read and some line was malformed.
    ///
    /// - Parameters:
    ///   - records: the records read (`meta` included).
    ///   - malformed: how many lines were LC401.
    ///   - first: the line and message of the first LC401.
    /// - Returns: the reason, or `nil`.
    public static func noRecordReason(records: Int, malformed: Int, first: (line: Int, message: String)?) -> String? {
        guard records == 0, malformed > 0, let first else { return nil }
        let lines = malformed == 1 ? "1 line is" : "\(malformed) lines are"
        return "\(lines) not a lifecycle record (LC401 at line \(first.line): \(PrintableText.printable(first.message)))"
    }

    /// How `baseline` and `convert` refuse an input of ``noRecordReason(records:malformed:first:)``:
    /// `Unable to read 'x.csv': no record could be read: 2 lines are not a lifecycle record (…).`
    ///
    /// - Parameters:
    ///   - path: the input as the user named it.
    ///   - lines: what ``noRecordReason(records:malformed:first:)`` said of it.
    /// - Returns: the refusal, as an input that cannot be read.
    public static func noRecordInput(path: String, lines: String) -> UnreadableInput {
        UnreadableInput(path: path, reason: "no record could be read: " + lines)
    }

    /// The one rule of an input that cannot be replayed at all (SPEC §6, exit status 2):
    /// what `replay`, `audit`, `stats`, `timeline`, `baseline`, `why` and `convert` all ask.
    ///
    /// An input that yielded no record is unreadable when
    ///
    /// - its stream is damaged (LC403) before its first record: cut or corrupt there;
    ///   `no record could be read (damaged before its first record): line 1: zstd stream cut short at byte 10`;
    /// - or it holds nothing at all: 0 bytes, blank lines only, a zstd stream whose content is
    ///   empty, an export with no entry (`[]`, `log show`'s banner, the `finished` summary),
    ///   a system log with no line in a system-log layout: `no record could be read (the input
    ///   is empty)`. An export or system log with content whose entries are all other messages
    ///   (or all left out by a `--subsystem`/`--category` filter, which the command names) is
    ///   not empty: it is replayed, with no event. A gate that passes on nothing is no
    ///   gate: `zstd -dc log.zst | lctrace replay -` after a failed producer must fail.
    ///
    /// Lines none of which is a record (a CSV file, a log read in the wrong syntax) are not:
    /// they are LC401 each, an error that fails the gate anyway and shows every line. Nor is
    /// an input with any other finding or death of its own (UIKit's verdicts in a system
    /// log, a `lossEvent`). A file damaged after records were read keeps its LC401/LC403
    /// findings and its exit status 0 or 1.
    ///
    /// - Parameters:
    ///   - records: the records read (`meta` included).
    ///   - firstCut: the line and message of the first LC403, if any.
    ///   - malformed: how many lines were LC401.
    ///   - otherProblems: any other finding or death the input gave without a record.
    ///   - entriesLeftOut: an export or system log had content, none of it a lifecycle
    ///     record (other messages, or a filter that matched nothing).
    /// - Returns: the reason, or `nil` when the input is replayed.
    public static func nothingReplayedReason(
        records: Int, firstCut: (line: Int, message: String)?, malformed: Int, otherProblems: Int,
        entriesLeftOut: Bool
    ) -> String? {
        guard records == 0 else { return nil }
        if let cut = firstCut {
            var reason = "no record could be read (damaged before its first record): line \(cut.line): \(cut.message)"
            if malformed > 0 { reason += " (and \(malformed) malformed line\(malformed == 1 ? "" : "s"))" }
            return reason
        }
        // Entries that are not lifecycle records are not nothing: a real export of other
        // messages replays to no event (scripts/check-real-oslog), and a filter that matched
        // nothing is named by the command (`no record matched …`).
        guard malformed == 0, otherProblems == 0, !entriesLeftOut else { return nil }
        return emptyInputReason
    }
}
