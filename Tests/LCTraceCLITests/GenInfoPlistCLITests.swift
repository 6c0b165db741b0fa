import Foundation
import Testing

/// `lctrace gen --info-plist` end to end (SPEC §11): each app's Info.plist is written beside
/// the log with its own planted findings, and `lctrace replay LOG PLIST…` (or
/// `--info-plist PLIST`) reports exactly what the planted lists hold, LC311 included.
@Suite struct GenInfoPlistCLITests {
    /// The (rule, line) pairs of a `replay --format jsonl` report, per file.
    static func findings(_ report: String) throws -> [String: Set<String>] {
        var out: [String: Set<String>] = [:]
        for line in report.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard let rule = object["rule"] as? String, let file = object["file"] as? String, let n = object["line"] as? Int
            else { continue }
            out[file, default: []].insert("\(rule)@\(n)")
        }
        return out
    }

    /// A planted list as the same (rule, line) pairs.
    static func planted(_ path: String) throws -> Set<String> {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var out: Set<String> = []
        for line in text.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            out.insert("\(object["rule"] as? String ?? "?")@\(object["line"] as? Int ?? 0)")
        }
        return out
    }

    /// (gen arguments, the plists written beside `g.jsonl.zst`, whether they plant their own finding).
    static let cases: [([String], [String], Bool)] = [
        (["--model", "app", "--sdk", "27.0"], ["g.Info.plist"], true),
        (["--model", "app"], ["g.Info.plist"], true),
        (["--model", "scene", "--apps", "2", "--sdk", "26.2"], ["g.app1.Info.plist", "g.app2.Info.plist"], false),
        (["--model", "mixed", "--apps", "3", "--modes", "audio"], ["g.app1.Info.plist", "g.app2.Info.plist", "g.app3.Info.plist"], false),
    ]

    @Test(arguments: cases)
    func replayWithTheGeneratedPlistsReportsExactlyThePlantedFindings(
        arguments: [String], plists: [String], plantsItsOwn: Bool
    ) throws {
        let dir = try ReliabilityCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = dir.appendingPathComponent("g.jsonl.zst").path
        let gen = try CommandLineTests.run(
            ["gen", "--sessions", "60", "--seed", "38", "--os", "26.1", "--info-plist", "--faults", "LC311=0.4,LC300=0.1,LC308=0.1,LC310=0.1", "-o", log]
                + arguments)
        #expect(gen.status == 0, "\(gen.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(written == (["g.jsonl.zst", "g.planted.jsonl"] + plists + plists.map { $0 + ".planted.jsonl" }).sorted())
        let paths = plists.map { dir.appendingPathComponent($0).path }
        for (i, path) in paths.enumerated() {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
            #expect(plist["CFBundleIdentifier"] as? String == "com.example.app\(i + 1)")
            #expect((plist["UIApplicationSceneManifest"] != nil) == !plantsItsOwn)
            #expect((plist["BGTaskSchedulerPermittedIdentifiers"] as? [String])?.contains("com.example.backup") == false)
        }
        let logPlanted = try Self.planted(dir.appendingPathComponent("g.planted.jsonl").path)
        #expect(logPlanted.contains { $0.hasPrefix("LC311@") })
        for replay in [["replay", "--format", "jsonl", log] + paths, ["replay", "--format", "jsonl"] + paths.flatMap { ["--info-plist", $0] } + [log]] {
            let r = try CommandLineTests.run(replay)
            #expect(r.status == 1, "\(r.stderr)")
            let found = try Self.findings(r.stdout)
            #expect(found[log, default: []] == logPlanted, "\(replay)")
            for path in paths {
                let own = try Self.planted(path + ".planted.jsonl")
                #expect(own.count == (plantsItsOwn ? 1 : 0))
                #expect(found[path, default: []] == own, "\(path)")
            }
            #expect(Set(found.keys).isSubset(of: Set([log] + paths)))
        }
    }

    /// The plist is the same bytes on every run (keys sorted), and asking for it changes
    /// nothing in the log or its planted list when no LC311 rate is given.
    @Test func theLogIsTheSameWithOrWithoutThePlist() throws {
        let dir = try ReliabilityCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let base = ["gen", "--sessions", "40", "--model", "mixed", "--faults", "LC300=0.2,LC203=0.2", "--sdk", "27.0"]
        for name in ["a", "b"] {
            let r = try CommandLineTests.run(base + ["--info-plist", "-o", dir.appendingPathComponent("\(name).jsonl").path])
            #expect(r.status == 0, "\(r.stderr)")
        }
        let r = try CommandLineTests.run(base + ["-o", dir.appendingPathComponent("c.jsonl").path])
        #expect(r.status == 0, "\(r.stderr)")
        func bytes(_ name: String) throws -> Data { try Data(contentsOf: dir.appendingPathComponent(name)) }
        #expect(try bytes("a.Info.plist") == bytes("b.Info.plist"))
        #expect(try bytes("a.jsonl") == bytes("c.jsonl"))
        #expect(try bytes("a.planted.jsonl") == bytes("c.planted.jsonl"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("c.Info.plist").path))
    }

    /// (arguments, what standard error says): refused before anything is written.
    static let refused: [([String], String)] = [
        (["--faults", "LC311=0.5", "-o", "DIR/x.jsonl"], "LC311 (bgsched-not-permitted) is planted only with --info-plist"),
        (["--faults", "bgsched-not-permitted=0.5", "-o", "DIR/x.jsonl"], "is planted only with --info-plist"),
        (["--info-plist", "--compression", "plain"], "name the log with --output FILE"),
        (["--info-plist", "-o", "DIR/x.jsonl", "--planted", "DIR/x.Info.plist"], "the Info.plist 'DIR/x.Info.plist' is the --planted file"),
        (["--info-plist", "-o", "DIR/x.jsonl", "--planted", "DIR/x.Info.plist.planted.jsonl"], "is the --planted file"),
        (["--info-plist", "-o", "DIR/fifo"], "is not a regular file; each app's Info.plist is written beside the log"),
    ]

    @Test(arguments: refused)
    func badInputIsRefusedAndNothingIsWritten(arguments: [String], message: String) throws {
        let dir = try ReliabilityCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(mkfifo(dir.appendingPathComponent("fifo").path, 0o644) == 0)
        let r = try CommandLineTests.run(["gen", "--sessions", "3"] + arguments.map { $0.replacingOccurrences(of: "DIR", with: dir.path) })
        #expect(r.status != 0)
        #expect(r.stderr.contains(message.replacingOccurrences(of: "DIR", with: dir.path)), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["fifo"])
    }
}
