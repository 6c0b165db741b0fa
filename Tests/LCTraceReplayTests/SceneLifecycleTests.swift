import Foundation
import LCTraceCore
import Testing

@testable import LCTraceReplay

/// iOS 27's scene requirement from recordings (LC105, LC106; SPEC §11) and from what an
/// Info.plist declares (``Replayer/judge(_:rules:)``).
@Suite struct SceneLifecycleTests {
    static let delegateRecords = """
        {"t":0,"ev":"app.didFinishLaunching","pid":1}
        {"t":0.5,"ev":"app.didBecomeActive","pid":1}
        {"t":5,"ev":"app.willResignActive","pid":1}
        {"t":5.2,"ev":"app.didEnterBackground","pid":1}
        """
    static let sceneRecords = """
        {"t":0,"ev":"app.didFinishLaunching","pid":1}
        {"t":0.4,"ev":"scene.willConnect","pid":1,"scene":"main"}
        {"t":0.5,"ev":"scene.willEnterForeground","pid":1,"scene":"main"}
        {"t":0.6,"ev":"scene.didBecomeActive","pid":1,"scene":"main"}
        {"t":0.6,"ev":"app.didBecomeActive","pid":1,"via":"notification"}
        {"t":5,"ev":"scene.willResignActive","pid":1,"scene":"main"}
        {"t":5,"ev":"app.willResignActive","pid":1,"via":"notification"}
        {"t":5.2,"ev":"scene.didEnterBackground","pid":1,"scene":"main"}
        {"t":5.2,"ev":"app.didEnterBackground","pid":1,"via":"notification"}
        """

    /// (meta line, records, the rule expected at line 3 or none).
    static let recordings: [(String, String, Rule?, String)] = [
        (#"{"t":0,"ev":"meta","app":"a","sdk":"27.0"}"#, delegateRecords, .sceneLifecycleRequired, "SDK 27: cannot launch"),
        (#"{"t":0,"ev":"meta","app":"a","sdk":"28.1"}"#, delegateRecords, .sceneLifecycleRequired, "a later SDK"),
        (#"{"t":0,"ev":"meta","app":"a","sdk":"26.2"}"#, delegateRecords, .sceneLifecycleSoon, "SDK 26: soon"),
        (#"{"t":0,"ev":"meta","app":"a","sdk":"18.4"}"#, delegateRecords, .sceneLifecycleSoon, "an old SDK"),
        (#"{"t":0,"ev":"meta","app":"a"}"#, delegateRecords, nil, "no SDK known: old logs replay as before"),
        (#"{"t":0,"ev":"meta","app":"a","sdk":"27.0"}"#, sceneRecords, nil, "scene-based, app notifications via"),
        (
            #"{"t":0,"ev":"meta","app":"a","sdk":"27.0"}"#, delegateRecords.replacingOccurrences(of: #"}"#, with: #","via":"notification"}"#),
            nil, "every record observed from notifications"
        ),
        (#"{"t":0,"ev":"meta","app":"a","sdk":"27.0","model":"uikit-scene"}"#, delegateRecords, nil, "declared uikit-scene: LC104's"),
        (#"{"t":0,"ev":"meta","app":"a","sdk":"27.0","pid":1}"#, delegateRecords, .sceneLifecycleRequired, "meta.sdk of the pid"),
    ]

    @Test(arguments: recordings)
    func recordingIsJudgedBySDK(meta: String, records: String, expected: Rule?, why: String) {
        let result = TestLog(meta + "\n" + records).replay()
        let found = result.findings.filter { $0.rule == .sceneLifecycleRequired || $0.rule == .sceneLifecycleSoon }
        #expect(found.map(\.rule) == (expected.map { [$0] } ?? []), "\(why): \(result.findings.map(\.message))")
        if expected != nil {
            #expect(found.first?.line == 3)
            #expect(found.first?.event == "app.didBecomeActive")
            #expect(found.first?.session == 1)
        }
        // `via` records never raise LC104 either.
        #expect(result.of(.mixedLifecycle).isEmpty || meta.contains("uikit-scene"), "\(why)")
    }

    @Test func aSceneRecordLaterWithdrawsIt() {
        let log = """
            {"t":0,"ev":"meta","app":"a","sdk":"27.0"}
            {"t":0,"ev":"app.didFinishLaunching","pid":1}
            {"t":0.5,"ev":"app.didBecomeActive","pid":1}
            {"t":1,"ev":"scene.willConnect","pid":1,"scene":"main"}
            """
        let result = TestLog(log).replay()
        #expect(result.of(.sceneLifecycleRequired).isEmpty)
    }

    @Test func oncePerFileAndApp() {
        var lines = [#"{"t":0,"ev":"meta","sdk":"27.0"}"#]
        for (pid, app) in [(1, "a"), (2, "a"), (3, "b")] {
            let t = pid * 100
            lines.append(#"{"t":\#(t),"ev":"meta","pid":\#(pid),"app":"\#(app)"}"#)
            lines.append(#"{"t":\#(t),"ev":"app.didFinishLaunching","pid":\#(pid)}"#)
            lines.append(#"{"t":\#(t + 1),"ev":"app.didBecomeActive","pid":\#(pid)}"#)
            lines.append(#"{"t":\#(t + 2),"ev":"app.willResignActive","pid":\#(pid)}"#)
            lines.append(#"{"t":\#(t + 3),"ev":"app.didEnterBackground","pid":\#(pid)}"#)
            lines.append(#"{"t":\#(t + 4),"ev":"process.exit","pid":\#(pid),"reason":"terminate"}"#)
        }
        let found = TestLog(lines.joined(separator: "\n")).replay().of(.sceneLifecycleRequired)
        #expect(found.map(\.pid) == [1, 3])
    }

    @Test func theSDKOfTheAppsPlistJudgesARecordingWithoutMetaSDK() {
        var configuration = ReplayConfiguration()
        configuration.declarations = [AppDeclaration(path: "Info.plist", bundleIdentifier: "a", sdk: "27.0", isBuilt: true)]
        let log = #"{"t":0,"ev":"meta","app":"a"}"# + "\n" + Self.delegateRecords
        #expect(TestLog(log).replay(configuration).of(.sceneLifecycleRequired).count == 1)
        // A log's own meta.sdk wins.
        let own = #"{"t":0,"ev":"meta","app":"a","sdk":"26.0"}"# + "\n" + Self.delegateRecords
        #expect(TestLog(own).replay(configuration).rules.contains(.sceneLifecycleSoon))
    }

    /// (declaration, expected rule at line 1, why).
    static let plists: [(AppDeclaration, Rule?, String)] = [
        (AppDeclaration(path: "p", sdk: "27.0", isBuilt: true), .sceneLifecycleRequired, "built, SDK 27, no manifest"),
        (AppDeclaration(path: "p", sdk: "26.2", isBuilt: true), .sceneLifecycleSoon, "built, SDK 26"),
        (AppDeclaration(path: "p", isBuilt: false), .sceneLifecycleSoon, "source, no manifest"),
        (AppDeclaration(path: "p", sdk: "27.0", isBuilt: true, declaresSceneManifest: true), nil, "manifest declared"),
        (AppDeclaration(path: "p", isBuilt: false, declaresSceneManifest: true), nil, "source with an empty manifest"),
        (AppDeclaration(path: "p", sdk: "27.0", isBuilt: true, target: .watchApp), nil, "watchOS"),
        (AppDeclaration(path: "p", sdk: "27.0", isBuilt: true, target: .appKitApp), nil, "AppKit macOS"),
        (AppDeclaration(path: "p", sdk: "27.0", isBuilt: true, target: .other), nil, "not an app"),
    ]

    @Test(arguments: plists)
    func plistIsJudgedAtLineOne(declaration: AppDeclaration, expected: Rule?, why: String) {
        let result = Replayer.judge(declaration)
        #expect(result.findings.map(\.rule) == (expected.map { [$0] } ?? []), "\(why)")
        #expect(result.findings.allSatisfy { $0.line == 1 && $0.file == "p" })
        #expect(result.events == 0)
    }

    @Test func aDisabledRuleIsNotReportedForAPlist() {
        let rules = RuleSettings(disabled: [.sceneLifecycleSoon])
        #expect(Replayer.judge(AppDeclaration(path: "p"), rules: rules).findings.isEmpty)
    }
}

/// `via: "notification"` (SPEC §1): an observation, not a callback, never a transition finding.
@Suite struct ViaNotificationTests {
    /// (records, why).
    static let logs: [(String, String)] = [
        (
            """
            {"t":0,"ev":"app.didFinishLaunching","pid":1}
            {"t":1,"ev":"app.didBecomeActive","pid":1}
            {"t":2,"ev":"app.didEnterBackground","pid":1,"via":"notification"}
            {"t":3,"ev":"app.willEnterForeground","pid":1,"via":"notification"}
            {"t":3.1,"ev":"app.didBecomeActive","pid":1}
            """, "Sentry before 9.9.0 records no inactive: no LC100, the state still moves"
        ),
        (
            """
            {"t":0,"ev":"app.didFinishLaunching","pid":1}
            {"t":0.4,"ev":"scene.willConnect","pid":1,"scene":"s"}
            {"t":0.6,"ev":"scene.didBecomeActive","pid":1,"scene":"s","via":"notification"}
            {"t":0.7,"ev":"app.didBecomeActive","pid":1,"via":"notification"}
            """, "a scene record via a notification skips a state: no LC100, no LC104"
        ),
    ]

    @Test(arguments: logs)
    func noTransitionFinding(records: String, why: String) {
        let result = TestLog(records).replay()
        #expect(result.problems.isEmpty, "\(why): \(result.findings.map(\.message))")
    }

    @Test func withoutViaTheSameRecordsAreLC100() {
        let log = Self.logs[0].0.replacingOccurrences(of: #","via":"notification""#, with: "")
        #expect(!TestLog(log).replay().of(.illegalTransition).isEmpty)
    }
}
