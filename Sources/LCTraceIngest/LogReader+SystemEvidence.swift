import LCTraceCore

/// What ``LogReader`` hands the pipeline about system evidence, from either reader of iOS's
/// own messages: a transcript (``SyslogTranslator``) or a unified-log export's system
/// messages (``UnifiedLogSystemEvidence``). Read once the log has been read to its end.
extension LogReader {
    /// UIKit's own verdicts (LC203, LC301, LC302) with source `system`, in line order.
    public var systemEvidenceVerdicts: [Finding] {
        systemVerdicts.isEmpty ? stage.translator.system.verdicts : systemVerdicts + stage.translator.system.verdicts
    }

    /// Whether every record of the log is system evidence: a transcript, or an export whose
    /// records all came from system messages (none of the app's own lifecycle records).
    public var isSystemEvidenceOnly: Bool { isSystemLog || stage.translator.system.isSystemOnly }
}
