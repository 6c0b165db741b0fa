import ArgumentParser
import LCTracePlatform
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
            checked against it. With --info-plist, each app's Info.plist is written beside the \
            log too (NAME.Info.plist; NAME.app2.Info.plist, … with several apps), with its own \
            planted findings (NAME.Info.plist.planted.jsonl): `lctrace replay NAME.jsonl.zst \
            NAME.Info.plist` reports exactly what the two lists hold, LC311 included \
            (--faults LC311=RATE).
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
    @Option(
        help:
            "The SDK written in meta records (meta.sdk, e.g. 27.0): each app's first app-delegate activation callback is then a planted LC105 (27 or later) or LC106."
    ) var sdk: String?
    @Flag(
        name: .customLong("info-plist"),
        help:
            "Also write each app's Info.plist beside --output (NAME.Info.plist; NAME.appN.Info.plist with several apps) and the planted findings of the log and of each plist; makes LC311 plantable (--faults LC311=RATE)."
    ) var infoPlist = false
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
        if let faults, let rates = GeneratorOptions.parseFaults(faults), !infoPlist,
            let rule = GeneratorOptions.plistRules.first(where: { rates[$0] != nil })
        {
            throw ValidationError(
                "--faults: \(rule.id) (\(rule.name)) is planted only with --info-plist, which writes the Info.plist it needs")
        }
        if infoPlist && output == nil {
            throw ValidationError("--info-plist writes each app's Info.plist beside the log: name the log with --output FILE")
        }
        if output == nil && compression == .zstd && isatty(1) != 0 {
            throw ValidationError("refusing to write zstd to a terminal: use --output FILE or --compression plain")
        }
    }

    func run() throws {
        var options = GeneratorOptions(
            seed: seed, records: records, sessions: sessions, model: model, os: os,
            modes: modes.map { $0.split(separator: ",").map(String.init) } ?? [],
            timeFormat: time, pids: !noPids, faults: faults.flatMap(GeneratorOptions.parseFaults) ?? [:],
            apps: apps, aliases: aliases)
        options.sdk = sdk
        options.infoPlist = infoPlist
        let generator = LogGenerator(options: options)
        if infoPlist { try Self.requireRegularFile(output) }
        let plantedPath = planted ?? Self.sidecar(beside: output, faults: !options.faults.isEmpty || infoPlist)
        let writesPlanted = plantedPath != nil && (!options.faults.isEmpty || planted != nil || infoPlist)
        if writesPlanted, let plantedPath, let output, OutputTarget.sameDestination(plantedPath, output) {
            throw ValidationError("--planted \(PrintableText.quoted(plantedPath)) is the --output file")
        }
        let plists = try infoPlist ? Self.plistFiles(options, beside: output, planted: writesPlanted ? plantedPath : nil) : []

        // A file is written to a temporary file and renamed at the end, so that an
        // interrupted run leaves nothing behind.
        let target = try OutputTarget.open(output)
        let sidecar = writesPlanted ? try OutputTarget.open(plantedPath, option: "--planted") : nil
        var companions: [(target: OutputTarget, bytes: [UInt8])] = []
        for file in plists {
            companions.append((try OutputTarget.open(file.path, option: "--info-plist"), file.plist))
            companions.append((try OutputTarget.open(file.plantedPath, option: "--info-plist"), file.planted))
        }
        var plantedFindings: [PlantedFinding] = []
        do {
            if compression == .zstd {
                let writer = ZstdFrameWriter(frameSize: frameSize) { target.write($0) }
                try generator.generate(
                    to: { bytes in
                        try writer.write(bytes)
                        try target.checkWritable()
                    }, planted: { plantedFindings.append($0) })
                try writer.finish()
            } else {
                try generator.generate(
                    to: { bytes in
                        target.write(bytes)
                        try target.checkWritable()
                    }, planted: { plantedFindings.append($0) })
            }
        } catch is OutputTarget.Stopped {
            // The reader went away (quiet) or a write failed (reported by close()).
        } catch {
            target.abandon()
            sidecar?.abandon()
            for c in companions { c.target.abandon() }
            StandardError.write("Unable to write \(PrintableText.quoted(output ?? OutputTarget.standardOutputName)): \(error).\n")
            throw ExitCode(2)
        }
        // Every file is written out before any replaces what was there: a planted list or a
        // plist that cannot be written leaves the old log too (issue 22).
        if let sidecar, target.isWritable {
            sidecar.write(PlantedFinding.jsonLines(plantedFindings.sorted()))
        }
        if target.isWritable {
            for c in companions { c.bytes.withUnsafeBytes { c.target.write($0) } }
            do {
                try sidecar?.prepare()
                for c in companions { try c.target.prepare() }
            } catch {
                target.abandon()
                sidecar?.abandon()
                for c in companions { c.target.abandon() }
                StandardError.write(error.message + "\n")
                throw ExitCode(2)
            }
        }
        do {
            try target.close()
        } catch {
            sidecar?.abandon()
            for c in companions { c.target.abandon() }
            throw error
        }
        try sidecar?.close()
        for c in companions { try c.target.close() }
    }

    /// One app's Info.plist as `--info-plist` writes it: where, its XML, and its planted
    /// findings and where they go.
    struct PlistFile {
        var path: String
        var plist: [UInt8]
        var plantedPath: String
        var planted: [UInt8]
    }

    /// `--info-plist` writes beside `--output`, which must be a regular file (or nothing yet,
    /// or a link to one): beside a FIFO or a device a plist would be a stray file.
    ///
    /// - Throws: `ValidationError` otherwise.
    static func requireRegularFile(_ output: String?) throws {
        guard let output, case .success(.replace) = OutputPlacement.resolve(output) else {
            throw ValidationError(
                "--info-plist: --output \(PrintableText.quoted(output ?? OutputTarget.standardOutputName)) is not a regular file; each app's Info.plist is written beside the log"
            )
        }
    }

    /// The Info.plists of `--info-plist` (``GeneratedInfoPlist``), beside `output`; each path
    /// is checked against the log's and the planted list's.
    ///
    /// - Throws: `ValidationError` when a plist or its planted list would be written over
    ///   another output.
    static func plistFiles(_ options: GeneratorOptions, beside output: String?, planted: String?) throws -> [PlistFile] {
        guard let output else { return [] }
        let plists = GeneratedInfoPlist.plists(for: options)
        var files: [PlistFile] = []
        for (i, plist) in plists.enumerated() {
            let path = GeneratedInfoPlist.path(forLog: output, app: i, of: plists.count)
            let plantedPath = PlantedFinding.sidecarPath(forLog: path)
            for (new, option) in [(path, "the Info.plist"), (plantedPath, "the Info.plist's planted findings")] {
                for (old, name) in [(output, "--output"), (planted, "--planted")] {
                    guard let old, OutputTarget.sameDestination(new, old) else { continue }
                    throw ValidationError("--info-plist: \(option) \(PrintableText.quoted(new)) is the \(name) file")
                }
            }
            files.append(
                PlistFile(
                    path: path, plist: Array(try plist.xml()), plantedPath: plantedPath,
                    planted: Array(PlantedFinding.jsonLines(plist.planted).utf8)))
        }
        return files
    }

    /// Where the planted findings go when `--planted` is not given: beside `--output`
    /// (`NAME.planted.jsonl`) when it names a regular file (or nothing yet, or a link to
    /// one). Beside a FIFO or a device (`/dev/…`) nothing is written: a file created there
    /// would be a stray file in `/dev` or beside a pipe; a notice names `--planted`.
    static func sidecar(beside output: String?, faults: Bool) -> String? {
        guard let output, faults else { return nil }
        guard case .success(let placement) = OutputPlacement.resolve(output) else { return nil }
        if case .replace = placement { return PlantedFinding.sidecarPath(forLog: output) }
        StandardError.write(
            "lctrace: planted findings not written: --output \(PrintableText.quoted(output)) is not a regular file; name one with --planted FILE\n"
        )
        return nil
    }
}
