import LCTraceIngest
/// The syntax of a log's (decompressed) text: lctrace's own NDJSON or an Apple unified-log export.
///
/// Chosen per file. `auto` decides by content, never by the file name (see ``UnifiedLogTranslator``).
public enum LogInputFormat: String, CaseIterable, Sendable {
    /// Decide by content: a unified-log export when the text starts with a JSON array of
    /// objects (`log show --style json`) or its first record has `eventType`, `eventMessage`
    /// or `timestamp` and no `ev` (`log show --style ndjson`); native otherwise.
    case auto
    /// lctrace's lifecycle log format (docs/FORMAT.md).
    case native
    /// An export of the unified log: `log show --style ndjson` or `--style json`.
    case oslog
    /// An iOS system-log transcript: Xcode console, Console.app copy, idevicesyslog
    /// (docs/SYSTEM-LOGS.md; SyslogTranslator.swift). `auto` recognises it too, except on
    /// standard input.
    case syslog
}
