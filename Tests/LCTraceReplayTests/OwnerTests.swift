import LCTraceCore
import Testing

@testable import LCTraceReplay

/// Every finding about a task names its owner (SPEC §8), and a file's owner tallies count
/// findings, sessions and deaths per owner.
@Suite struct OwnerTests {
    static let pid = "\"pid\":1"
    /// In background from t=3 (line 5).
    static let background = BudgetTests.background

    static func begin(_ t: Double, _ id: Int, _ name: String?) -> String {
        ev(t, "bgtask.begin", pid + ",\"task\":\(id)" + (name.map { ",\"name\":\"\($0)\"" } ?? ""))
    }

    /// Each task rule names the owner of the task it is about; the rules about no task none.
    @Test(
        arguments: [
            // LC300 at the suspension, from the task's begin.
            (
                [begin(4, 7, "Called by OneSignal, from -[OSAttributedFocusTimeProcessor beginDelayBackgroundTask]"), ev(5, "sys.suspend", pid)],
                ["LC300": "OneSignal"]
            ),
            // LC203 and LC302, revealed by other records.
            (
                [begin(4, 7, "GDTStorage"), ev(20, "bgtask.expire", pid + ",\"task\":7"), ev(40, "bgtask.end", pid + ",\"task\":7")],
                ["LC203": "Firebase (GoogleDataTransport)", "LC302": "Firebase (GoogleDataTransport)"]
            ),
            // LC303: the open task's name, even when the second begin has none.
            ([begin(4, 7, "PWApplicationMinimized"), begin(5, 7, nil), ev(6, "bgtask.end", pid + ",\"task\":7")], ["LC303": "Pushwoosh"]),
            // LC301: the record's own name, when it has one.
            ([ev(4, "bgtask.end", pid + ",\"task\":9,\"name\":\"com.amazonaws.AWSPinpointSessionBackgroundTask\"")], ["LC301": "AWS SDK"]),
            // LC305: a scheduled task by its identifier.
            (
                [ev(4, "bgsched.start", pid + ",\"task\":\"com.amazonaws.sync\",\"kind\":\"processing\""), ev(5, "sys.suspend", pid)],
                ["LC305": "AWS SDK"]
            ),
            // A task without a name, or with a name nobody owns: no owner.
            ([begin(4, 7, nil), ev(5, "sys.suspend", pid)], ["LC300": nil]),
            ([begin(4, 7, "upload-photos"), ev(5, "sys.suspend", pid)], ["LC300": nil]),
            // LC304 at the end of the log.
            ([begin(4, 7, "Called by Instabug, from -[IBGNetwork flush]")], ["LC304": "Instabug"]),
            // A finding about no task (LC202) has no owner.
            ([ev(9, "app.significantTimeChange", pid), ev(10, "sys.suspend", pid)], ["LC202": nil]),
        ] as [([String], [String: String?])])
    func findingsNameTheirOwner(lines: [String], expected: [String: String?]) {
        let result = replay(lines: Self.background + lines)
        #expect(Dictionary(uniqueKeysWithValues: result.findings.map { ($0.rule.id, $0.owner) }) == expected)
    }

    /// The configuration's catalogue is the one the engine uses.
    @Test func configurationOwnersWin() {
        let lines = Self.background + [Self.begin(4, 7, "com.example.sync.nightly"), ev(5, "sys.suspend", Self.pid)]
        #expect(replay(lines: lines).findings.first?.owner == nil)
        let config = ReplayConfiguration(owners: OwnerCatalogue(extra: ["com.example.sync.": "Example Sync"]))
        #expect(replay(lines: lines, config).findings.first?.owner == "Example Sync")
    }

    /// A file's tallies: findings per rule, sessions touched, and deaths (a kill with the task
    /// open) per owner, worst first, the unknown owner last.
    @Test func fileTalliesCountFindingsSessionsAndDeaths() {
        func session(_ pid: Int, at t0: Double, _ body: [String]) -> [String] {
            let p = "\"pid\":\(pid)"
            return [
                ev(t0, "process.launch", p), ev(t0 + 0.5, "app.didFinishLaunching", p), ev(t0 + 1, "app.didBecomeActive", p),
                ev(t0 + 2, "app.willResignActive", p), ev(t0 + 3, "app.didEnterBackground", p),
            ] + body.map { $0.replacingOccurrences(of: "\"pid\":1", with: p).replacingOccurrences(of: "T+", with: "") }
        }
        let oneSignal = "Called by OneSignal, from -[OSAttributedFocusTimeProcessor beginDelayBackgroundTask]"
        var lines: [String] = []
        // Session 1: OneSignal's task open when the process is killed 40 s later: LC203 and a death.
        lines += session(1, at: 0, [Self.begin(4, 1, oneSignal), ev(44, "sys.kill", Self.pid + ",\"reason\":\"bgtask-timeout\"")])
        // Session 2: OneSignal leaks a task at suspension (no death: purged later), GDT too.
        lines += session(
            2, at: 100,
            [
                ev(104, "bgtask.begin", "\"pid\":1,\"task\":1,\"name\":\"\(oneSignal)\""),
                ev(104.5, "bgtask.begin", "\"pid\":1,\"task\":2,\"name\":\"GDTStorage\""), ev(106, "sys.suspend", Self.pid),
                ev(500, "sys.kill", Self.pid),
            ])
        // Session 3: an unnamed task merely open at a crash 6 s into the background: not its
        // cause (no LC300, SPEC §5 2028 edition), one `open_at_deaths` of the unknown owner.
        lines += session(3, at: 1000, [Self.begin(1004, 1, nil), ev(1010, "sys.kill", Self.pid + ",\"reason\":\"crash\"")])
        let result = replay(lines: lines)
        #expect(
            result.owners == [
                OwnerTally(owner: "OneSignal", deaths: 1, sessions: 2, findings: [.bgtaskOverrun: 1, .bgtaskLeaked: 2]),
                OwnerTally(owner: "Firebase (GoogleDataTransport)", deaths: 0, sessions: 1, findings: [.bgtaskLeaked: 1]),
                OwnerTally(owner: nil, deaths: 0, openAtDeaths: 1, sessions: 1, findings: [:]),
            ], "\(result.owners)")
    }

    /// A disabled rule is never reported (SPEC §9): its findings count for no owner, and a
    /// death never names it as its cause; the death itself and its class stay (they are no rule).
    @Test(arguments: [
        ([], [Rule.bgtaskOverrun: 1, .bgtaskLeaked: 1], Rule.bgtaskOverrun as Rule?),
        ([Rule.bgtaskOverrun], [Rule.bgtaskLeaked: 1], nil),
        ([Rule.bgtaskOverrun, .bgtaskLeaked], [:], nil),
    ])
    func disabledRulesCountForNoOwnerAndCauseNoDeath(_ disabled: [Rule], _ findings: [Rule: Int], _ cause: Rule?) {
        let lines = Self.background + [Self.begin(4, 1, "GDTStorage"), ev(44, "sys.kill", Self.pid + ",\"reason\":\"crash\"")]
        let result = replay(lines: lines, ReplayConfiguration(rules: RuleSettings(disabled: Set(disabled))))
        #expect(
            result.owners == [OwnerTally(owner: "Firebase (GoogleDataTransport)", deaths: 1, sessions: 1, findings: findings)],
            "\(result.owners)")
        let death = result.deaths.first
        #expect(death?.exitClass == .bgtaskTimeout)
        #expect(death?.cause?.rule == cause, "\(String(describing: death))")
        #expect(death?.message.contains("LC203") == (cause != nil), "\(death?.message ?? "")")
    }
}
