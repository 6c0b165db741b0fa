import Foundation
import LCTraceCore
import Testing

@testable import LCTraceReplay

/// LC310 (a continued task submitted from the background) and LC311 (an identifier the
/// Info.plist does not permit), SPEC §5, §11.
@Suite struct PermissionTests {
    static let launch = """
        {"t":0,"ev":"meta","app":"com.example.shop"}
        {"t":0,"ev":"app.didFinishLaunching","pid":1}
        {"t":1,"ev":"app.didBecomeActive","pid":1}
        """

    /// (records after the launch, LC310 expected).
    static let submissions: [(String, Bool, String)] = [
        (#"{"t":2,"ev":"bgsched.submit","pid":1,"task":"x.export.1","kind":"continued"}"#, false, "active"),
        (
            """
            {"t":2,"ev":"app.willResignActive","pid":1}
            {"t":2.5,"ev":"bgsched.submit","pid":1,"task":"x.export.1","kind":"continued"}
            """, false, "inactive is still the foreground"
        ),
        (
            """
            {"t":2,"ev":"app.willResignActive","pid":1}
            {"t":3,"ev":"app.didEnterBackground","pid":1}
            {"t":3.5,"ev":"bgsched.submit","pid":1,"task":"x.export.1","kind":"continued"}
            """, true, "background"
        ),
        (
            """
            {"t":2,"ev":"app.willResignActive","pid":1}
            {"t":3,"ev":"app.didEnterBackground","pid":1}
            {"t":3.5,"ev":"bgsched.submit","pid":1,"task":"x.refresh","kind":"refresh"}
            {"t":3.6,"ev":"bgsched.submit","pid":1,"task":"x.clean","kind":"processing"}
            """, false, "other kinds may be submitted from the background"
        ),
    ]

    @Test(arguments: submissions)
    func continuedSubmission(records: String, fires: Bool, why: String) {
        let result = TestLog(Self.launch + "\n" + records).replay()
        #expect(result.of(.bgschedContinuedBackground).count == (fires ? 1 : 0), "\(why): \(result.findings.map(\.message))")
    }

    @Test func continuedSubmissionInABackgroundLaunch() {
        let log = """
            {"t":0,"ev":"process.launch","pid":1,"reason":"background"}
            {"t":0.1,"ev":"app.didFinishLaunching","pid":1}
            {"t":0.2,"ev":"bgsched.submit","pid":1,"task":"x.export.1","kind":"continued"}
            """
        #expect(TestLog(log).replay().of(.bgschedContinuedBackground).count == 1)
    }

    @Test func aSceneInTheForegroundIsTheForeground() {
        let log = """
            {"t":0,"ev":"app.didFinishLaunching","pid":1}
            {"t":0.4,"ev":"scene.willConnect","pid":1,"scene":"a"}
            {"t":0.5,"ev":"scene.willEnterForeground","pid":1,"scene":"a"}
            {"t":0.6,"ev":"scene.didBecomeActive","pid":1,"scene":"a"}
            {"t":1,"ev":"bgsched.submit","pid":1,"task":"x.export.1","kind":"continued"}
            {"t":2,"ev":"scene.willResignActive","pid":1,"scene":"a"}
            {"t":2.1,"ev":"scene.didEnterBackground","pid":1,"scene":"a"}
            {"t":2.2,"ev":"bgsched.submit","pid":1,"task":"x.export.2","kind":"continued"}
            """
        let found = TestLog(log).replay().of(.bgschedContinuedBackground)
        #expect(found.map(\.line) == [8])
    }

    static func plist(_ permitted: [String]?, app: String? = "com.example.shop") -> ReplayConfiguration {
        var configuration = ReplayConfiguration()
        configuration.declarations = [
            AppDeclaration(path: "Info.plist", bundleIdentifier: app, permittedIdentifiers: permitted, declaresSceneManifest: true)
        ]
        return configuration
    }

    /// (permitted identifiers, the identifier, LC311 expected).
    static let identifiers: [([String]?, String, Bool)] = [
        (["com.example.refresh"], "com.example.refresh", false),
        (["com.example.refresh"], "com.example.cleanup", true),
        (["com.example.export.*"], "com.example.export.8F2A", false),
        (["com.example.export.*"], "com.example.exporter", true),
        (["com.example.export*"], "com.example.exporter", false),
        (["$(PRODUCT_BUNDLE_IDENTIFIER).refresh"], "com.example.shop.refresh", false),
        (["$(PRODUCT_BUNDLE_IDENTIFIER).download.*"], "com.example.shop.download.42", false),
        (["$(PRODUCT_BUNDLE_IDENTIFIER).refresh"], "com.example.shop.cleanup", true),
        ([], "com.example.refresh", true),
        (nil, "com.example.anything", false),
    ]

    @Test(arguments: identifiers)
    func permittedIdentifiers(permitted: [String]?, identifier: String, fires: Bool) {
        let log = """
            {"t":0,"ev":"meta","app":"com.example.shop"}
            {"t":0,"ev":"process.launch","pid":1,"reason":"user"}
            {"t":0.1,"ev":"app.didFinishLaunching","pid":1,"phase":"begin"}
            {"t":0.2,"ev":"bgsched.register","pid":1,"task":"\(identifier)"}
            {"t":0.4,"ev":"app.didFinishLaunching","pid":1,"phase":"end"}
            {"t":0.6,"ev":"app.didBecomeActive","pid":1}
            {"t":1,"ev":"bgsched.submit","pid":1,"task":"\(identifier)","kind":"processing"}
            """
        let found = TestLog(log).replay(Self.plist(permitted)).of(.bgschedNotPermitted)
        // Once per identifier and process, at its first record.
        #expect(found.map(\.line) == (fires ? [4] : []), "\(permitted ?? []) vs \(identifier)")
    }

    @Test func anotherAppsPlistIsNotEvidence() {
        var configuration = Self.plist(["com.example.refresh"])
        configuration.declarations.append(AppDeclaration(path: "Other.plist", bundleIdentifier: "com.other", permittedIdentifiers: []))
        let log = """
            {"t":0,"ev":"meta","app":"com.unrelated"}
            {"t":0,"ev":"app.didFinishLaunching","pid":1}
            {"t":0.2,"ev":"bgsched.register","pid":1,"task":"com.example.cleanup"}
            """
        #expect(TestLog(log).replay(configuration).of(.bgschedNotPermitted).isEmpty)
        // The run's only plist is evidence for every log.
        let only = TestLog(log).replay(Self.plist(["com.example.refresh"], app: "com.example.shop"))
        #expect(only.of(.bgschedNotPermitted).count == 1)
    }

    @Test func aStartInASecondProcessIsReportedAgain() {
        let log = """
            {"t":0,"ev":"bgsched.start","pid":1,"task":"x.nope"}
            {"t":1,"ev":"bgsched.complete","pid":1,"task":"x.nope","reason":"success"}
            {"t":2,"ev":"bgsched.start","pid":1,"task":"x.nope"}
            {"t":3,"ev":"bgsched.complete","pid":1,"task":"x.nope","reason":"success"}
            {"t":10,"ev":"bgsched.start","pid":2,"task":"x.nope"}
            """
        let found = TestLog(log).replay(Self.plist(["x.yes"])).of(.bgschedNotPermitted)
        #expect(found.map(\.line) == [1, 5])
    }

    @Test func plistModesAreTheProcessModesUnlessTheLogSaysItsOwn() {
        let log = """
            {"t":0,"ev":"meta","app":"com.example.shop"}
            {"t":0,"ev":"app.didFinishLaunching","pid":1}
            {"t":1,"ev":"app.didBecomeActive","pid":1}
            {"t":2,"ev":"app.willResignActive","pid":1}
            {"t":3,"ev":"app.didEnterBackground","pid":1}
            {"t":3.1,"ev":"bgtask.begin","pid":1,"task":1}
            {"t":50,"ev":"bgtask.end","pid":1,"task":1}
            """
        #expect(!TestLog(log).replay().of(.bgtaskOverrun).isEmpty)
        var audio = ReplayConfiguration()
        audio.declarations = [AppDeclaration(path: "Info.plist", bundleIdentifier: "com.example.shop", modes: ["audio"])]
        #expect(TestLog(log).replay(audio).of(.bgtaskOverrun).isEmpty)
        let own = log.replacingOccurrences(of: #""app":"com.example.shop"}"#, with: #""app":"com.example.shop","modes":[]}"#)
        #expect(!TestLog(own).replay(audio).of(.bgtaskOverrun).isEmpty)
    }
}
