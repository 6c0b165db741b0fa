import LCTraceCore
import LCTraceIngest

/// What ``LogReader`` hands the pipeline about system evidence, from either reader of iOS's
/// own messages: a transcript (``SyslogTranslator``, through ``LogOpener``) or a unified-log
/// export's system messages (``UnifiedLogSystemEvidence``), carried as the reader's opaque
/// ``LogReader/evidence`` (``FormatEvidence``). Read once the log has been read to its end.
extension LogReader {
    /// The reader's evidence, or none for a native log.
    public var formatEvidence: FormatEvidence { evidence as? FormatEvidence ?? .none }

    /// UIKit's own verdicts (LC203, LC301, LC302) with source `system`, in line order, with
    /// the task names UIKit printed (the replay gives them their owners).
    public var systemVerdicts: [SystemVerdict] { formatEvidence.verdicts }

    /// The findings of ``systemVerdicts``, as read (no owner yet).
    public var systemEvidenceVerdicts: [Finding] { formatEvidence.verdicts.map(\.finding) }

    /// Whether every record of the log is system evidence: a transcript, or an export whose
    /// records all came from system messages (none of the app's own lifecycle records).
    public var isSystemEvidenceOnly: Bool { formatEvidence.isSystemOnly }

    /// Whether the input is a system-log transcript: every record is system evidence.
    public var isSystemLog: Bool { formatEvidence.isTranscript }

    /// Whether the input is a unified-log export (`log show --style ndjson` or `json`), known
    /// once the first item was read; such an input may carry UIKit's verdicts.
    public var isUnifiedLogExport: Bool { formatEvidence.isExport }

    /// Whether a `--subsystem`/`--category` filter was given, the input is a unified-log export,
    /// and no entry of it matched the filter (so far; final once the reader reached its end).
    /// The commands say so on standard error: an export filtered to nothing replays nothing.
    public var filterMatchedNothing: Bool { formatEvidence.filterMatchedNothing }

    /// Whether the input is an export or a system log with entries (an export's entries, a
    /// transcript's lines in a system-log layout): entries that are other messages than
    /// lifecycle records translate to nothing, which does not make the input empty
    /// (`FileResult.nothingReplayedReason`); `[]`, blank text or a banner alone does.
    /// Final once the reader reached its end.
    public var hasUntranslatedEntries: Bool { formatEvidence.hasEntries }
}
