import LCTraceCore

extension CrashReport {
    /// The piece of evidence this report is to the one join (``EvidenceJoin``, SPEC §8): its
    /// rank by origin (a crash report, a JetsamEvent entry or a MetricKit diagnostic is the
    /// operating system's own record; a test runner's `Terminate` ranks with the app's log, a
    /// system-log line below it), its pid, app, time and how much its reason says. A piece
    /// with no time of its own (a MetricKit diagnostic; a transcript's `Terminate`, whose
    /// times have no zone) joins by the one join's rules for a piece with no time.
    public var piece: EvidencePiece {
        let rank: EvidencePiece.Rank
        switch origin {
        case .crashReport, .jetsamEvent, .metrickit: rank = .system
        case .systemLog: rank = .systemLog
        case .testRunner: rank = .log
        }
        let time: Timestamp? = hasTime ? self.time : nil
        var piece = EvidencePiece(rank: rank, pid: pid, app: bundle, time: time, reason: reason, says: says)
        if let timeless {
            // A MetricKit diagnostic given as a FILE joins by the rules for a piece with no
            // time, as under `--metrickit`: its payload's window, build and OS (SPEC §8).
            piece.windowBegin = timeless.windowBegin
            piece.windowEnd = timeless.windowEnd
            piece.appVersion = timeless.appVersion
            piece.appBuild = timeless.appBuild
            piece.osVersion = timeless.osVersion
        }
        return piece
    }

    /// How much the reason says of the cause: a termination code or a named kind is named; a
    /// bare exception or signal is bare; a SIGKILL with no code, or words lctrace does not
    /// class ("termination reported by launchd"), say nothing.
    public var says: SessionSpan.Says { Self.says(reason: reason, summary: summary) }

    /// How much a `sys.kill` `reason`, read from a termination text `summary`, says of the
    /// cause (``says``).
    public static func says(reason: String, summary: String) -> SessionSpan.Says {
        let code = ReasonCode(text: reason)
        switch code {
        case .crash:
            let words = summary.uppercased()
            if words.contains("SIGKILL") || words.hasSuffix("SIGNAL 0X9") { return .nothing }
            return .bare
        case .watchdog, .bgtaskTimeout, .lockedFile, .cpuLimit, .thermal, .purge, .jetsam, .memoryLimit, .terminate: return .named
        // A termination code lctrace does not class (`0xbaadca11`) still says the system ended
        // the process, and why: `abnormal`, the code named.
        case .other where reason.lowercased().hasPrefix("0x"): return .named
        default: return .nothing
        }
    }

    /// The death's `evidence` entry for this report (SPEC §8).
    public var evidence: DeathEvidence {
        switch origin {
        case .systemLog(let line): return .systemLog(file: path, line: line)
        case .crashReport, .jetsamEvent: return .crashReport(file: path)
        case .metrickit(let index, _): return .metrickit(file: path, index: index)
        case .testRunner(let line): return .testRunner(file: path, line: line)
        }
    }

    /// How messages name the report: `crash report 'a.ips'`, `system log 's.txt' line 9`,
    /// `MetricKit 'mk.json' diagnostic 0`, `xcodebuild transcript 'uitest.log' line 6`.
    public var name: String {
        switch origin {
        case .crashReport, .jetsamEvent: return "crash report \(PrintableText.quoted(path))"
        case .systemLog(let line): return "system log \(PrintableText.quoted(path)) line \(line)"
        case .metrickit(let index, _): return "MetricKit \(PrintableText.quoted(path)) diagnostic \(DeathEvidence.indexText(index))"
        case .testRunner(let line): return "xcodebuild transcript \(PrintableText.quoted(path)) line \(line)"
        }
    }
}
