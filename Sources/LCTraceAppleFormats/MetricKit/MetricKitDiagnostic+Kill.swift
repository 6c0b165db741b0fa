import LCTraceCore
import LCTraceIngest

extension MetricKitDiagnostic {
    /// The `sys.kill` reason a crash diagnostic ends its session with, as a crash report with
    /// the same termination text would: from `terminationReason`, else `crash` from
    /// `exceptionType`/`signal`, else `crash` (a crash diagnostic is a crash). `nil` for the
    /// other kinds, which end nothing.
    public var killReason: String? {
        guard kind == .crash else { return nil }
        return CrashReport.killReason(terminationText: terminationReason, exception: exceptionText)?.reason ?? "crash"
    }

    /// `exception type 1, signal 11`, from `exceptionType` and `signal`; `nil` without either.
    public var exceptionText: String? {
        let exception = [exceptionType.map { "exception type \($0)" }, signal.map { "signal \($0)" }].compactMap { $0 }
        return exception.isEmpty ? nil : exception.joined(separator: ", ")
    }
}

extension MetricKitDiagnostic {
    /// The piece of evidence this diagnostic is to the one join (``EvidenceJoin``, SPEC §8): the
    /// operating system's own record, with no time of death, the payload's window, its app
    /// version, build and OS; a crash diagnostic speaks of its process's end, the other kinds
    /// do not (a hang may join a session that ended normally).
    public var piece: EvidencePiece {
        let reason = killReason ?? ""
        var piece = EvidencePiece(
            rank: .system, pid: pid.map(Int64.init), app: bundleIdentifier, time: nil, reason: reason,
            says: killReason == nil ? .nothing : CrashReport.says(reason: reason, summary: terminationReason ?? exceptionText ?? reason))
        piece.endsProcess = kind == .crash
        piece.windowBegin = windowBegin
        piece.windowEnd = windowEnd
        piece.appVersion = appVersion
        piece.appBuild = appBuildVersion
        piece.osVersion = osVersion
        return piece
    }
}
