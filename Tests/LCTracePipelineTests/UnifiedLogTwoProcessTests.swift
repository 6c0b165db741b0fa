import Foundation
import LCTraceAppleFormats
import LCTraceCore
import LCTraceIngest
import LCTracePipeline
import LCTraceReplay
import LCTraceTestSupport
import Testing

/// An export of an app and its share extension: two processes, each logging its own `meta`.
/// Each `meta` applies to its own process (SPEC §1: per pid), so a clean export is clean.
@Suite struct UnifiedLogTwoProcessTests {
    static func entry(_ message: String, pid: Int, second: Int) -> String {
        let time = String(format: "2026-11-20 11:00:%02d.250000+0100", second)
        return #"{"traceID":548243985465352,"eventMessage":"\#(message)","eventType":"logEvent","source":null,"#
            + #""formatString":"%{public}s","activityIdentifier":0,"subsystem":"com.example.app","category":"lifecycle","#
            + #""threadID":5120,"timestamp":"\#(time)","machTimestamp":9000000000000,"messageType":"Default","processID":\#(pid)}"#
    }

    static let export: String = {
        var lines: [String] = []
        var second = 0
        func add(_ message: String, _ pid: Int) {
            lines.append(entry(message, pid: pid, second: second))
            second += 1
        }
        add("meta os=17.4 app=com.example.notes model=uikit-app", 201)
        add("process.launch reason=user", 201)
        add("app.didFinishLaunching", 201)
        add("app.didBecomeActive", 201)
        add("meta os=17.4 app=com.example.notes.share model=uikit-app", 305)
        add("process.launch reason=user", 305)
        add("app.didFinishLaunching", 305)
        add("app.didBecomeActive", 305)
        add("app.willResignActive", 201)
        add("app.willResignActive", 305)
        add("app.didEnterBackground", 305)
        add("app.didEnterBackground", 201)
        add("sys.suspend", 201)
        add("sys.suspend", 305)
        return lines.joined(separator: "\n") + "\n{\"count\":\(lines.count),\"finished\":1}\n"
    }()

    @Test(arguments: [LogInputFormat.auto, .oslog])
    func eachMetaAppliesToItsOwnProcess(format: LogInputFormat) throws {
        let reader = try openLog(bytes: Array(Self.export.utf8), name: "export.ndjson", inputFormat: format)
        let result = FileReplay.replay(reader, configuration: ReplayConfiguration())
        #expect(result.events == 14)
        #expect(result.sessions == 2)
        #expect(result.findings.map { "\($0.rule.id)@\($0.line)" } == [])
    }
}
