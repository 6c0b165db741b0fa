import ArgumentParser
import LCTraceAppleFormats
import LCTraceCore
import LCTraceIngest
import LCTraceReport

extension LogInputFormat: ExpressibleByArgument {}

/// How inputs are read: lctrace's native logs, Apple unified-log exports (docs/INSTRUMENTING.md)
/// or system-log transcripts (docs/SYSTEM-LOGS.md). The one option group of every command that
/// reads logs (`replay`, `audit`, `baseline`, `convert`, `stats`, `timeline`).
struct InputOptions: ParsableArguments {
    @Option(
        name: .customLong("input-format"),
        help:
            "native, oslog (a unified-log export: 'log show --style ndjson' or '--style json'), syslog (an iOS system-log transcript: Xcode console, Console.app copy, idevicesyslog; docs/SYSTEM-LOGS.md), or auto (by content, per file)."
    )
    var inputFormat: LogInputFormat = .auto

    @Option(name: .customLong("subsystem"), help: "Unified-log exports: read only records of this subsystem (repeatable).")
    var subsystems: [String] = []

    @Option(name: .customLong("category"), help: "Unified-log exports: read only records of this category (repeatable).")
    var categories: [String] = []

    @Option(name: .customLong("date"), help: "System-log transcripts: the date (YYYY-MM-DD) of lines that give only a time of day or no year.")
    var date: String?

    @Option(name: .customLong("app"), help: "System-log transcripts: the app to follow, by bundle id or process name (needed when several apps are named).")
    var app: String?

    @Option(
        name: .customLong("max-decompressed"),
        help: ArgumentHelp(
            "The most decompressed bytes read from one zstd file, against decompression bombs (K, M, G, T suffixes; 0 or none: no limit).",
            valueName: "bytes"))
    var maxDecompressed: String = "64G"

    func validate() throws {
        _ = try ingestLimits()
    }

    /// The reader's limits (`--max-decompressed`).
    func ingestLimits() throws -> IngestLimits {
        guard let limit = IngestLimits.parseByteCount(maxDecompressed) else {
            throw ValidationError("--max-decompressed needs a byte count such as 64G or 500M, got '\(maxDecompressed)'")
        }
        return IngestLimits(maximumDecompressedBytes: limit)
    }

    /// How every input is opened (``LogOpener``): the one value built from these options.
    func readOptions() throws -> ReadOptions {
        ReadOptions(inputFormat: inputFormat, filter: filter, limits: try ingestLimits())
    }

    /// The line standard error gets for a unified-log export in which the `--subsystem` and
    /// `--category` options matched no entry: `lctrace: 'FILE': no record matched --subsystem X`.
    func filterNotice(_ file: String) -> String {
        let options = subsystems.map { "--subsystem " + $0 } + categories.map { "--category " + $0 }
        let given = ReportText.printable(options.joined(separator: " "))
        return "lctrace: \(PrintableText.quoted(file)): no record matched \(given)\n"
    }

    /// The export records to read, and how transcripts are read.
    var filter: UnifiedLogFilter {
        var filter = UnifiedLogFilter(subsystems: subsystems, categories: categories)
        filter.syslog = SyslogOptions(date: date, app: app)
        return filter
    }
}
