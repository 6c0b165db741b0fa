import LCTraceCore
import LCTraceIngest

extension CrashReport {
    /// The deepest nesting read (real reports nest a few levels; thread backtraces a few more).
    static let maximumDepth = 512

    /// Where the JSON form of a report begins: at its first `{` after blank space and a byte
    /// order mark, or `nil` when the text does not begin with `{` (the text form, or no report).
    static func jsonStart(_ text: String) -> String.Index? {
        let start = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{FEFF}" }
        return start.first == "{" ? start.startIndex : nil
    }

    /// Parses the JSON form: a one-line JSON header (`bug_type`, `timestamp`, `bundleID`,
    /// `app_name`, …), then the JSON body (`pid`, `procName`, `captureTime`, `bundleInfo`,
    /// `exception` {`type`, `signal`}, `termination` {`code`, `namespace`, `indicator`,
    /// `reasons`}). A file holding one JSON object is read as a body.
    ///
    /// - Throws: ``CrashReportError`` naming the line or key that is not as expected.
    static func parseJSON(_ text: String, from start: String.Index, path: String) throws(CrashReportError) -> CrashReport {
        let (header, body) = try jsonObjects(text, from: start, path: path)
        return try report(header: header, body: body, path: path)
    }

    /// The header and body objects of the JSON form that begins at `start`: the first line and
    /// the rest; the first line as both when nothing follows it; an empty header and the whole
    /// text as the body when the first line is not JSON but the whole text is one object.
    ///
    /// - Throws: ``CrashReportError`` naming the line, column and byte where the JSON breaks.
    static func jsonObjects(_ text: String, from start: String.Index, path: String) throws(CrashReportError)
        -> (header: JSONNode, body: JSONNode)
    {
        let bytes = Array(text.utf8)
        let utf8 = text.utf8
        let first = utf8.distance(from: utf8.startIndex, to: start)
        // The line ends at its `\n` byte: as a Character, a CRLF is one `\r\n`, never `\n`.
        let newlineIndex = utf8[start...].firstIndex(of: 0x0A) ?? utf8.endIndex
        let newline = utf8.distance(from: utf8.startIndex, to: newlineIndex)
        switch object(bytes, first..<newline) {
        case .success(let header):
            if text[newlineIndex...].allSatisfy(\.isWhitespace) { return (header, header) }
            switch object(bytes, newline..<bytes.count) {
            case .success(let body): return (header, body)
            case .failure(let failure):
                throw CrashReportError(path: path, message: notJSON(failure, bytes, line: 2, expected: "the JSON body object"))
            }
        case .failure(let headerFailure):
            switch object(bytes, first..<bytes.count) {
            case .success(let whole): return (.object([]), whole)
            case .failure(let wholeFailure):
                // The one that read further: a multi-line object breaks past the first line.
                let further = (wholeFailure.offset ?? 0) > (headerFailure.offset ?? 0) ? wholeFailure : headerFailure
                throw CrashReportError(path: path, message: notJSON(further, bytes, line: 1, expected: "the JSON header object"))
            }
        }
    }

    /// `not JSON: expected … at line 3, column 9 (byte 41): expected the JSON body object of an
    /// .ips report`, or `line 2: expected …` for JSON of another kind than an object.
    private static func notJSON(_ failure: ScanFailure, _ bytes: [UInt8], line: Int, expected: String) -> String {
        guard failure.offset != nil else { return "line \(line): expected \(expected) of an .ips report" }
        return "not JSON: \(failure.located(in: bytes)): expected \(expected) of an .ips report"
    }

    /// The JSON object in `bytes[range]`, or why it is not one: a failure at an offset into
    /// `bytes`, or one without an offset for JSON of another kind.
    private static func object(_ bytes: [UInt8], _ range: Range<Int>) -> Result<JSONNode, ScanFailure> {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return .failure(ScanFailure("expected an object")) }
            do throws(ScanFailure) {
                let value = try JSONLexer.document(base + range.lowerBound, range.count, maximumDepth: maximumDepth)
                return value.members == nil ? .failure(ScanFailure("expected an object")) : .success(value)
            } catch {
                guard let offset = error.offset else { return .failure(error) }
                return .failure(ScanFailure(error.expected, at: range.lowerBound + offset))
            }
        }
    }

    /// The report a header and a body describe.
    private static func report(header: JSONNode, body: JSONNode, path: String) throws(CrashReportError)
        -> CrashReport
    {
        if let bugType = string(header["bug_type"]) ?? string(body["bug_type"]), bugType == "298" {
            throw CrashReportError(
                path: path,
                message: "a JetsamEvent report (bug_type 298) names several processes: read it with 'parseAll'")
        }
        if header == body, string(header["bug_type"]) != nil, header["pid"] == nil {
            throw CrashReportError(
                path: path,
                message: "the JSON header line has no report body after it: expected the JSON body object (pid, threads, …) from line 2")
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
        let bundleInfo = body["bundleInfo"]
        let bundle =
            string(header["bundleID"]) ?? string(header["bundleIdentifier"]) ?? string(body["bundleID"])
            ?? string(bundleInfo?["CFBundleIdentifier"])
        let process = string(body["procName"]) ?? string(header["app_name"]) ?? string(header["name"])
        var reason = CrashReportReason()
        if let termination = body["termination"], termination.members != nil {
            reason.namespace = string(termination["namespace"])?.uppercased()
            if let number = termination["code"] {
                reason.code = unsigned(number) ?? string(number).flatMap { CrashReportReason.code(Substring($0)) }
            }
            reason.text = [string(termination["indicator"]), string(termination["details"])]
                .compactMap { $0 }.joined(separator: " ")
            for item in termination["reasons"]?.elements ?? [] {
                if let text = string(item) { reason.text += " " + text }
            }
        }
        if let exception = body["exception"], exception.members != nil {
            reason.exception = [string(exception["type"]), string(exception["signal"]).map { "(\($0))" }]
                .compactMap { $0 }.joined(separator: " ")
        }
        var report = try reason.report(
            path: path, pid: pid, process: process, bundle: bundle, time: time,
            expected: "expected 'termination' or 'exception' in the report body")
        // What the report alone says of its death (SPEC §10).
        let short = string(bundleInfo?["CFBundleShortVersionString"]) ?? string(header["app_version"])
        let build = string(bundleInfo?["CFBundleVersion"]) ?? string(header["build_version"])
        report.version = short.map { v in build.map { "\(v) (\($0))" } ?? v } ?? build
        let osText = string(body["osVersion"]?["train"]) ?? string(header["os_version"])
        report.os = osText.flatMap(Self.osNumber)
        report.role = string(body["procRole"])
        report.incident = string(body["incident"]) ?? string(header["incident_id"])
        report.executablePath = string(body["procPath"])
        report.readTerminationState(reason.text)
        report.readThreads(body, isWatchdog: report.isWatchdog)
        return report
    }

    /// `16.0` of `iPhone OS 16.0 (20A362)`, `26.1` of `iOS 26.1`: the first dotted number.
    public static func osNumber(_ text: String) -> String? {
        let words = text.split(separator: " ")
        guard let number = words.first(where: { $0.first?.isNumber == true && $0.allSatisfy { $0.isNumber || $0 == "." } }) else {
            return nil
        }
        return String(number)
    }

    /// A JSON string value; a number as its digits (`298`).
    static func string(_ value: JSONNode?) -> String? {
        switch value {
        case .string(let text)?: return text
        case .number(let text, _)?: return value?.integer.map { String($0) } ?? text
        default: return nil
        }
    }

    /// A JSON number with an integral value (`432`, `432.0`) that a `Double` holds exactly.
    static func integer(_ value: JSONNode?) -> Int64? {
        guard let double = value?.double, double == double.rounded(), abs(double) < 9e15 else { return nil }
        return value?.integer ?? Int64(double)
    }

    /// A JSON non-negative integer value (`2343432205`).
    private static func unsigned(_ value: JSONNode?) -> UInt64? {
        guard let double = value?.double, double >= 0, double == double.rounded(), double < 1.8e19 else { return nil }
        if case .number(let text, integral: true)? = value, let exact = UInt64(text) { return exact }
        return UInt64(double)
    }
}
