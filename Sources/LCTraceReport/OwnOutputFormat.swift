/// lctrace's own outputs, told apart from logs by their first bytes: the one recogniser an
/// audit uses to skip a report, trace or baseline it finds beside the logs (issue 22), kept
/// here beside the writers whose openings it matches.
///
/// Each case is matched on the start of the file (after blank lines), by an opening that
/// only lctrace writes. An empty or short file is no output of lctrace's: it is never one.
public enum OwnOutputFormat: String, CaseIterable, Sendable {
    /// `replay`, `audit` or `stats --format json`: a pretty-printed document whose first key is `"tool"`.
    case json
    /// `replay --format jsonl`: its first line is a finding (`{"rule":"LC…`), a death
    /// (`{"death":{"file":`), a file line (`{"file":{"path":`), an unreadable input (`{"unreadable":{"path":`) or the summary
    /// (`{"summary":{`), the order ``JSONLinesReporter`` writes them in.
    case jsonl
    /// `audit` or `merge --format jsonl`: its header line (`{"audit":{`).
    case auditJSONL
    /// `gen`'s planted findings (`NAME.planted.jsonl`): `{"rule":"LC…","line":N}` only.
    case planted
    /// `--format sarif`: a pretty-printed document whose first key is lctrace's SARIF `$schema`.
    case sarif
    /// `--format junit`: the XML declaration, then `<testsuites name="lctrace"`.
    case junit
    /// `--format html`: a page whose `generator` is lctrace.
    case html
    /// `timeline --format chrome`: Chrome trace-event JSON (`{"traceEvents":[`).
    case chromeTrace
    /// `baseline`: a pretty-printed document with `"version"` then `"tool": "lctrace …"`.
    case baseline

    /// Why an audit skips a file of this format: `an lctrace html report, not a log`.
    public var skipReason: String {
        switch self {
        case .json: "an lctrace json report, not a log"
        case .jsonl: "an lctrace jsonl report, not a log"
        case .auditJSONL: "an lctrace audit jsonl report, not a log"
        case .planted: "an lctrace planted-findings list (gen), not a log"
        case .sarif: "an lctrace sarif report, not a log"
        case .junit: "an lctrace junit report, not a log"
        case .html: "an lctrace html report, not a log"
        case .chromeTrace: "an lctrace timeline (Chrome trace JSON), not a log"
        case .baseline: "an lctrace baseline, not a log"
        }
    }

    /// The format of lctrace's whose opening `head` (a file's first bytes) has, or `nil`.
    ///
    /// - Parameter head: the first bytes of a file (64 KiB is plenty; the openings are short).
    /// - Returns: the format, or `nil` for anything else (a log, zstd, someone else's file).
    public static func recognise<Bytes: Collection>(_ head: Bytes) -> OwnOutputFormat? where Bytes.Element == UInt8 {
        let bytes = Array(head.prefix(4096))
        guard let first = bytes.firstIndex(where: { !isBlank($0) && $0 != 0x0A }) else { return nil }
        let rest = bytes[first...]
        func starts(_ prefix: String) -> Bool { rest.starts(with: prefix.utf8) }
        if starts(#"{"audit":{"#) { return .auditJSONL }
        if starts(#"{"summary":{"#) || starts(#"{"file":{"path":"#) || starts(#"{"unreadable":{"path":"#)
            || starts(#"{"death":{"file":"#)
        {
            return .jsonl
        }
        if starts(#"{"traceEvents":["#) { return .chromeTrace }
        if starts(#"{"rule":"LC"#) {
            // A planted finding has two keys, `{"rule":"LC300","line":12}`; a report's finding
            // line has many.
            let line = rest.prefix(while: { $0 != 0x0A && $0 != 0x0D }).dropFirst(#"{"rule":""#.utf8.count)
            let afterRule = line.drop(while: { $0 != UInt8(ascii: "\"") }).dropFirst()
            var planted = false
            if afterRule.starts(with: #","line":"#.utf8) {
                let number = afterRule.dropFirst(#","line":"#.utf8.count)
                let digits = number.prefix(while: { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
                planted = !digits.isEmpty && Array(number.dropFirst(digits.count)) == [UInt8(ascii: "}")]
            }
            return planted ? .planted : .jsonl
        }
        if starts("<?xml") {
            let next = rest.drop(while: { $0 != 0x0A }).dropFirst()
            return next.starts(with: #"<testsuites name="lctrace""#.utf8) ? .junit : nil
        }
        if starts("<!DOCTYPE html>") {
            return contains(rest, #"<meta name="generator" content="lctrace "#) ? .html : nil
        }
        guard starts("{\n") || starts("{\r\n") else { return nil }
        let body = rest.dropFirst().drop(while: { isBlank($0) || $0 == 0x0A })
        if body.starts(with: #""tool""#.utf8) { return .json }
        if body.starts(with: Array(("\"$schema\": \"" + SARIFReporter.schemaURI + "\"").utf8)) { return .sarif }
        if body.starts(with: #""version": 1,"#.utf8) {
            let after = body.dropFirst(#""version": 1,"#.utf8.count).drop(while: { isBlank($0) || $0 == 0x0A })
            if after.starts(with: #""tool": "lctrace "#.utf8) { return .baseline }
        }
        return nil
    }

    private static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0D }

    private static func contains(_ bytes: ArraySlice<UInt8>, _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count else { return false }
        var i = bytes.startIndex
        while i + needle.count <= bytes.endIndex {
            if bytes[i..<i + needle.count].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }
}
