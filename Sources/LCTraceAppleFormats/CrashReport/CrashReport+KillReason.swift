import LCTraceCore

extension CrashReport {
    /// The `sys.kill` reason of a termination text written elsewhere than in a crash report
    /// (MetricKit's `terminationReason`), read as a report's `Termination Reason` is:
    /// `Namespace SIGNAL, Code 0xb` → `crash`, `Namespace SPRINGBOARD, Code 0x8badf00d` →
    /// `0x8badf00d`, `<RBSTerminateContext| domain:10 code:0x8BADF00D …` → `0x8badf00d`; with no
    /// text, an exception (`exception`, e.g. `EXC_CRASH (SIGABRT)`) is `crash`.
    ///
    /// - Returns: the reason and a summary for messages, or `nil` when neither says anything.
    public static func killReason(terminationText: String?, exception: String?) -> (reason: String, summary: String)? {
        var reason = CrashReportReason()
        reason.exception = exception
        if let text = terminationText?.split(whereSeparator: \.isNewline).first.map(Substring.init), !text.isEmpty {
            if text.hasPrefix("<RBSTerminateContext|") {
                // domain:10 code:0x8BADF00D explanation:… — the code is the reason.
                reason.namespace = "RUNNINGBOARD"
                reason.code = TerminationText(String(text)).code
                reason.text = terminationText ?? ""
            } else {
                readTermination(text, into: &reason)
            }
        }
        return reason.resolved
    }
}
