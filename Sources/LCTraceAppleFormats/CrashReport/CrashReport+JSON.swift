import Foundation
import LCTraceCore

extension CrashReport {
    /// Parses the JSON form: a one-line JSON header (`bug_type`, `timestamp`, `bundleID`,
    /// `app_name`, …), then the JSON body (`pid`, `procName`, `captureTime`, `bundleInfo`,
    /// `exception` {`type`, `signal`}, `termination` {`code`, `namespace`, `indicator`,
    /// `reasons`}). A file holding one JSON object is read as a body.
    ///
    /// - Throws: ``CrashReportError`` naming the line or key that is not as expected.
    static func parseJSON(_ text: String, path: String) throws(CrashReportError) -> CrashReport {
        let newline = text.firstIndex(of: "\n") ?? text.endIndex
        let headerText = text[..<newline]
        let bodyText = text[newline...]
        guard let header = object(headerText) else {
            if object(Substring(text)) == nil {
                throw CrashReportError(path: path, message: "line 1: expected the JSON header object of an .ips report")
            }
            return try report(header: [:], body: object(Substring(text)) ?? [:], path: path)
        }
        if bodyText.allSatisfy(\.isWhitespace) { return try report(header: header, body: header, path: path) }
        guard let body = object(bodyText) else {
            throw CrashReportError(path: path, message: "line 2: expected the JSON body object of an .ips report")
        }
        return try report(header: header, body: body, path: path)
    }

    /// A JSON object, or `nil`.
    static func object(_ text: Substring) -> [String: Any]? {
        guard let data = text.data(using: .utf8),
            let value = try? JSONSerialization.jsonObject(with: data, options: [])
        else { return nil }
        return value as? [String: Any]
    }

    /// The report a header and a body describe.
    private static func report(header: [String: Any], body: [String: Any], path: String) throws(CrashReportError)
        -> CrashReport
    {
        if let bugType = string(header["bug_type"]) ?? string(body["bug_type"]), bugType == "298" {
            throw CrashReportError(
                path: path,
                message: "a JetsamEvent report (bug_type 298) names several processes: read it with 'parseAll'")
        }
        guard let pid = integer(body["pid"]) else {
            throw CrashReportError(path: path, message: "expected 'pid' (an integer) in the report body")
        }
        let timeText = string(body["captureTime"]) ?? string(header["timestamp"])
        guard let timeText else {
            throw CrashReportError(
                path: path, message: "expected 'captureTime' or 'timestamp' (\(CrashReportTime.example))")
        }
        guard let time = CrashReportTime.parse(Substring(timeText)) else {
            throw CrashReportError(
                path: path, message: "expected 'captureTime' as \(CrashReportTime.example), found '\(timeText)'")
        }
        let bundleInfo = body["bundleInfo"] as? [String: Any]
        let bundle =
            string(header["bundleID"]) ?? string(header["bundleIdentifier"]) ?? string(body["bundleID"])
            ?? string(bundleInfo?["CFBundleIdentifier"])
        let process = string(body["procName"]) ?? string(header["app_name"]) ?? string(header["name"])
        var reason = CrashReportReason()
        if let termination = body["termination"] as? [String: Any] {
            reason.namespace = string(termination["namespace"])?.uppercased()
            if let number = termination["code"] {
                reason.code = unsigned(number) ?? string(number).flatMap { CrashReportReason.code(Substring($0)) }
            }
            reason.text = [string(termination["indicator"]), string(termination["details"])]
                .compactMap { $0 }.joined(separator: " ")
            for item in termination["reasons"] as? [Any] ?? [] {
                if let text = string(item) { reason.text += " " + text }
            }
        }
        if let exception = body["exception"] as? [String: Any] {
            reason.exception = [string(exception["type"]), string(exception["signal"]).map { "(\($0))" }]
                .compactMap { $0 }.joined(separator: " ")
        }
        guard let (why, summary) = reason.resolved else {
            throw CrashReportError(path: path, message: "expected 'termination' or 'exception' in the report body")
        }
        var report = CrashReport(
            path: path, pid: pid, process: process, bundle: bundle, time: time, reason: why, summary: summary)
        report.watchdog = reason.watchdog
        return report
    }

    /// A JSON string value.
    static func string(_ value: Any?) -> String? {
        if let text = value as? String { return text }
        if let number = value as? NSNumber, !(value is Bool) { return number.stringValue }
        return nil
    }

    /// A JSON integer value.
    static func integer(_ value: Any?) -> Int64? {
        guard let number = value as? NSNumber, !(value is String) else { return nil }
        let double = number.doubleValue
        guard double == double.rounded(), abs(double) < 9e15 else { return nil }
        return number.int64Value
    }

    /// A JSON non-negative integer value.
    private static func unsigned(_ value: Any?) -> UInt64? {
        guard let number = value as? NSNumber, !(value is String) else { return nil }
        let double = number.doubleValue
        guard double >= 0, double == double.rounded(), double < 1.8e19 else { return nil }
        return number.uint64Value
    }
}
