import Foundation
import LCTraceCore
import LCTraceTestSupport
import Testing

@testable import LCTraceAppleFormats
@testable import LCTraceIngest

/// UIKit's scene-life-cycle warnings and its launch failure in consoles (SPEC §11), read from
/// the real shapes of ../shared/realworld/syslog/ and ecosystem/ (SOURCES.md §E names each):
/// wrapped lines, backticks, with and without a console prefix.
@Suite struct SceneLifecycleWarningTests {
    /// Copies of the real consoles (Fixtures/SceneLifecycle/SOURCES.md), so that the tests read
    /// the same bytes wherever the clone is.
    static let realworld = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/SceneLifecycle")

    /// (file under realworld/, the rule, its line).
    static let real: [(String, Rule, Int)] = [
        ("syslog/flutter-flutter-issue-187758.ios27-launch-failure-xcode-lldb.txt", .sceneLifecycleRequired, 1),
        ("syslog/gluonhq-substrate-issue-1366.ios27-launch-failure-console.txt", .sceneLifecycleRequired, 1),
        ("syslog/CherryHQ-cherry-studio-app-issue-990.ios27-launch-failure-simulator.txt", .sceneLifecycleRequired, 1),
        ("syslog/expo-expo-issue-46663.ios27-launch-failure-beta-wording.txt", .sceneLifecycleRequired, 1),
        ("syslog/moonlight-stream-moonlight-ios-pr-719.tvOS27-launch-failure-device-log.txt", .sceneLifecycleRequired, 1),
        ("ecosystem/metrodroid-metrodroid-pr-904.ios27-launch-failure.txt", .sceneLifecycleRequired, 1),
        ("syslog/flutter-flutter-issue-167267.ios18.4-no-scene-warning-xcode16.3-console.txt", .sceneLifecycleSoon, 1),
        ("syslog/Namma-Flutter-namma_wallet-issue-210.ios26-sdk-scene-warning.txt", .sceneLifecycleSoon, 1),
    ]

    static func findings(_ text: String, name: String = "console.txt") throws -> [Finding] {
        var reader = try openLog(bytes: Array(text.utf8), name: name)
        while reader.next() != nil {}
        let isSystemLog = reader.isSystemLog
        #expect(isSystemLog, "read as a transcript")
        return reader.systemEvidenceVerdicts.filter { $0.rule == .sceneLifecycleRequired || $0.rule == .sceneLifecycleSoon }
    }

    @Test(arguments: real)
    func realConsoles(file: String, rule: Rule, line: Int) throws {
        let url = Self.realworld.appendingPathComponent(file)
        try #require(FileManager.default.fileExists(atPath: url.path), "\(url.path)")
        let found = try Self.findings(try String(contentsOf: url, encoding: .utf8))
        #expect(found.map(\.rule) == [rule], "\(file)")
        #expect(found.first?.line == line)
        #expect(found.first?.source == .system)
    }

    /// (text, the rules found, their lines).
    static let shapes: [(String, [Rule], [Int])] = [
        // Wrapped mid-word spacing, backticks, a prefix, padding.
        ("`UIScene`   lifecycle will soon\n  be required. Failure to adopt will result in an assert in the future.   \n", [.sceneLifecycleSoon], [1]),
        (
            "2026-06-09 17:21:45.971278-0500 Shop[1:2] Hello\n2026-06-09 17:21:46.000000-0500 Shop[1:2] CLIENT OF UIKIT REQUIRES UPDATE: This process does not adopt UIScene lifecycle. This will become an assert in a future version.\n",
            [.sceneLifecycleSoon], [2]
        ),
        // The launch failure covers the warning: one LC105.
        (
            "`UIScene` lifecycle will soon be required. Failure to adopt will result in an assert in the future.\nApplication failed to launch: UIScene life cycle is required for apps built with this SDK.\n",
            [.sceneLifecycleRequired], [2]
        ),
        // Twice in one console: once.
        (
            "This process does not adopt UIScene lifecycle. This will become an assert in a future version.\nother\nThis process does not adopt UIScene lifecycle. This will become an assert in a future version.\n",
            [.sceneLifecycleSoon], [1]
        ),
        // A line in the middle of a pasted console.
        (
            "flutter: started.\nHang detected: 0.40s.\nfailure in void X (UIApplication_RuntimeIssues.m:106):\nApplication failed to launch: UIScene life cycle is\nrequired for apps built with this SDK.\n",
            [.sceneLifecycleRequired], [3]
        ),
    ]

    @Test(arguments: shapes)
    func wrappedAndPrefixedShapes(text: String, rules: [Rule], lines: [Int]) throws {
        let found = try Self.findings(text)
        #expect(found.map(\.rule) == rules)
        #expect(found.map(\.line) == lines)
    }

    /// Texts that are not UIKit's warning are not read as one.
    static let others = [
        "2022-12-19 11:57:15.692222-0800 PurchaseTester[40211:4411274] [SceneConfiguration] Info.plist contained no UIScene configuration dictionary (looking for configuration named \"(no name)\")\n",
        "2026-06-09 17:21:45.971278-0500 Shop[1:2] UIScene lifecycle is great\n",
    ]

    @Test(arguments: others)
    func otherSceneTextsSayNothing(text: String) throws {
        #expect(try Self.findings(text).isEmpty)
    }

    @Test func proseWithoutUIKitsWordsIsNoTranscript() {
        #expect(!SyslogTranslator.looksLikeSyslog(Substring("We should adopt UIScene soon.\nSee the docs.\n")))
        #expect(
            SyslogTranslator.looksLikeSyslog(Substring("UIScene lifecycle will soon be required. Failure to adopt will result in an assert in the future.\n")))
    }
}
