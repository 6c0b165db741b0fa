import Foundation
import LCTraceCore
import Testing

@testable import LCTraceAppleFormats

/// Crash reports (`.ips`) in both forms, each shape built from a real report
/// (../shared/realworld/syslog/SOURCES.md §C), and the malformed ones.
@Suite struct CrashReportTests {
    typealias F = CrashReportFixtures

    static let captured = Timestamp(rfc3339: "2026-11-20T10:00:20.5986Z")!

    /// Shape → the `sys.kill` reason and summary it amounts to.
    static let shapes: [(name: String, text: String, reason: String, summary: String)] = [
        (
            "JSON FRONTBOARD watchdog, decimal code", F.json(termination: F.frontboardWatchdog), "0x8badf00d",
            "FRONTBOARD 0x8badf00d"
        ),
        (
            "JSON scene-update watchdog in background",
            F.json(
                termination:
                    #"{"code":2343432205,"flags":6,"namespace":"FRONTBOARD","reasons":["<RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-update watchdog transgression: application<com.example.uploader>:432 exhausted real (wall clock) time allowance of 10.00 seconds","ProcessVisibility: Background","ProcessState: Running"]}"#
            ),
            "0x8badf00d", "FRONTBOARD 0x8badf00d"
        ),
        (
            "JSON RUNNINGBOARD lock, code as a hex string",
            F.json(
                termination: #"{"flags":6,"code":"0xdead10cc","namespace":"RUNNINGBOARD","indicator":"0xdead10cc"}"#),
            "0xdead10cc", "RUNNINGBOARD 0xdead10cc"
        ),
        (
            "JSON thermal",
            F.json(termination: #"{"flags":6,"code":3221229823,"namespace":"RUNNINGBOARD","reasons":["thermal"]}"#),
            "0xc00010ff", "RUNNINGBOARD 0xc00010ff"
        ),
        (
            "JSON jetsam namespace",
            F.json(termination: #"{"flags":0,"code":7,"namespace":"JETSAM","indicator":"per-process-limit"}"#),
            "jetsam", "JETSAM 0x7"
        ),
        (
            "JSON signal: a crash",
            F.json(
                termination:
                    #"{"flags":0,"code":11,"namespace":"SIGNAL","indicator":"Segmentation fault: 11","byProc":"exc handler","byPid":432}"#,
                exception:
                    #"{"codes":"0x0000000000000001, 0x0000000000000000","rawCodes":[1,0],"type":"EXC_BAD_ACCESS","signal":"SIGSEGV","subtype":"KERN_INVALID_ADDRESS at 0x0000000000000000"}"#
            ),
            "crash", "SIGNAL 0xb"
        ),
        ("JSON exception only", F.json(termination: nil), "crash", "EXC_CRASH (SIGKILL)"),
        (
            "text Namespace SPRINGBOARD, Code (iOS 12/13)",
            F.text(
                F.sigkill
                    + "Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d\nTermination Description: SPRINGBOARD, scene-create watchdog transgression: com.example.uploader exhausted real (wall clock) time allowance of 19.84 seconds | ProcessVisibility: Foreground | ProcessState: Running"
            ),
            "0x8badf00d", "SPRINGBOARD 0x8badf00d"
        ),
        (
            "text FRONTBOARD decimal code with a trailing space (iOS 15)",
            F.text(
                F.sigkill
                    + "Termination Reason: FRONTBOARD 2343432205 \n<RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-update watchdog transgression: application<com.example.uploader>:432 exhausted real (wall clock) time allowance of 10.00 seconds\nProcessVisibility: Foreground"
            ),
            "0x8badf00d", "FRONTBOARD 0x8badf00d"
        ),
        (
            "text RUNNINGBOARD lock (iOS 16)", F.text(F.sigkill + "Termination Reason: RUNNINGBOARD 0xdead10cc \n"),
            "0xdead10cc", "RUNNINGBOARD 0xdead10cc"
        ),
        (
            "text Namespace RUNNINGBOARD lock",
            F.text(F.sigkill + "Termination Reason: Namespace RUNNINGBOARD, Code 0xdead10cc\n"),
            "0xdead10cc", "RUNNINGBOARD 0xdead10cc"
        ),
        (
            "text ASSERTIOND (iOS 12)",
            F.text(F.sigkill + "Termination Reason: Namespace ASSERTIOND, Code 0x8badf00d\n"),
            "0x8badf00d", "ASSERTIOND 0x8badf00d"
        ),
        (
            "text watchdog without a code (CAROUSEL)",
            F.text(
                F.sigkill
                    + "Termination Reason: CAROUSEL, Background App Refresh watchdog transgression. Exhausted wall time allowance of 15.00 seconds.\n"
            ),
            "watchdog", "CAROUSEL"
        ),
        (
            "text quoted with '> '",
            F.text(F.sigkill + "Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d\n")
                .split(separator: "\n", omittingEmptySubsequences: false).map { "> " + $0 }.joined(separator: "\n"),
            "0x8badf00d", "SPRINGBOARD 0x8badf00d"
        ),
        (
            "text exception only",
            F.text(
                "Exception Type:  EXC_BAD_ACCESS (SIGSEGV)\nException Subtype: KERN_INVALID_ADDRESS at 0x0000000000000000\n"
            ),
            "crash", "EXC_BAD_ACCESS (SIGSEGV)"
        ),
    ]

    @Test(arguments: shapes.indices)
    func readsEachShape(_ index: Int) throws {
        let shape = Self.shapes[index]
        let report = try CrashReport.parse(shape.text, path: "r.ips")
        #expect(report.pid == 432, "\(shape.name)")
        #expect(report.process == "Uploader", "\(shape.name)")
        #expect(report.bundle == "com.example.uploader", "\(shape.name)")
        #expect(report.time == Self.captured, "\(shape.name)")
        #expect(report.reason == shape.reason, "\(shape.name)")
        #expect(report.summary == shape.summary, "\(shape.name)")
    }

    /// Each reason means the exit class SPEC §5 gives its termination code.
    @Test(arguments: [
        ("0x8badf00d", ReasonCode.watchdog), ("0xdead10cc", .lockedFile), ("0xc00010ff", .thermal), ("jetsam", .jetsam),
        ("watchdog", .watchdog), ("crash", .crash),
    ])
    func reasonsAreTheModelsReasonCodes(_ reason: String, _ code: ReasonCode) {
        #expect(ReasonCode(text: reason) == code)
    }

    @Test func jsonWithoutCaptureTimeTakesTheHeadersTimestamp() throws {
        let text = F.header() + "\n" + F.body(captureTime: "null", termination: F.frontboardWatchdog)
        let report = try CrashReport.parse(
            text.replacingOccurrences(of: #""captureTime" : null,"#, with: ""), path: "r.ips")
        #expect(report.time == Timestamp(rfc3339: "2026-11-20T10:00:20Z"))
    }

    /// Malformed reports: a clear error naming the file and what was expected, never a crash.
    static let malformed: [(name: String, text: String, message: String)] = [
        (
            "empty", "",
            "not a crash report: expected an .ips JSON header line, or a text report with 'Process: NAME [PID]'"
        ),
        (
            "prose", "hello\nworld\n",
            "not a crash report: expected an .ips JSON header line, or a text report with 'Process: NAME [PID]'"
        ),
        (
            "bad JSON header", "{\"app_name\":\n{}\n",
            "not JSON: expected ',' or '}' after a member at line 3, column 1 (byte 16): expected the JSON header object of an .ips report"
        ),
        (
            "cut JSON body", F.header() + "\n" + String(F.body(termination: F.frontboardWatchdog).prefix(200)),
            "not JSON: expected a value at line 11, column 19 (byte 596): expected the JSON body object of an .ips report"
        ),
        (
            "JSON header broken on its own line", "{\"bug_type\":\"309\" x}\n{}\n",
            "not JSON: expected ',' or '}' after a member at line 1, column 19 (byte 18): expected the JSON header object of an .ips report"
        ),
        (
            "JSON header after a blank line", "\n  {\"a\" 1}\n",
            "not JSON: expected ':' after a key at line 2, column 8 (byte 8): expected the JSON header object of an .ips report"
        ),
        (
            "pid a boolean", F.header() + "\n" + F.body(pid: "true", termination: F.frontboardWatchdog),
            "expected 'pid' (an integer) in the report body"
        ),
        ("JSON body not an object", F.header() + "\n[1]\n", "line 2: expected the JSON body object of an .ips report"),
        ("no pid", F.header() + "\n{\"procName\" : \"Uploader\"}\n", "expected 'pid' (an integer) in the report body"),
        (
            "pid a string", F.header() + "\n" + F.body(pid: "\"432\"", termination: F.frontboardWatchdog),
            "expected 'pid' (an integer) in the report body"
        ),
        (
            "pid a fraction", F.header() + "\n" + F.body(pid: "432.5", termination: F.frontboardWatchdog),
            "expected 'pid' (an integer) in the report body"
        ),
        (
            "bad captureTime",
            F.header() + "\n" + F.body(captureTime: "\"yesterday\"", termination: F.frontboardWatchdog),
            "expected 'captureTime' as 'YYYY-MM-DD HH:MM:SS.ssss +HHMM', found 'yesterday'"
        ),
        (
            "no termination or exception", F.header() + "\n" + F.body(exception: nil, termination: nil),
            "expected 'termination' or 'exception' in the report body"
        ),
        (
            "Process without pid", F.textHeader(process: "Uploader") + F.sigkill,
            "line 4: expected 'Process: NAME [PID]', found 'Process:             Uploader'"
        ),
        (
            "no Date/Time", F.textHeader().replacingOccurrences(of: "Date/Time:", with: "Date:") + F.sigkill,
            "expected 'Date/Time: YYYY-MM-DD HH:MM:SS.ssss +HHMM'"
        ),
        (
            "bad Date/Time", F.textHeader(date: "30/10/2019 10:37") + F.sigkill,
            "line 14: expected 'Date/Time: YYYY-MM-DD HH:MM:SS.ssss +HHMM', found '30/10/2019 10:37'"
        ),
        ("no termination", F.textHeader(), "expected 'Termination Reason:' or 'Exception Type:'"),
    ]

    @Test("a whole pid is read however it is written", arguments: ["432", "432.0", "4.32e2", "43200e-2"])
    func wholePids(pid: String) throws {
        let report = try CrashReport.parse(F.header() + "\n" + F.body(pid: pid, termination: F.frontboardWatchdog), path: "r.ips")
        #expect(report.pid == 432)
    }

    @Test("a report saved with CRLF line ends reads as with LF", arguments: shapes.indices)
    func crlfLineEnds(_ index: Int) throws {
        let shape = Self.shapes[index]
        let lf = try CrashReport.parse(shape.text, path: "r.ips")
        let crlf = try CrashReport.parse(shape.text.replacingOccurrences(of: "\n", with: "\r\n"), path: "r.ips")
        #expect(crlf.pid == lf.pid, "\(shape.name)")
        #expect(crlf.time == lf.time, "\(shape.name)")
        #expect(crlf.reason == lf.reason, "\(shape.name)")
        #expect(crlf.summary == lf.summary, "\(shape.name)")
    }

    @Test(arguments: malformed.indices)
    func malformedReportsSayWhatWasExpected(_ index: Int) {
        let bad = Self.malformed[index]
        #expect(throws: CrashReportError(path: "r.ips", message: bad.message), "\(bad.name)") {
            try CrashReport.parse(bad.text, path: "r.ips")
        }
    }

    @Test func unreadableFilesAreErrors() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-ips-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let binary = dir.appendingPathComponent("binary.ips").path
        try Data([0xFF, 0xFE, 0x00, 0x41]).write(to: URL(fileURLWithPath: binary))
        #expect(throws: CrashReportError(path: binary, message: "not UTF-8 text: expected a crash report (.ips)")) {
            try CrashReport.load(path: binary)
        }
        let missing = dir.appendingPathComponent("missing.ips").path
        #expect(throws: CrashReportError(path: missing, message: "no such file or directory")) {
            try CrashReport.load(path: missing)
        }
        #expect(throws: CrashReportError(path: dir.path, message: "is a directory")) {
            try CrashReport.load(path: dir.path)
        }
        #expect(CrashReportError(path: "x.ips", message: "m").description == "Unable to read 'x.ips': m.")
        let good = dir.appendingPathComponent("good.ips").path
        try F.json(termination: F.frontboardWatchdog).write(toFile: good, atomically: true, encoding: .utf8)
        #expect(try CrashReport.load(path: good).reason == "0x8badf00d")
    }
}

extension CrashReportTests {
    /// The time forms of `Date/Time:`, `captureTime` and `timestamp`.
    @Test(arguments: [
        ("2019-10-30 10:37:41.5986 +0800", "2019-10-30T02:37:41.5986Z"),
        ("2019-10-30 10:37:41 +0800", "2019-10-30T02:37:41Z"),
        ("2022-11-17 19:14:35.00 -0330", "2022-11-17T22:44:35Z"),
    ])
    func reportTimes(_ text: String, _ utc: String) {
        #expect(CrashReportTime.parse(Substring(text)) == Timestamp(rfc3339: utc))
    }

    @Test(arguments: ["2019-10-30 10:37:41.5986", "2019-10-30T10:37:41Z", "2019-10-30 10:37:41 +08:00", "yesterday"])
    func notReportTimes(_ text: String) {
        #expect(CrashReportTime.parse(Substring(text)) == nil)
    }
}
