import LCTraceCore

/// The `--fail-on` threshold: the lowest severity that makes the run fail (SPEC §6).
public enum FailThreshold: String, CaseIterable, Sendable {
    /// Fail on errors (the default).
    case error
    /// Fail on warnings or errors.
    case warning
    /// Fail on any finding.
    case note
    /// Never fail because of findings (unreadable inputs still exit 2).
    case never

    /// Parses `error`, `warning`, `note` or `never`; `nil` for anything else.
    public init?(parsing text: String) {
        self.init(rawValue: text)
    }

    /// The threshold an audit output records for `merge` (its header's `fail_on`): the
    /// command line's, except that `never` there (a shard job kept from failing on its own
    /// findings, docs/SCALE.md) records `otherwise`, the gate the run would have without it,
    /// so that it does not turn the merged gate off.
    ///
    /// - Parameters:
    ///   - commandLine: `--fail-on` as given, or `nil`.
    ///   - otherwise: the threshold without the flag (the configuration file's `fail_on`,
    ///     or the shards' recorded one, else `error`).
    /// - Returns: the threshold to record.
    public static func recorded(commandLine: FailThreshold?, otherwise: FailThreshold) -> FailThreshold {
        commandLine == .never ? otherwise : commandLine ?? otherwise
    }

    /// The lowest failing severity; `nil` for ``never``.
    public var severity: Severity? {
        switch self {
        case .error: return .error
        case .warning: return .warning
        case .note: return .note
        case .never: return nil
        }
    }

    /// Whether a run with these totals has a finding at or above the threshold.
    public func isExceeded(by summary: RunSummary) -> Bool {
        guard let severity else { return false }
        switch severity {
        case .error: return summary.errors > 0
        case .warning: return summary.errors + summary.warnings > 0
        case .note: return summary.errors + summary.warnings + summary.notes > 0
        }
    }
}

/// The process exit status for a run (SPEC §6).
///
/// - Parameters:
///   - summary: The run's totals.
///   - failOn: The `--fail-on` threshold.
///   - unreadable: The number of inputs that could not be read at all.
/// - Returns: 2 when any input was unreadable; else 1 when some finding is at or above
///   `failOn`; else 0.
public func exitStatus(for summary: RunSummary, failOn: FailThreshold, unreadable: Int) -> Int32 {
    if unreadable > 0 { return 2 }
    return failOn.isExceeded(by: summary) ? 1 : 0
}
