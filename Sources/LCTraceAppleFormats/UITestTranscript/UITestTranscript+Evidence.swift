import LCTraceCore

extension UITestTranscript {
    /// The `sys.kill` reason a runner's `Terminate` amounts to (SPEC §12): `test-runner`,
    /// whose class is `normal` (``ReasonCode``).
    public static let reason = "test-runner"

    /// Each `Terminate BUNDLE:PID` as a piece of evidence for the one join (SPEC §8, §12): the
    /// runner's end of that process, rank 2 (beside the app log's own records), with its pid
    /// and bundle and no time (the transcript's times have no zone: it joins by pid alone),
    /// reason `test-runner`. A piece that joins no session stays unjoined, with the join's
    /// reason: on its own it is no death (``CrashReport/givenAsFile`` is false).
    public var reports: [CrashReport] {
        terminations.map { termination in
            var report = CrashReport(
                path: path, pid: termination.pid, bundle: termination.bundle, time: Timestamp(nanoseconds: 0),
                reason: Self.reason, summary: Self.summary(of: termination), origin: .testRunner(line: termination.line))
            report.line = termination.line
            return report
        }
    }

    /// What the runner's line says, for messages: `Terminate com.x:2348 (t = 0.04s in
    /// -[Suite.Class testName], which started at 2026-07-07 14:46:57.824, no zone)`.
    static func summary(of termination: Termination) -> String {
        var context: [String] = ["t = \(termination.offset)"]
        if let test = termination.test { context.append("in \(test)") }
        if let start = termination.testStart { context.append("Start Test at \(start), no zone") }
        return termination.words + " (" + context.joined(separator: ", ") + ")"
    }
}
