import LCTraceAppleFormats
import LCTraceCore
import LCTracePipeline
import LCTraceReplay
import LCTraceTestSupport
import Testing

/// The shapes of issue 36 through the real pipeline (ingest included): what a user replays.
@Suite struct IssueShapesPipelineTests {
    static func replay(_ lines: [String]) throws -> FileResult {
        let reader = try openLog(bytes: Array((lines.joined(separator: "\n") + "\n").utf8), name: "app.jsonl")
        return FileReplay.replay(reader, configuration: ReplayConfiguration())
    }

    static let launch = [
        #"{"t":0,"ev":"meta","os":"26.1","app":"com.example.shop"}"#,
        #"{"t":0,"ev":"process.launch","pid":1,"reason":"user"}"#,
        #"{"t":0.1,"ev":"app.didFinishLaunching","pid":1,"phase":"begin"}"#,
        #"{"t":0.2,"ev":"bgsched.register","pid":1,"task":"com.example.export.*"}"#,
        #"{"t":0.25,"ev":"bgsched.register","pid":1,"task":"com.example.sync"}"#,
        #"{"t":0.4,"ev":"app.didFinishLaunching","pid":1,"phase":"end"}"#,
        #"{"t":0.5,"ev":"app.didBecomeActive","pid":1}"#,
    ]

    /// iOS 26: a continued task under a wildcard registration, and a processing task started
    /// without `kind` after its submit said `processing`: no finding; with `refresh`, LC204.
    @Test(arguments: [("processing", [String]()), ("refresh", ["LC204"])])
    func aStartTakesTheKindOfItsSubmit(_ submitted: String, _ expected: [String]) throws {
        let lines =
            Self.launch + [
                #"{"t":5,"ev":"bgsched.submit","pid":1,"task":"com.example.export.8F2A","kind":"continued"}"#,
                #"{"t":6,"ev":"bgsched.submit","pid":1,"task":"com.example.sync","kind":"\#(submitted)"}"#,
                #"{"t":10,"ev":"app.willResignActive","pid":1}"#, #"{"t":10.2,"ev":"app.didEnterBackground","pid":1}"#,
                #"{"t":11,"ev":"sys.suspend","pid":1}"#, #"{"t":1000,"ev":"bgsched.start","pid":1,"task":"com.example.sync"}"#,
                #"{"t":1120,"ev":"bgsched.complete","pid":1,"task":"com.example.sync","reason":"success"}"#,
                #"{"t":1121,"ev":"sys.suspend","pid":1}"#,
            ]
        let result = try Self.replay(lines)
        #expect(result.findings.map(\.rule.id) == expected, "\(result.findings.map(\.message))")
    }

    /// Owners of statically linked SDKs, from the symbol of UIKit's default name.
    @Test func ownersComeFromTheSymbol() throws {
        let names = [
            "Called by MyShop, from -[FIRMessaging handleBackgroundFetch]",
            "Called by Test, from $s10StreamChat26IOSBackgroundTaskSchedulerC05beginD017expirationHandlerSbyycSg_tF",
            "Called by MyShop.debug.dylib, from $s6MyShop8UploaderC5startyyF",
        ]
        var lines =
            Array(Self.launch.prefix(2)) + [
                #"{"t":0.1,"ev":"app.didFinishLaunching","pid":1}"#, #"{"t":0.5,"ev":"app.didBecomeActive","pid":1}"#,
                #"{"t":10,"ev":"app.willResignActive","pid":1}"#, #"{"t":10.2,"ev":"app.didEnterBackground","pid":1}"#,
            ]
        for (i, name) in names.enumerated() {
            lines.append(#"{"t":10.\#(3 + i),"ev":"bgtask.begin","pid":1,"task":\#(i + 1),"name":"\#(name)"}"#)
        }
        lines.append(#"{"t":12,"ev":"sys.suspend","pid":1}"#)
        let result = try Self.replay(lines)
        #expect(result.findings.map(\.owner) == ["Firebase", "Stream", "MyShop"])
    }
}
