import LCTraceCore

/// The output formats of SPEC §6.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// Compiler-style lines and a summary line (the default).
    case text
    /// One JSON document (SPEC §6).
    case json
    /// One JSON object per line: findings, per-file totals, then the summary.
    case jsonl
    /// SARIF 2.1.0, for code-scanning services.
    case sarif
    /// JUnit XML, one test case per input file.
    case junit
    /// GitHub Actions workflow commands (annotations) and a job summary.
    case github
    /// One self-contained HTML page: summary, filterable findings table, session timelines.
    case html
}
