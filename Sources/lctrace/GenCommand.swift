import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LCTraceCore
import LCTraceGen
import LCTraceIngest
import LCTraceReport

extension GeneratorOptions.Model: ExpressibleByArgument {}
extension GeneratorOptions.TimeFormat: ExpressibleByArgument {}

/// `lctrace gen`: deterministic synthetic lifecycle logs for tests and benchmarks.
struct GenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gen",
        abstract: "Generate a deterministic synthetic lifecycle log, with planted faults.",
        discussion: """
            The same options always give the same bytes. With --faults, every planted finding \
            (rule and line) is written beside the log (NAME.planted.jsonl), so a replay can be \
            checked against it.
            """
    )

    @Option(help: "The seed.") var seed: UInt64 = 1
    @Option(help: "Stop after this many records (lines).") var records: Int?
    @Option(help: "Stop after this many sessions.") var sessions: Int?
    @Option(help: "app, scene or mixed.") var model: GeneratorOptions.Model = .app
    @Option(help: "OS version written in meta records.") var os: String = "17.4"
    @Option(help: "Declared background modes, comma separated (e.g. audio,location).") var modes: String?
    @Option(help: "numeric or rfc3339.") var time: GeneratorOptions.TimeFormat = .numeric
    @Flag(name: .customLong("no-pids"), help: "Write one process stream without pids.") var noPids = false
    @Option(help: "Fault rates per session, e.g. LC300=0.1,bgtask-overrun=0.05.") var faults: String?
    @Option(help: "Distinct apps interleaved.") var apps: Int = 1
    @Flag(help: "Sometimes use UIKit selector and Xamarin names.") var aliases = false
    @Option(help: "zstd (multi-frame) or plain.") var compression: Compression = .zstd
    @Option(name: .customLong("frame-size"), help: "Decompressed bytes per zstd frame.") var frameSize: Int = 4 << 20
    @Option(name: .shortAndLong, help: "Write the log here (default: standard output).") var output: String?
    @Option(help: "Write the planted findings here (default: beside --output as NAME.planted.jsonl).") var planted: String?

    enum Compression: String, ExpressibleByArgument, CaseIterable { case zstd, plain }

    func validate() throws {
        if let records, records < 1 { throw ValidationError("--records must be at least 1") }
        if let sessions, sessions < 1 { throw ValidationError("--sessions must be at least 1") }
        if apps < 1 { throw ValidationError("--apps must be at least 1") }
        if frameSize < 1 { throw ValidationError("--frame-size must be at least 1") }
        if let faults, GeneratorOptions.parseFaults(faults) == nil {
            throw ValidationError("--faults: expected RULE=RATE,… with rates from 0 to 1, got '\(faults)'")
        }
        if output == nil && compression == .zstd && isatty(1) != 0 {
            throw ValidationError("refusing to write zstd to a terminal: use --output FILE or --compression plain")
        }
    }

    func run() throws {
        let options = GeneratorOptions(
            seed: seed, records: records, sessions: sessions, model: model, os: os,
            modes: modes.map { $0.split(separator: ",").map(String.init) } ?? [],
            timeFormat: time, pids: !noPids, faults: faults.flatMap(GeneratorOptions.parseFaults) ?? [:],
            apps: apps, aliases: aliases)
        let generator = LogGenerator(options: options)

        // Written to a temporary file and renamed at the end, so that an interrupted run
        // leaves nothing behind.
        let target: AtomicOutputFile?
        do {
            target = try output.map { path throws(OutputFileError) in try AtomicOutputFile(path: path) }
        } catch {
            StandardError.write(error.message + "\n")
            throw ExitCode(2)
        }
        let fd: Int32 = target?.fileDescriptor ?? 1
        var plantedFindings: [PlantedFinding] = []
        do {
            if compression == .zstd {
                let writer = ZstdFrameWriter(fd: fd, frameSize: frameSize)
                try generator.generate(to: { bytes in try writer.write(bytes) }, planted: { plantedFindings.append($0) })
                try writer.finish()
            } else if let target {
                try generator.generate(to: { bytes in try target.write(bytes) }, planted: { plantedFindings.append($0) })
            } else {
                generator.generate(to: { bytes in FileDescriptorWriter.write(bytes, to: 1) }, planted: { plantedFindings.append($0) })
            }
            try target?.commit()
        } catch {
            target?.abandon()
            StandardError.write("Unable to write '\(output ?? "-")': \(error).\n")
            throw ExitCode(2)
        }
        let plantedPath = planted ?? output.map(PlantedFinding.sidecarPath(forLog:))
        if let plantedPath, !options.faults.isEmpty || planted != nil {
            do {
                try OutputFile.write(PlantedFinding.jsonLines(plantedFindings.sorted()), toPath: plantedPath)
            } catch {
                StandardError.write("\(error)\n")
                throw ExitCode(2)
            }
        }
    }
}
