import LCTraceCore
import Testing

/// A death's verdict in one sentence (`Death.verdict`): what it says for each state, and
/// nothing that cannot have happened.
@Suite struct DeathVerdictTests {
    static func death(_ exitClass: ExitClass, state: String, visibility: DeathVisibility) -> Death {
        Death(file: "a", line: 1, time: nil, pid: 1, session: 1, exitClass: exitClass, state: state, visibility: visibility)
    }

    /// A prewarmed app was never on screen, so nobody swiped it away; a bgtask timeout
    /// without an open task (iOS 12's assertion text) is about assertions, never "a
    /// background task" of an app in the foreground.
    @Test(arguments: [
        (ExitClass.purged, "prewarmed", DeathVisibility.background, "purged while prewarmed (memory pressure)"),
        (.purged, "suspended", .background, "purged while suspended (memory pressure, or the user swiped it away)"),
        (.bgtaskTimeout, "active", .foreground, "killed in the foreground for holding background-task assertions past their allowance"),
        (.bgtaskTimeout, "background", .background, "killed in the background for holding background-task assertions past their allowance"),
    ])
    func theVerdictSaysWhatCanHaveHappened(exitClass: ExitClass, state: String, visibility: DeathVisibility, verdict: String) {
        #expect(Self.death(exitClass, state: state, visibility: visibility).verdict == verdict)
    }
}
