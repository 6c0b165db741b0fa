import Foundation
import ArgumentParser
import LCTraceAppleFormats
import LCTraceCore
import LCTracePipeline
import LCTraceReport

/// `--metrickit FILE|DIR` (repeatable): MetricKit payloads read with the logs (SPEC §8,
/// docs/METRICKIT.md).
struct MetricKitOptions: ParsableArguments {
    @Option(
        name: .customLong("metrickit"),
        help: ArgumentHelp(
            "A MetricKit payload file (MXDiagnosticPayload, MXMetricPayload, a single diagnostic, or a JSON array of them), or a directory of .json files (repeatable).",
            valueName: "file|dir"))
    var paths: [String] = []

    /// With `--metrickit` the logs are replayed twice (the join comes after a first replay):
    /// standard input (`-`) cannot be, so it is a usage error rather than a second replay of
    /// nothing.
    func validate(inputs: [String]) throws {
        if !paths.isEmpty && inputs.contains("-") {
            throw ValidationError("--metrickit needs the logs as files: they are replayed twice, standard input cannot be")
        }
    }

    /// The files `--metrickit` reads (each named file, and the `.json` files of a named
    /// directory), for the check that no output is one of them (SPEC §6).
    var readFiles: [String] {
        paths.flatMap { path in (try? MetricKitFile.paths([path])) ?? [path] }
    }

    /// The files, read; `nil` without `--metrickit`. A file that cannot be read or is not
    /// MetricKit is a usage error (exit 2) naming the file and the key path. A file named
    /// twice (`--metrickit mk --metrickit mk/a.json`, a link) is read once, said on standard
    /// error: counted twice, every counter would double.
    func load() throws -> [MetricKitFile]? {
        guard !paths.isEmpty else { return nil }
        do {
            for path in paths {
                var folder: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &folder), folder.boolValue {
                    let n = try MetricKitFile.paths([path]).count
                    StandardError.write(
                        "lctrace: --metrickit \(PrintableText.quoted(path)): \(n) .json \(n == 1 ? "file" : "files") read (its folders included)\n")
                }
            }
            let (unique, repeats) = Self.once(try MetricKitFile.paths(paths))
            for (again, first, how) in repeats {
                StandardError.write(
                    "lctrace: --metrickit: \(PrintableText.quoted(again)) is \(PrintableText.quoted(first)) again (\(how)): read once\n")
            }
            return try unique.map { path throws(MetricKitError) in try MetricKitFile.read(path: path) }
        } catch {
            StandardError.write("lctrace: --metrickit: \(error)\n")
            throw ExitCode(2)
        }
    }
}

extension MetricKitOptions {
    /// `paths` with each file once, by device and inode (``FileIdentity``), then by content (the
    /// same payload saved twice: SPEC §8, "counted once, with a notice"), in first-named order;
    /// and each name left out, with the name it repeats and how.
    static func once(_ paths: [String]) -> (paths: [String], repeats: [(again: String, first: String, how: String)]) {
        var seen: [FileIdentity: String] = [:]
        var contents: [Data: String] = [:]
        var unique: [String] = []
        var repeats: [(again: String, first: String, how: String)] = []
        for path in paths {
            if let identity = FileIdentity(path: path) {
                if let first = seen[identity] {
                    repeats.append((path, first, "the same file"))
                    continue
                }
                seen[identity] = path
            }
            if let data = FileManager.default.contents(atPath: path) {
                if let first = contents[data] {
                    repeats.append((path, first, "the same content"))
                    continue
                }
                contents[data] = path
            }
            unique.append(path)
        }
        return (unique, repeats)
    }

    /// With `--metrickit`, its files, read, for the replay that joins them with the rest of
    /// the evidence (``RunReport/replaying(_:configuration:reading:collectTimeline:onUnreadable:crashReports:metricKit:countsMetricKitPayloads:onUnmatched:recent:infoPlists:)``);
    /// `nil` without it. A file that cannot be read is exit 2, the output left untouched.
    func loaded(abandoning target: OutputTarget) throws -> [MetricKitFile]? {
        do {
            return try load()
        } catch {
            target.abandon()
            throw error
        }
    }
}
