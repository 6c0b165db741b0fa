import ArgumentParser
import LCTraceIngest

extension LogInputFormat: ExpressibleByArgument {}

/// How inputs are read: lctrace's native logs or Apple unified-log exports (docs/INSTRUMENTING.md).
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

    /// The export records to read, and how transcripts are read.
    var filter: UnifiedLogFilter {
        var filter = UnifiedLogFilter(subsystems: subsystems, categories: categories)
        filter.syslog = SyslogOptions(date: date, app: app)
        return filter
    }
}
