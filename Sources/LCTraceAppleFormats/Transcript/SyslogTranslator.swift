import LCTraceCore
import LCTraceIngest

/// Turns an iOS system-log transcript (Xcode console, Console.app copies, idevicesyslog;
/// ``SyslogLine``) into native NDJSON, line for line, so that the framer, the scanner and
/// replay run unchanged and findings name the transcript's lines.
///
/// Every transcript line becomes one native line: the record implied by a recognised
/// message about the app (``SyslogFact``), or an empty line. The records are the ones an
/// observer would have written (`bgtask.begin`, `bgtask.end`, `bgtask.expire`, `sys.suspend`,
/// `sys.resume`, `sys.kill`), each with `"source":"system"`; from them the engine derives
/// what it can. Where UIKit's message is itself the verdict (a task past 30 s, a task not
/// ended after its expiration handler, an end of a task that does not exist), the verdict is
/// also kept as a ``Finding`` with source `system`; the pipeline keeps the engine's finding
/// when it derived the same one (docs/SYSTEM-LOGS.md).
///
/// Fail closed: a message that matches no pattern, names another app, or belongs to another
/// process (a WebKit helper of the app) moves nothing. State messages are deduplicated per
/// pid (Console exports often repeat every line): a suspension is written only when the
/// process is not already suspended, a resumption only after a suspension seen in the log,
/// a kill only once.
struct SyslogTranslator {
    /// The native text and the verdicts of one transcript.
    struct Output {
        /// The native NDJSON, one line per transcript line.
        var native: [UInt8]
        /// UIKit's own verdicts (LC203, LC301, LC302), with source `system`.
        var verdicts: [SystemVerdict]
        /// Lines in a system-log layout, whatever their message: none means the text is empty.
        var layoutLines = 0
    }

    /// Why a transcript cannot be followed at all.
    struct Failure: Error {
        var reason: String
    }

    let options: SyslogOptions
    /// The name findings carry.
    let file: String

    /// Whether text looks like a transcript: one of its first ten non-blank lines is in one
    /// of the four layouts, and none of them starts like JSON.
    static func looksLikeSyslog(_ text: Substring) -> Bool {
        var seen = 0
        var found = false
        for line in text.split(separator: "\n", maxSplits: 64, omittingEmptySubsequences: true) {
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" })
            if trimmed.isEmpty || trimmed == "\r" { continue }
            // `[] failure in …` (an empty category column) and `[FBSceneManager] …` are a
            // console's, not JSON: an array starts with a value or `]`.
            if trimmed.first == "{" || (trimmed.first == "[" && !trimmed.hasPrefix("[] ") && !Self.isBracketedWord(trimmed)) {
                return false
            }
            if SyslogLine.parse(line) != nil { found = true }
            seen += 1
            if seen == 10 { break }
        }
        // A console pasted without any prefix that holds UIKit's scene texts (SPEC §11).
        return found || SceneLifecycleWarning.mentions(text)
    }

    /// Whether a line starts with a bracketed word, as consoles print a category
    /// (`[FBSceneManager] …`), never as JSON does (`["a"`, `[{`, `[1`).
    static func isBracketedWord(_ line: Substring) -> Bool {
        guard line.first == "[", let next = line.dropFirst().first else { return false }
        return next.isLetter || next == "_"
    }

    /// ``looksLikeSyslog(_:)`` of the text `head` decodes to, without decoding it when its
    /// first non-blank line starts like JSON (nearly every input: an NDJSON log). Decoding 64
    /// KiB as a `String` and splitting it into grapheme-aware lines cost about 1.8 M
    /// instructions per file of an audit, as much as replaying a thousand records.
    static func looksLikeSyslog(bytes head: ArraySlice<UInt8>) -> Bool {
        if startsLikeJSON(head) { return false }
        return looksLikeSyslog(Substring(String(decoding: head, as: UTF8.self)))
    }

    /// Whether the first line of `head` that is not blank starts with `{` or `[`, judged the
    /// way ``looksLikeSyslog(_:)`` judges it: spaces, tabs, line feeds and BOMs before it, and
    /// an ASCII byte (or nothing) after it, so that the bracket is a character of its own. A
    /// carriage return or any other byte first leaves the answer to the text test.
    static func startsLikeJSON(_ head: ArraySlice<UInt8>) -> Bool {
        var i = head.startIndex
        let end = head.endIndex
        while i < end {
            let byte = head[i]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A {
                i += 1
                continue
            }
            if byte == 0xEF, end - i >= 3, head[i + 1] == 0xBB, head[i + 2] == 0xBF {
                i += 3
                continue
            }
            guard byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") else { return false }
            // `[] ` is a console's empty category column (`[] failure in …`): the text test decides.
            if byte == UInt8(ascii: "["), end - i >= 3, head[i + 1] == UInt8(ascii: "]"), head[i + 2] == 0x20 { return false }
            return i + 1 == end || head[i + 1] < 0x80
        }
        return false
    }

    /// Translates a whole transcript.
    ///
    /// - Throws: ``Failure`` when `--date` is not a date, when several apps are named and
    ///   no `--app` chooses one, or when no line of a text is in a layout (forced with
    ///   `--input-format syslog`: auto detection never picks such a text).
    func translate(_ text: String) throws(Failure) -> Output {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var parsed: [(line: SyslogLine, fact: SyslogFact)?] = []
        parsed.reserveCapacity(lines.count)
        var firstDate: (year: Int, month: Int, day: Int)?
        // The first line in a layout that says nothing: it carries the `meta` record naming the app.
        var metaLine: (index: Int, line: SyslogLine)?
        var textLines = 0
        var layoutLines = 0
        var inLayout: [Bool] = []
        inLayout.reserveCapacity(lines.count)
        for line in lines {
            guard let l = SyslogLine.parse(line) else {
                if line.contains(where: { !$0.isWhitespace }) { textLines += 1 }
                parsed.append(nil)
                inLayout.append(false)
                continue
            }
            inLayout.append(true)
            layoutLines += 1
            if firstDate == nil, case .full(let y, let m, let d, _, _, _) = l.when { firstDate = (y, m, d) }
            guard let fact = SyslogFact.recognise(l.message) else {
                if metaLine == nil { metaLine = (parsed.count, l) }
                parsed.append(nil)
                continue
            }
            parsed.append((l, fact))
        }
        let sceneFindings = SceneLifecycleWarning.findings(lines, inLayout: inLayout, file: file)
        if layoutLines == 0 && textLines > 0 && sceneFindings.isEmpty {
            // Read as a transcript only because it was asked for (`--input-format syslog`):
            // nothing in it can be placed, and saying nothing would pass a CI gate.
            throw Failure(
                reason:
                    "no line is in a system-log layout (the Xcode console, a Console.app copy or idevicesyslog: a time and the process before each message); a message copied without them cannot be placed, and a crash report goes to --crash-report"
            )
        }
        let date: (year: Int, month: Int, day: Int)
        do throws(ScanFailure) {
            date = try options.parsedDate() ?? firstDate ?? (1970, 1, 1)
        } catch {
            throw Failure(reason: error.message)
        }
        let app = try AppSelection(parsed.compactMap { $0 }, app: options.app)

        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count / 4)
        var verdicts: [SystemVerdict] = []
        var effects = SyslogFactEffects()
        var clock = DayClock(year: date.year, month: date.month, day: date.day)
        for (index, entry) in parsed.enumerated() {
            defer { if index < parsed.count - 1 { out.append(0x0A) } }
            guard let (line, fact) = entry else {
                if let meta = metaLine, meta.index == index, let bundle = app.bundle {
                    // Before any record (a line with none comes first): the app the transcript is about.
                    let time = clock.place(meta.line.when)
                    let fields: [(key: String, value: NativeLine.Value)] = [("app", .string(bundle)), ("source", .string("system"))]
                    out.append(contentsOf: NativeLine(time: time, event: "meta", fields: fields).json.utf8)
                }
                continue
            }
            if let meta = metaLine, meta.index > index { metaLine = nil }
            let time = clock.place(line.when)
            let lineNumber = index + 1
            var native: NativeLine?
            switch fact {
            case .taskCreated, .taskOverdue, .taskExpiredNotEnded, .taskEnding, .taskUnknown:
                guard app.owns(process: line.process, pid: line.pid) else { continue }
                let effect = effects.task(fact, pid: line.pid ?? app.onlyPid, time: time, line: lineNumber, file: file)
                if let verdict = effect.verdict { verdicts.append(verdict) }
                native = effect.native
            case .running(let identity), .suspended(let identity), .killed(let identity, _), .watchdogIgnored(let identity):
                guard app.owns(bundle: identity.bundle), let pid = identity.pid ?? app.pid(of: identity.bundle) else { continue }
                native = effects.process(fact, pid: pid, time: time)
            case .visibility:
                // Visibility is not a delegate callback and the model has no observer event
                // for it: recorded nowhere (docs/SYSTEM-LOGS.md).
                continue
            }
            if let native { out.append(contentsOf: native.json.utf8) }
        }
        verdicts += sceneFindings.map { SystemVerdict($0) }
        return Output(native: out, verdicts: verdicts, layoutLines: layoutLines + sceneFindings.count)
    }
}
