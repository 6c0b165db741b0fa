import LCTraceCore

extension CrashReport {
    /// Parses the text form: `Process: App [432]`, `Identifier: com.example.App`,
    /// `Date/Time: 2019-10-30 10:37:41.5986 +0800`, `Termination Reason: FRONTBOARD 0x8badf00d`
    /// (or `Namespace SPRINGBOARD, Code 0x8badf00d`, or a decimal code), `Termination
    /// Description:`, `Exception Type: EXC_CRASH (SIGKILL)`. A `> ` quote prefix is ignored.
    ///
    /// - Throws: ``CrashReportError`` naming the first required field missing or malformed.
    static func parseText(_ text: String, path: String) throws(CrashReportError) -> CrashReport {
        var pid: Int64?
        var process: String?
        var bundle: String?
        var time: Timestamp?
        var reason = CrashReportReason()
        var sawProcess = false
        var extras = TextExtras()
        // A CRLF is one Character, `\r\n`: it ends a line as `\n` does.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, raw) in lines.enumerated() {
            var line = raw.drop { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" }
            while line.first == ">" { line = line.dropFirst().drop { $0 == " " } }
            if line.last == "\r" { line = line.dropLast() }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon]
            let value = CrashReportReason.trimmed(line[line.index(after: colon)...], of: " \t")
            switch key {
            case "Process":
                sawProcess = true
                guard let open = value.lastIndex(of: "["), value.last == "]",
                    let number = Int64(value[value.index(after: open)..<value.index(before: value.endIndex)])
                else {
                    throw CrashReportError(
                        path: path, message: "line \(index + 1): expected 'Process: NAME [PID]', found '\(line)'")
                }
                pid = number
                process = String(CrashReportReason.trimmed(value[..<open], of: " "))
            case "Identifier":
                if bundle == nil { bundle = String(value) }
            case "Path": if extras.path == nil { extras.path = String(value) }
            case "Version": if extras.version == nil { extras.version = String(value) }
            case "OS Version": if extras.os == nil { extras.os = osNumber(String(value)) }
            case "Role": if extras.role == nil { extras.role = String(value) }
            case "Incident Identifier": if extras.incident == nil { extras.incident = String(value) }
            case "Triggered by Thread", "Highlighted Thread":
                if extras.singled == nil {
                    extras.singled = Int(value.prefix { $0.isNumber })
                    extras.highlighted = key == "Highlighted Thread"
                }
            case "Date/Time":
                guard let parsed = CrashReportTime.parse(value) else {
                    throw CrashReportError(
                        path: path,
                        message: "line \(index + 1): expected 'Date/Time: \(CrashReportTime.example.dropFirst()), "
                            + "found '\(value)'")
                }
                time = parsed
            case "Termination Reason":
                readTermination(value, into: &reason)
            case "Termination Description":
                reason.text += " " + value
            case "Exception Type":
                if reason.exception == nil { reason.exception = String(value) }
            case "ProcessVisibility", "ProcessState", "WatchdogEvent", "WatchdogVisibility":
                // The lines after an `<RBSTerminateContext|` one (SPEC §8 "Termination texts").
                reason.text += " " + line
            default:
                if line.hasPrefix("<RBSTerminateContext") { reason.text += " " + line }
            }
        }
        guard sawProcess, let pid else {
            throw CrashReportError(
                path: path,
                message:
                    "not a crash report: expected an .ips JSON header line, or a text report with 'Process: NAME [PID]'"
            )
        }
        guard let time else {
            throw CrashReportError(path: path, message: "expected 'Date/Time: \(CrashReportTime.example.dropFirst())")
        }
        var report = try reason.report(
            path: path, pid: pid, process: process, bundle: bundle, time: time,
            expected: "expected 'Termination Reason:' or 'Exception Type:'")
        report.version = extras.version
        report.os = extras.os
        report.role = extras.role
        report.incident = extras.incident
        report.executablePath = extras.path
        report.readTerminationState(reason.text)
        report.readTextThreads(lines, singled: extras.singled, highlighted: extras.highlighted, isWatchdog: report.isWatchdog)
        return report
    }

    /// The header fields of a text report that only a report alone needs (SPEC §10).
    private struct TextExtras {
        var path: String?
        var version: String?
        var os: String?
        var role: String?
        var incident: String?
        var singled: Int?
        /// That thread is `Highlighted Thread:` (not crashed).
        var highlighted = false
    }

    /// Reads `FRONTBOARD 0x8badf00d`, `Namespace SPRINGBOARD, Code 0x8badf00d`,
    /// `FRONTBOARD 2343432205` or `CAROUSEL, Background App Refresh watchdog transgression. …`.
    static func readTermination(_ value: Substring, into reason: inout CrashReportReason) {
        var words = value.split(separator: " ", omittingEmptySubsequences: true)[...]
        if words.first == "Namespace" { words = words.dropFirst() }
        guard let first = words.first else { return }
        reason.namespace = String(CrashReportReason.trimmed(first, of: ",")).uppercased()
        words = words.dropFirst()
        if words.first == "Code" { words = words.dropFirst() }
        if let next = words.first, let code = CrashReportReason.code(next) {
            reason.code = code
        }
        reason.text += " " + value
    }
}
