import Foundation
import Testing

/// `replay --input-format/--subsystem/--category` and `convert` end to end.
@Suite struct UnifiedLogCommandTests {
    typealias CLI = CommandLineTests

    static let ndjson = "traces/oslog-killed-in-background.ndjson.zst"
    static let json = "traces/oslog-json-killed-in-background.json.zst"

    /// The rule ids of a text report, sorted.
    static func rules(_ stdout: String) -> [String] {
        stdout.split(separator: "\n").compactMap { line in
            guard let open = line.firstIndex(of: "[") else { return nil }
            return String(line[line.index(after: open)...].prefix(5))
        }.sorted()
    }

    @Test func exportsReplayByContentWithTheirNativeTwinsFindings() throws {
        let native = try CLI.run(["replay", CLI.trace("killed-in-background")])
        for file in [Self.ndjson, Self.json] {
            let r = try CLI.run(["replay", file])
            #expect(r.status == 1, "\(r.stderr)")
            #expect(Self.rules(r.stdout) == Self.rules(native.stdout))
            #expect(r.stdout.contains("11 events, 1 session: 3 errors, 1 warning"))
        }
        let r = try CLI.run(["replay", "--input-format", "oslog", Self.ndjson])
        #expect(r.stdout.contains("\(Self.ndjson):17: warning: [LC103 abnormal-exit]"), "\(r.stdout)")
    }

    @Test func forcingNativeOnAnExportReportsEveryLine() throws {
        let r = try CLI.run(["replay", "--input-format", "native", "--format", "json", Self.ndjson])
        #expect(r.status == 1)
        #expect(r.stdout.components(separatedBy: "\"rule\": \"LC401\"").count - 1 == 18, "\(r.stdout.prefix(400))")
        #expect(!r.stdout.contains("LC103"))
    }

    /// A native log (the source of `killed-in-background`) behind a first line with `timestamp`
    /// but no `eventType` or `eventMessage`: it must not be taken for an export (which would
    /// replay 0 events and exit 0).
    @Test func aNativeLogThatStartsLikeAnExportKeepsItsFindings() throws {
        let source = CLI.root.appendingPathComponent("traces/src/killed-in-background.jsonl")
        let log = Data((#"{"timestamp":"x","note":"header"}"# + "\n").utf8) + (try Data(contentsOf: source))
        let auto = try CLI.run(["replay", "-"], stdin: log)
        #expect(auto.status == 1, "\(auto.stdout)")
        #expect(auto.stdout.contains("<stdin>:1: error: [LC401 malformed-record] missing key 't'"), "\(auto.stdout)")
        #expect(Self.rules(auto.stdout) == ["LC103", "LC203", "LC300", "LC302", "LC401"], "\(auto.stdout)")
        #expect(auto.stdout.contains("<stdin>:12: warning: [LC103 abnormal-exit]"), "\(auto.stdout)")
        let native = try CLI.run(["replay", "--input-format", "native", "-"], stdin: log)
        #expect(auto.stdout == native.stdout)
    }

    /// A file that starts with `[` is read as a `--style json` export; its elements that are
    /// native records are LC401 each, on the line where they start, instead of nothing.
    @Test func aJSONArrayOfNativeRecordsIsLC401PerElement() throws {
        let log =
            "[" + #"{"t":1,"ev":"process.launch","pid":1,"reason":"user"}"# + ",\n"
            + #"{"t":2,"ev":"app.didFinishLaunching","pid":1}"# + "]\n"
        let r = try CLI.run(["replay", "-"], stdin: Data(log.utf8))
        #expect(r.status == 1, "\(r.stdout)")
        let message =
            "error: [LC401 malformed-record] a native lctrace record in a unified-log export: "
            + "expected an export entry with 'eventType' or 'eventMessage' (use --input-format native)"
        #expect(r.stdout.contains("<stdin>:1: " + message), "\(r.stdout)")
        #expect(r.stdout.contains("<stdin>:2: " + message), "\(r.stdout)")
        #expect(Self.rules(r.stdout) == ["LC401", "LC401"], "\(r.stdout)")
    }

    @Test func subsystemAndCategoryFilterTheExport() throws {
        let none = try CLI.run(["replay", "--subsystem", "com.example.other", Self.json])
        #expect(none.status == 0)
        #expect(none.stdout.contains("0 events"))
        // Without the observer's category, the kill is not in the log: the task is open at the end.
        let app = try CLI.run(["replay", "--subsystem", "com.example.uploader", "--category", "lifecycle", "--fail-on", "note", Self.json])
        #expect(app.status == 1)
        #expect(Self.rules(app.stdout) == ["LC304"], "\(app.stdout)")
    }

    /// A filter that empties an export says so on standard error, once per file, in every
    /// command that reads exports with a filter (the exit status is unchanged: 0 findings).
    @Test func aFilterThatMatchesNothingSaysSo() throws {
        for file in [Self.ndjson, Self.json] {
            let notice = "lctrace: '\(file)': no record matched --subsystem com.example.other --category ui\n"
            let replay = try CLI.run(["replay", "--subsystem", "com.example.other", "--category", "ui", file])
            #expect(replay.status == 0)
            #expect(replay.stderr == notice, "\(replay.stderr)")
            let stats = try CLI.run(["stats", "--subsystem", "com.example.other", "--category", "ui", file])
            #expect(stats.stderr == notice, "\(stats.stderr)")
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-filter-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: dir) }
            let out = dir.appendingPathComponent("out.jsonl").path
            let convert = try CLI.run(
                ["convert", "--subsystem", "com.example.other", "--category", "ui", "--compression", "plain", "-o", out, file])
            #expect(convert.stderr.hasPrefix(notice) || convert.stderr.contains(notice), "\(convert.stderr)")
            let trace = dir.appendingPathComponent("t.json").path
            let timeline = try CLI.run(["timeline", "--subsystem", "com.example.other", "--category", "ui", "-o", trace, file])
            #expect(timeline.stderr.hasPrefix(notice), "\(timeline.stderr)")
            let matching = try CLI.run(["replay", "--subsystem", "com.example.uploader", file])
            #expect(!matching.stderr.contains("no record matched"), "\(matching.stderr)")
        }
        // A native log is not filtered: no notice.
        let native = try CLI.run(["replay", "--subsystem", "com.example.other", CLI.trace("killed-in-background")])
        #expect(!native.stderr.contains("no record matched"), "\(native.stderr)")
    }

    /// LC404 is a warning (SPEC §5): the default gate passes, `--fail-on warning` fails; every
    /// report format names it.
    @Test func recordsLostIsAWarningInEveryFormat() throws {
        let file = "traces/lc404-records-lost.ndjson.zst"
        let text = try CLI.run(["replay", file])
        #expect(text.status == 0, "\(text.stdout)")
        #expect(text.stdout.contains("\(file):9: warning: [LC404 records-lost] the log says records were lost here: 'lost 41"))
        #expect(try CLI.run(["replay", "--fail-on", "warning", file]).status == 1)
        for format in ["json", "jsonl", "sarif", "junit", "github", "html"] {
            let r = try CLI.run(["replay", "--format", format, file])
            #expect(r.status == 0)
            #expect(r.stdout.contains("LC404"), "\(format)")
        }
    }

    /// A native log cannot say records were lost: `convert` reports the LC404 on standard
    /// error, as it does a cut, writes the records and exits 1.
    @Test func convertReportsRecordsLost() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-lost-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out.jsonl").path
        let file = "traces/lc404-records-lost.ndjson.zst"
        let r = try CLI.run(["convert", "--compression", "plain", "-o", out, file])
        #expect(r.status == 1)
        #expect(r.stderr.contains("\(file):9: warning: [LC404 records-lost] the log says records were lost here: 'lost 41"), "\(r.stderr)")
        #expect(r.stderr.contains("wrote 12 records"), "\(r.stderr)")
    }

    @Test func badInputFormatIsAUsageError() throws {
        let r = try CLI.run(["replay", "--input-format", "logarchive", Self.json])
        #expect(r.status == 2)
    }

    @Test func convertWritesANativeLogWithTheSameFindings() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-convert-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("uploader.jsonl.zst").path
        let c = try CLI.run(["convert", Self.json, "--to", "native", "--output", out])
        #expect(c.status == 0, "\(c.stderr)")
        #expect(c.stderr.contains("wrote 11 records"), "\(c.stderr)")
        let zstdMagic = try Data(contentsOf: URL(fileURLWithPath: out)).prefix(4)
        #expect(Array(zstdMagic) == [0x28, 0xB5, 0x2F, 0xFD])
        let replayed = try CLI.run(["replay", "--input-format", "native", out])
        let export = try CLI.run(["replay", Self.json])
        #expect(Self.rules(replayed.stdout) == Self.rules(export.stdout))
        // Blank lines are dropped: the converted log names its own lines.
        #expect(replayed.stdout.contains("uploader.jsonl.zst:11: warning: [LC103"), "\(replayed.stdout)")

        let plain = try CLI.run(["convert", Self.ndjson, "--compression", "plain"])
        #expect(plain.status == 0)
        let lines = plain.stdout.split(separator: "\n")
        #expect(lines.count == 11)
        #expect(lines.first == #"{"t":"2026-11-20T10:00:00.000Z","ev":"meta","pid":201,"os":"17.4","app":"com.example.uploader","model":"uikit-app"}"#)
        #expect(lines.last == #"{"t":"2026-11-20T10:03:31.000Z","ev":"sys.kill","pid":201,"reason":"bgtask-timeout"}"#)
    }

    @Test func convertReportsUnreadableRecordsAndExitsOne() throws {
        let export =
            #"{"eventType":"logEvent","eventMessage":"app.didBecomeActive","timestamp":"2026-11-20 11:00:00.000000+0100","processID":7}"#
            + "\n" + #"{"eventType":"logEvent","eventMessage":"app.willResignActive","timestamp":"noon"}"# + "\n"
        let r = try CLI.run(["convert", "--compression", "plain", "-"], stdin: Data(export.utf8))
        #expect(r.status == 1)
        #expect(r.stdout == #"{"t":"2026-11-20T10:00:00.000Z","ev":"app.didBecomeActive","pid":7}"# + "\n")
        #expect(r.stderr.contains("<stdin>:2: error: [LC401 malformed-record] 'timestamp' must be a time like"), "\(r.stderr)")
        let missing = try CLI.run(["convert", "--compression", "plain", "missing.ndjson"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("Unable to read 'missing.ndjson': no such file or directory."))
    }
}
