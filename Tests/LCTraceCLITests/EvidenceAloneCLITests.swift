import Foundation
import Testing

/// Crash reports, JetsamEvent reports and MetricKit diagnostics given as FILEs (SPEC §10):
/// recognised by content, replayed on their own when they join no log, with whose code the
/// process was running. Real reports are copies in Fixtures/CrashReports (SOURCES.md there);
/// the reports built from them are built here, in a temporary folder.
@Suite struct EvidenceAloneCLITests {
    typealias CLI = CommandLineTests

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/CrashReports")

    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    static func text(_ name: String) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
    }

    /// The JSON report's deaths and findings.
    static func report(_ stdout: String) throws -> (deaths: [[String: Any]], findings: [[String: Any]], root: [String: Any]) {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
        let deaths = try #require(root["deaths"] as? [[String: Any]])
        let findings = try #require(root["findings"] as? [[String: Any]])
        return (deaths, findings, root)
    }

    /// The `.ips` header line and body of `iOSCrashingTest.ips`, the body as an object to edit.
    static func ipsParts() throws -> (header: String, body: [String: Any]) {
        let text = try Self.text("iOSCrashingTest.ips")
        let newline = try #require(text.firstIndex(of: "\n"))
        let body = try #require(
            try JSONSerialization.jsonObject(with: Data(text[text.index(after: newline)...].utf8)) as? [String: Any])
        return (String(text[..<newline]), body)
    }

    static func ips(header: String, body: [String: Any]) throws -> [UInt8] {
        Array((header + "\n").utf8) + Array(try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys]))
    }

    /// `iOSCrashingTest.ips` made a watchdog kill whose main thread is in FirebaseCore: no real
    /// `.ips` watchdog report was found (Fixtures/CrashReports/SOURCES.md).
    static func firebaseWatchdog() throws -> [UInt8] {
        var (header, body) = try ipsParts()
        body["termination"] =
            [
                "code": 2_343_432_205, "namespace": "FRONTBOARD", "flags": 6,
                "reasons": [
                    "<RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-update watchdog transgression: app<jp.mahdi.iOSCrashingTest>:455 exhausted real (wall clock) time allowance of 10.00 seconds",
                    "ProcessVisibility: Foreground", "ProcessState: Running", "WatchdogEvent: scene-update", "WatchdogVisibility: Foreground",
                ],
            ] as [String: Any]
        body["exception"] = ["type": "EXC_CRASH", "signal": "SIGKILL"]
        var images = try #require(body["usedImages"] as? [[String: Any]])
        let app = try #require(images[1]["path"] as? String)
        images[1]["name"] = "FirebaseCore"
        images[1]["path"] = app.replacingOccurrences(
            of: "/iOSCrashingTest.app/iOSCrashingTest", with: "/iOSCrashingTest.app/Frameworks/FirebaseCore.framework/FirebaseCore")
        body["usedImages"] = images
        var threads = try #require(body["threads"] as? [[String: Any]])
        var frames = try #require(threads[0]["frames"] as? [[String: Any]])
        frames[2]["symbol"] = "+[FIRApp configure]"
        threads[0]["frames"] = frames
        body["threads"] = threads
        header = header.replacingOccurrences(
            of: "\"incident_id\":\"356753AC-2172-45DC-977A-11F2328980D0\"", with: "\"incident_id\":\"F1REBA5E-0000-4000-8000-000000000001\"")
        body["incident"] = "F1REBA5E-0000-4000-8000-000000000001"
        return try ips(header: header, body: body)
    }

    @Test func whyExplainsARealTextWatchdogReportWithNoLog() throws {
        let r = try CLI.run(["why", Self.fixture("kiosk-watchdog.crash")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout.contains(
                "killed by the watchdog in the foreground: scene-update exhausted its 10 s wall-clock allowance (iOS: foreground); the main thread was in the app's own code, CDAYourStoreAppiPadKiosk (xamarin_invoke_objc_method_implementation, frame 13)"
            ), "\(r.stdout)")
        #expect(r.stdout.contains("pid 280 (com.colddataacquisition.yourstorekiosk, 12 (1.0.4), iOS 11.2.6)"), "\(r.stdout)")
    }

    @Test func anIPSReportAloneIsOneDeathWithItsCodeAndAnLC103() throws {
        let r = try CLI.run(["replay", "--format", "json", "--fail-on", "warning", Self.fixture("iOSCrashingTest.ips")])
        #expect(r.status == 1, "\(r.stderr)")
        let (deaths, findings, _) = try Self.report(r.stdout)
        #expect(deaths.count == 1)
        let death = try #require(deaths.first)
        #expect(death["pid"] as? Int == 455)
        #expect(death["app"] as? String == "jp.mahdi.iOSCrashingTest")
        #expect(death["version"] as? String == "1.0 (1)")
        #expect(death["os"] as? String == "16.0")
        #expect(death["time"] as? String == "2022-09-18T06:28:37.345100Z")
        #expect(death["class"] as? String == "abnormal")
        #expect(death["state"] as? String == "active")
        #expect(death["visibility"] as? String == "foreground")
        let code = try #require(death["code"] as? [String: Any])
        #expect(code["thread"] as? String == "main")
        #expect(code["frame"] as? Int == 2)
        #expect(code["binary"] as? String == "iOSCrashingTest")
        #expect(code["symbol"] is NSNull)
        #expect(code["owner"] as? String == "iOSCrashingTest")
        #expect(code["own"] as? Bool == true)
        #expect(code["offset"] as? Int == 25788)
        #expect(findings.map { $0["rule"] as? String } == ["LC103"])
        #expect(findings.first?["line"] as? Int == 1)
    }

    @Test func oneIncidentInIPSAndTextFormIsOneDeath() throws {
        let r = try CLI.run(["replay", "--format", "json", Self.fixture("iOSCrashingTest.ips"), Self.fixture("iOSCrashingTest.crash")])
        #expect(r.status == 0, "\(r.stderr)")
        let (deaths, findings, _) = try Self.report(r.stdout)
        #expect(deaths.count == 1)
        #expect((deaths.first?["evidence"] as? [[String: Any]])?.count == 2)
        #expect(findings.filter { $0["rule"] as? String == "LC103" }.count == 1)
        // The text form reads the same code as the JSON form.
        let text = try CLI.run(["replay", "--format", "json", Self.fixture("iOSCrashingTest.crash")])
        let code = try #require(try Self.report(text.stdout).deaths.first?["code"] as? [String: Any])
        #expect(code["frame"] as? Int == 2 && code["offset"] as? Int == 25788 && code["own"] as? Bool == true)
    }

    @Test func aWatchdogKillNamesTheSDKOnTheMainThread() throws {
        let scratch = try BatchEdgeTests.Scratch()
        try scratch.write("d/watchdog.ips", try Self.firebaseWatchdog())
        let r = try CLI.run(["why", scratch.root + "/d/watchdog.ips"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout.contains(
                "killed by the watchdog in the foreground: scene-update exhausted its 10 s wall-clock allowance (iOS: foreground); the main thread was in FirebaseCore (+[FIRApp configure], frame 2)"
            ), "\(r.stdout)")
        let json = try CLI.run(["replay", "--format", "json", scratch.root + "/d/watchdog.ips"])
        let code = try #require(try Self.report(json.stdout).deaths.first?["code"] as? [String: Any])
        #expect(code["owner"] as? String == "Firebase")
        #expect(code["own"] as? Bool == false)
        #expect(code["offset"] == nil)
        // A folder of crash reports is a fleet: the owner ranking and "Deaths by whose code".
        for name in ["kiosk-watchdog.crash", "iOSCrashingTest.ips", "jetsam-pageshortage.crash"] {
            try scratch.write("d/" + name, Array(try Data(contentsOf: Self.fixtures.appendingPathComponent(name))))
        }
        let audit = try CLI.run(["audit", "--no-progress", scratch.root + "/d"])
        #expect(audit.status == 0, "\(audit.stderr)")
        #expect(audit.stdout.contains("Deaths by whose code:"), "\(audit.stdout)")
        #expect(audit.stdout.contains("  Firebase "), "\(audit.stdout)")
        #expect(audit.stdout.contains("CDAYourStoreAppiPadKiosk (the app's own code)"), "\(audit.stdout)")
        // Merged shards show the same section, in the same place, as the one audit (SPEC §10).
        let section = { (text: String) -> String in
            guard let start = text.range(of: "\nDeaths by whose code:\n") else { return "" }
            let rest = text[start.lowerBound...].dropFirst()
            return String(rest[..<(rest.range(of: "\n\n")?.lowerBound ?? rest.endIndex)])
        }
        var shards: [String] = []
        for k in 1...2 {
            let shard = scratch.root + "/shard\(k).jsonl"
            let r = try CLI.run(["audit", "--no-progress", "--shard", "\(k)/2", "--format", "jsonl", "-o", shard, scratch.root + "/d"])
            #expect(r.status == 0, "\(r.stderr)")
            shards.append(shard)
        }
        let merged = try CLI.run(["merge"] + shards)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(!section(audit.stdout).isEmpty)
        #expect(section(merged.stdout) == section(audit.stdout), "\(merged.stdout)")
        let headings = { (text: String) in text.split(separator: "\n").filter { $0.hasSuffix(":") && !$0.hasPrefix(" ") } }
        #expect(headings(merged.stdout) == headings(audit.stdout), "\(merged.stdout)")
        let auditJSON = try CLI.run(["audit", "--no-progress", "--format", "json", scratch.root + "/d"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(auditJSON.stdout.utf8)) as? [String: Any])
        let summary = try #require(root["summary"] as? [String: Any])
        let owners = try #require(summary["owners"] as? [[String: Any]])
        #expect(owners.contains { $0["owner"] as? String == "Firebase" && $0["deaths"] as? Int == 1 }, "\(owners)")
        // A gate over crash reports fails as one over logs: each running death is an LC103.
        let gate = try CLI.run(["audit", "--no-progress", "--fail-on", "warning", scratch.root + "/d"])
        #expect(gate.status == 1)
    }

    @Test func aJetsamEventReportAloneGivesTheKilledAppsNotTheDaemons() throws {
        let r = try CLI.run(["replay", "--format", "json", Self.fixture("jetsam-pageshortage.crash")])
        #expect(r.status == 0, "\(r.stderr)")
        let (deaths, _, _) = try Self.report(r.stdout)
        #expect(!deaths.isEmpty)
        // The frontmost app was killed for memory in the foreground; no daemon is a death.
        #expect(deaths.contains { $0["class"] as? String == "memory-limit" && $0["visibility"] as? String == "foreground" })
        #expect(deaths.allSatisfy { ($0["state"] as? String) != "suspended" })
        #expect(deaths.count < 5, "\(deaths.count) deaths: daemons or suspended apps were judged")
    }

    @Test func aMetricKitDiagnosticAloneNamesTheAppsOwnDebugDylib() throws {
        let r = try CLI.run(["replay", "--format", "json", Self.fixture("metrickit-splash-crash.json")])
        #expect(r.status == 0, "\(r.stderr)")
        let (deaths, _, _) = try Self.report(r.stdout)
        let death = try #require(deaths.first)
        #expect(death["pid"] as? Int == 15713)
        #expect(death["time"] is NSNull)
        #expect(death["visibility"] is NSNull)
        #expect(death["state"] is NSNull)
        let code = try #require(death["code"] as? [String: Any])
        #expect(code["binary"] as? String == "Splash.debug.dylib")
        #expect(code["owner"] as? String == "Splash")
        #expect(code["own"] as? Bool == true)
        #expect(code["symbol"] is NSNull)
    }

    /// `why` names the thread the code came from (SPEC §10): the crashed thread, main or not,
    /// the highlighted one, and a watchdog kill's main thread.
    @Test func theVerdictSaysWhichThreadTheCodeCameFrom() throws {
        let transit = try CLI.run(["why", Self.fixture("transit-simulator.ips")])
        #expect(transit.status == 0, "\(transit.stderr)")
        #expect(transit.stdout.contains("; the crashed thread (thread 13) was in the app's own code, Transit.debug.dylib ("), "\(transit.stdout)")
        let crash = try CLI.run(["why", Self.fixture("iOSCrashingTest.crash")])
        #expect(
            crash.stdout.contains("; the crashed thread (the main thread) was in the app's own code, iOSCrashingTest (iOSCrashingTest + 25788, frame 2)"),
            "\(crash.stdout)")
        let report = try Self.text("iOSCrashingTest.crash").replacingOccurrences(of: "Triggered by Thread:  0", with: "Highlighted Thread:  0")
        #expect(report.contains("Highlighted Thread:  0"))
        let scratch = try BatchEdgeTests.Scratch()
        try scratch.write("highlighted.crash", Array(report.utf8))
        let highlighted = try CLI.run(["why", scratch.root + "/highlighted.crash"])
        #expect(highlighted.stdout.contains("; the highlighted thread (the main thread) was in the app's own code"), "\(highlighted.stdout)")
        let watchdog = try CLI.run(["why", Self.fixture("kiosk-watchdog.crash")])
        #expect(watchdog.stdout.contains("; the main thread was in the app's own code, CDAYourStoreAppiPadKiosk"), "\(watchdog.stdout)")
        #expect(!watchdog.stdout.contains("crashed thread"), "\(watchdog.stdout)")
    }

    /// A death of evidence alone has no log: an unknown state is said as its evidence leaves
    /// it (SPEC §7's "the log does not show" is for a log).
    @Test func anUnknownStateOfEvidenceAloneNamesTheEvidenceNotALog() throws {
        let diagnostic = try CLI.run(["why", Self.fixture("metrickit-splash-crash.json")])
        #expect(diagnostic.status == 0, "\(diagnostic.stderr)")
        #expect(diagnostic.stdout.contains("  state at death: in a state the diagnostic does not say\n"), "\(diagnostic.stdout)")
        #expect(!diagnostic.stdout.contains("the log does not show"), "\(diagnostic.stdout)")
        // A text report that states no role or visibility.
        let report = try Self.text("iOSCrashingTest.crash").replacingOccurrences(of: "Role:                Foreground\n", with: "")
        #expect(!report.contains("Role:"))
        let scratch = try BatchEdgeTests.Scratch()
        try scratch.write("norole.crash", Array(report.utf8))
        let r = try CLI.run(["why", scratch.root + "/norole.crash"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("  state at death: in a state the report does not say\n"), "\(r.stdout)")
    }

    @Test func aReportBesideALogJoinsItsSessionAndGivesItsCode() throws {
        let scratch = try BatchEdgeTests.Scratch()
        let log =
            [
                #"{"t":"2022-09-18T06:28:25.516Z","ev":"meta","app":"jp.mahdi.iOSCrashingTest","os":"16.0","model":"uikit-app"}"#,
                #"{"t":"2022-09-18T06:28:25.516Z","ev":"process.launch","pid":455,"reason":"user"}"#,
                #"{"t":"2022-09-18T06:28:26.000Z","ev":"app.didFinishLaunching","pid":455}"#,
                #"{"t":"2022-09-18T06:28:26.100Z","ev":"app.didBecomeActive","pid":455}"#,
            ].joined(separator: "\n") + "\n"
        try scratch.write("app.jsonl", Array(log.utf8))
        let r = try CLI.run(["replay", "--format", "json", scratch.root + "/app.jsonl", Self.fixture("iOSCrashingTest.ips")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty, "\(r.stderr)")
        let (deaths, _, _) = try Self.report(r.stdout)
        #expect(deaths.count == 1, "\(deaths)")
        let death = try #require(deaths.first)
        #expect(death["file"] as? String == scratch.root + "/app.jsonl")
        #expect((death["code"] as? [String: Any])?["offset"] as? Int == 25788)
        #expect((death["evidence"] as? [[String: Any]])?.contains { $0["kind"] as? String == "crash-report" } == true)
    }

    /// iOSCrashingTest.crash (pid 455, 2022-09-18T06:28:37.345Z) with its crashed thread
    /// replaced by the real launch-failure frames.
    static func launchFailure() throws -> String {
        let report = try Self.text("iOSCrashingTest.crash")
        let excerpt = try Self.text("ios27-launch-failure.crash-excerpt.txt")
        let frames = excerpt.split(separator: "\n").filter { $0.first?.isNumber == true }.joined(separator: "\n")
        let start = try #require(report.range(of: "Thread 0 Crashed:\n"))
        let end = try #require(report.range(of: "\n\n", range: start.upperBound..<report.endIndex))
        return String(report[..<start.upperBound] + frames + report[end.lowerBound...])
    }

    @Test func iOS27sLaunchFailureIsADeathWithCauseLC105() throws {
        let scratch = try BatchEdgeTests.Scratch()
        try scratch.write("launch.crash", Array(try Self.launchFailure().utf8))
        let r = try CLI.run(["replay", "--format", "json", scratch.root + "/launch.crash"])
        #expect(r.status == 1, "LC105 is an error: \(r.stderr)")
        let (deaths, findings, _) = try Self.report(r.stdout)
        let death = try #require(deaths.first)
        #expect(death["class"] as? String == "abnormal")
        #expect(death["state"] as? String == "notRunning")
        #expect(death["code"] is NSNull)
        #expect((death["cause"] as? [String: Any])?["rule"] as? String == "LC105")
        #expect(
            death["message"] as? String
                == "could not launch: the app has not adopted the scene life cycle, which apps built with the iOS 27 SDK must")
        #expect(findings.map { $0["rule"] as? String } == ["LC105"])
    }

    /// The launch failure beside the log of its launch joins that session (the one join) and
    /// is the same death as alone (SPEC §11): cause LC105, `notRunning`, no code, and one LC105
    /// in the log where the kill's LC103 would be.
    @Test func iOS27sLaunchFailureJoinedToALogIsTheSameDeath() throws {
        let scratch = try BatchEdgeTests.Scratch()
        try scratch.write("launch.crash", Array(try Self.launchFailure().utf8))
        let log =
            [
                #"{"t":"2022-09-18T06:28:37.000Z","ev":"meta","app":"jp.mahdi.iOSCrashingTest","os":"16.0","model":"uikit-app"}"#,
                #"{"t":"2022-09-18T06:28:37.000Z","ev":"process.launch","pid":455,"reason":"user"}"#,
                #"{"t":"2022-09-18T06:28:37.100Z","ev":"app.willFinishLaunching","pid":455}"#,
            ].joined(separator: "\n") + "\n"
        try scratch.write("app.jsonl", Array(log.utf8))
        let paths = [scratch.root + "/app.jsonl", scratch.root + "/launch.crash"]
        let r = try CLI.run(["replay", "--format", "json"] + paths)
        #expect(r.status == 1, "LC105 is an error: \(r.stderr)")
        let (deaths, findings, _) = try Self.report(r.stdout)
        #expect(deaths.count == 1, "\(deaths)")
        let death = try #require(deaths.first)
        #expect(death["file"] as? String == scratch.root + "/app.jsonl")
        #expect(death["pid"] as? Int == 455)
        #expect(death["class"] as? String == "abnormal")
        #expect(death["state"] as? String == "notRunning")
        #expect(death["code"] is NSNull)
        let cause = try #require(death["cause"] as? [String: Any])
        #expect(cause["rule"] as? String == "LC105")
        #expect(
            death["message"] as? String
                == "could not launch: the app has not adopted the scene life cycle, which apps built with the iOS 27 SDK must")
        #expect((death["evidence"] as? [[String: Any]])?.contains { $0["kind"] as? String == "crash-report" } == true)
        #expect(findings.map { $0["rule"] as? String } == ["LC105"], "\(findings)")
        let finding = try #require(findings.first)
        #expect(finding["file"] as? String == scratch.root + "/app.jsonl")
        #expect(finding["line"] as? Int == cause["line"] as? Int)
        #expect(finding["source"] as? String == "system")
        #expect((finding["message"] as? String)?.contains("crash report '\(scratch.root)/launch.crash' of 'jp.mahdi.iOSCrashingTest'") == true)
        let why = try CLI.run(["why"] + paths)
        #expect(why.status == 0, "\(why.stderr)")
        #expect(why.stdout.contains("could not launch: the app has not adopted the scene life cycle"), "\(why.stdout)")
        #expect(why.stdout.contains("state at death: not running (launching)"), "\(why.stdout)")
    }

    @Test func aReportWithA109HeaderBeforeItsTextIsRead() throws {
        let r = try CLI.run(["replay", "--format", "json", Self.fixture("mobilesms-109-header.crash")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Self.report(r.stdout).deaths.first?["app"] as? String == "com.apple.MobileSMS")
    }

    @Test func statsCountsACrashReportsDeath() throws {
        let r = try CLI.run(["stats", "--format", "json", Self.fixture("kiosk-watchdog.crash")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"watchdog\""), "\(r.stdout)")
    }

    // MARK: Hostile reports: a clear error naming the file and where, never a crash.

    @Test func aReportCutInsideItsThreadsIsUnreadable() throws {
        let text = try Self.text("iOSCrashingTest.ips")
        let cut = try #require(text.range(of: "\"usedImages\""))
        let scratch = try BatchEdgeTests.Scratch()
        try scratch.write("cut.ips", Array(text[..<cut.lowerBound].utf8))
        let out = scratch.root + "/report.json"
        let r = try CLI.run(["why", scratch.root + "/cut.ips", "-o", out])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("Unable to read '\(scratch.root)/cut.ips': not JSON: "), "\(r.stderr)")
        #expect(r.stderr.contains("(byte "), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func aHeaderWithoutABodyIsUnreadable() throws {
        let (header, _) = try Self.ipsParts()
        let scratch = try BatchEdgeTests.Scratch()
        try scratch.write("header.ips", Array((header + "\n").utf8))
        let r = try CLI.run(["why", scratch.root + "/header.ips"])
        #expect(r.status == 2)
        #expect(
            r.stderr
                == "Unable to read '\(scratch.root)/header.ips': the JSON header line has no report body after it: expected the JSON body object (pid, threads, …) from line 2.\n"
        )
    }

    @Test func aFramePastTheImagesIsAFrameWithNoImageAndAWarning() throws {
        let parts = try Self.ipsParts()
        var body = parts.body
        var threads = try #require(body["threads"] as? [[String: Any]])
        var frames = try #require(threads[0]["frames"] as? [[String: Any]])
        frames[2]["imageIndex"] = 99
        threads[0]["frames"] = frames
        body["threads"] = threads
        let scratch = try BatchEdgeTests.Scratch()
        try scratch.write("past.ips", try Self.ips(header: parts.header, body: body))
        let r = try CLI.run(["replay", "--format", "json", scratch.root + "/past.ips"])
        #expect(r.status == 0)
        #expect(
            r.stderr.contains(
                "lctrace: warning: '\(scratch.root)/past.ips': /threads/0/frames/2/imageIndex: image 99 is past the report's 17 images (usedImages), read as a frame with no image"
            ), "\(r.stderr)")
        let code = try #require(try Self.report(r.stdout).deaths.first?["code"] as? [String: Any])
        #expect(code["frame"] as? Int == 3)
    }

    @Test func tenThousandThreadsAreReadAndOnlyTheOneThatMattersKept() throws {
        let parts = try Self.ipsParts()
        var body = parts.body
        let threads = try #require(body["threads"] as? [[String: Any]])
        // Thread 2 is one frame long: ten thousand of it stay under the 16 MiB a report may hold.
        body["threads"] = [threads[0]] + Array(repeating: threads[2], count: 10_000)
        let scratch = try BatchEdgeTests.Scratch()
        try scratch.write("many.ips", try Self.ips(header: parts.header, body: body))
        let r = try CLI.run(["replay", "--format", "json", scratch.root + "/many.ips"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect((try Self.report(r.stdout).deaths.first?["code"] as? [String: Any])?["frame"] as? Int == 2)
    }
}
