import ArgumentParser

/// The outside evidence a replay joins (docs/SYSTEM-LOGS.md): shared by `replay` and `why`,
/// so an evidence option added here reaches both.
struct EvidenceOptions: ParsableArguments {
    @Option(
        name: .customLong("crash-report"),
        help: ArgumentHelp(
            "A crash report (.ips, JSON or text) or JetsamEvent report of the logged run: its termination "
                + "reason ends the session of its pid live at its time (repeatable; docs/SYSTEM-LOGS.md).",
            valueName: "file"))
    var crashReports: [String] = []

    @Option(
        name: .customLong("system-log"),
        help: ArgumentHelp(
            "A system log (transcript or unified-log export) of the same run as the logs: its kills end their "
                + "sessions and a finding both give is reported once (repeatable; docs/SYSTEM-LOGS.md).",
            valueName: "file"))
    var systemLogs: [String] = []

    /// `--metrickit FILE|DIR`: crash diagnostics that join a session end it (docs/METRICKIT.md).
    @OptionGroup var metrickit: MetricKitOptions

    /// Every file the evidence options read (crash reports, system logs, MetricKit files), for
    /// the check that no output is one of them (SPEC §6).
    var readFiles: [String] { crashReports + systemLogs + metrickit.readFiles }

    /// A system log is read twice: standard input cannot be.
    func validate() throws {
        if systemLogs.contains("-") {
            throw ValidationError("--system-log needs a file: it is read twice, standard input cannot be")
        }
    }

    /// With outside evidence the logs are replayed twice (the one join comes after a first
    /// replay, SPEC §8): standard input (`-`) cannot be, so it is a usage error rather than a
    /// join against nothing.
    func validate(inputs: [String]) throws {
        try metrickit.validate(inputs: inputs)
        if (!crashReports.isEmpty || !systemLogs.isEmpty) && inputs.contains("-") {
            throw ValidationError(
                "--crash-report and --system-log need the logs as files: they are replayed twice, standard input cannot be")
        }
    }
}
