import LCTraceCore
import LCTraceIngest

/// What a reader of Apple's text formats gathered beside the records, handed on through the
/// reader's one opaque slot (`LogReader.evidence`): a transcript's (``LogOpener``) or a
/// unified-log export's (`UnifiedLogTranslator`). Read through `LogReader+SystemEvidence.swift`.
public struct FormatEvidence: Sendable {
    /// The input is a system-log transcript: every record is system evidence.
    public var isTranscript: Bool
    /// The input is a unified-log export (`log show --style ndjson` or `json`).
    public var isExport: Bool
    /// A `--subsystem`/`--category` filter was given, the input is an export, and no entry of
    /// it matched.
    public var filterMatchedNothing: Bool
    /// UIKit's own verdicts (LC203, LC301, LC302) and a transcript's cut, with source `system`,
    /// in line order.
    public var verdicts: [SystemVerdict]
    /// Every record came from iOS's own messages (a transcript, or an export without any of
    /// the app's own lifecycle records).
    public var isSystemOnly: Bool
    /// The input has entries (an export's entries, a transcript's lines in a system-log
    /// layout), whether or not any became a record: without any it is empty.
    public var hasEntries: Bool

    /// Evidence of one input.
    public init(
        isTranscript: Bool, isExport: Bool, filterMatchedNothing: Bool, verdicts: [SystemVerdict], isSystemOnly: Bool,
        hasEntries: Bool
    ) {
        self.isTranscript = isTranscript
        self.isExport = isExport
        self.filterMatchedNothing = filterMatchedNothing
        self.verdicts = verdicts
        self.isSystemOnly = isSystemOnly
        self.hasEntries = hasEntries
    }

    /// A native log's: nothing.
    public static let none = FormatEvidence(
        isTranscript: false, isExport: false, filterMatchedNothing: false, verdicts: [], isSystemOnly: false, hasEntries: false)
}
