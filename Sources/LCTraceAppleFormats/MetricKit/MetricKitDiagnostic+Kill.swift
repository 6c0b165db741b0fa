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
