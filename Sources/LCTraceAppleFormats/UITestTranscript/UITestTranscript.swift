import LCTraceCore
import LCTraceIngest

/// The console of an `xcodebuild test` run of UI tests (SPEC §12; docs/IMPORTS.md), as
/// `xcodebuild test … 2>&1 | tee uitest.log` keeps it: what the test runner did to the app
/// under test. Recognised by content (``isTranscript(_:)``), never by name.
///
/// The runner's activity lines (`    t =     0.04s             Terminate com.x:2348`) are read
/// where they say which process the runner ended: `Terminate BUNDLE:PID` is the runner ending
/// that process (``Termination``), evidence that joins the session of that pid. `Launch
/// BUNDLE` names no pid and makes nothing; `Test Case '…' started.` and `Start Test at …` only
/// say, in messages, which test it was and when it started. The transcript's times have no
/// zone (`Start Test at 2026-07-07 14:46:57.824` is the Mac's wall clock), so no time is made
/// of them: a termination joins by pid alone. Every other line (build output, test results)
/// is not read.
public struct UITestTranscript: Sendable, Equatable {
    /// One `Terminate BUNDLE:PID` of the runner.
    public struct Termination: Sendable, Equatable {
        /// The 1-based line of the transcript.
        public var line: Int
        /// The bundle id the runner named.
        public var bundle: String
        /// The pid the runner named.
        public var pid: Int64
        /// The line's activity offset as written (`0.04s`, `nans`), from the test's start.
        public var offset: String
        /// The test it happened in, as written (`-[Suite.Class testName]`), when a `Test Case`
        /// line came before it.
        public var test: String?
        /// The test's `Start Test at` text as written (`2026-07-07 14:46:57.824`, no zone), when
        /// one came before it in the same test.
        public var testStart: String?

        /// Creates a termination.
        public init(line: Int, bundle: String, pid: Int64, offset: String, test: String? = nil, testStart: String? = nil) {
            self.line = line
            self.bundle = bundle
            self.pid = pid
            self.offset = offset
            self.test = test
            self.testStart = testStart
        }

        /// The runner's words, as the transcript writes them: `Terminate com.x:2348`.
        public var words: String { "Terminate \(bundle):\(pid)" }
    }

    /// One `Launch BUNDLE` of the runner (read, and it makes nothing: it names no pid).
    public struct Launch: Sendable, Equatable {
        /// The 1-based line of the transcript.
        public var line: Int
        /// The bundle id the runner launched.
        public var bundle: String

        /// Creates a launch.
        public init(line: Int, bundle: String) {
            self.line = line
            self.bundle = bundle
        }
    }

    /// The transcript's file, as named.
    public var path: String
    /// Every `Terminate BUNDLE:PID`, in line order.
    public var terminations: [Termination] = []
    /// Every `Launch BUNDLE`, in line order.
    public var launches: [Launch] = []
    /// The lines read (the last one without a line end included).
    public var lines = 0

    /// An empty transcript of `path`.
    public init(path: String) {
        self.path = path
    }

    // MARK: Recognition

    /// How much of a file recognition reads.
    static let sniffLength = 64 * 1024

    /// Whether the start of a file is an `xcodebuild test` transcript: one of the lines of its
    /// first 64 KiB is XCTest's `Test Suite '…' started at …` or `Test Case '…' started.`, an
    /// activity line `t = …s Start Test at …`, or xcodebuild's `Command line invocation:`
    /// followed by a line naming `xcodebuild`. A native log, a unified-log export or a JSON
    /// document (first non-blank byte `{` or `[`) never is.
    public static func isTranscript(_ head: ArraySlice<UInt8>) -> Bool {
        var body = head
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        let first = body.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        guard let first, first != UInt8(ascii: "{"), first != UInt8(ascii: "["), first >= 0x09 else { return false }
        var lineStart = body.startIndex
        var afterInvocation = false
        while lineStart < body.endIndex {
            let lineEnd = body[lineStart...].firstIndex(of: 0x0A) ?? body.endIndex
            let bytes = body[lineStart..<lineEnd]
            lineStart = lineEnd + 1
            guard !bytes.contains(0), bytes.count < 4096 else { continue }
            let line = Substring(String(decoding: bytes, as: UTF8.self)).trimmingLineEnd()
            let text = line.drop { $0 == " " || $0 == "\t" }
            if text.isEmpty { continue }
            if afterInvocation && text.contains("xcodebuild") { return true }
            afterInvocation = text == "Command line invocation:"
            if text.hasPrefix("Test Suite '") && text.contains("' started at ") { return true }
            if text.hasPrefix("Test Case '") && text.hasSuffix("' started.") { return true }
            if let activity = Activity(line), activity.message.hasPrefix("Start Test at ") { return true }
        }
        return false
    }

    /// Whether the file at `path` is a transcript by its first 64 KiB (a regular file only:
    /// standard input is read as a log).
    public static func isTranscript(path: String) -> Bool {
        guard let head = EvidenceFile.head(path, length: sniffLength) else { return false }
        return isTranscript(head[...])
    }

    // MARK: Reading

    /// The longest line read in full; a longer one is read only as far as this (activity
    /// lines are short: a longer line is build output).
    static let maximumLineLength = 64 * 1024

    /// Reads a transcript file, plain or zstd, streaming (memory does not grow with the file).
    ///
    /// - Throws: ``UITestTranscriptError`` when the file cannot be read, when its stream is
    ///   damaged (a truncated zstd frame), or when a line the runner wrote about a process
    ///   cannot be read in full (``parse(line:number:isLast:into:)``).
    public static func read(path: String, limits: IngestLimits = .default) throws(UITestTranscriptError) -> UITestTranscript {
        var stream: StreamDecoder
        do {
            stream = try StreamDecoder(source: .file(try FileSource(path: path)), path: path, limits: limits)
        } catch {
            throw UITestTranscriptError(path: path, line: 0, message: error.reason, systemCode: error.systemCode)
        }
        defer { stream.close() }
        var transcript = UITestTranscript(path: path)
        var pending: [UInt8] = []
        var overlong = false
        reading: while true {
            switch stream.next() {
            case .data(let bytes):
                var start = bytes.startIndex
                while start < bytes.endIndex {
                    guard let newline = bytes[start...].firstIndex(of: 0x0A) else {
                        append(bytes[start...], to: &pending, overlong: &overlong)
                        break
                    }
                    append(bytes[start..<newline], to: &pending, overlong: &overlong)
                    transcript.lines += 1
                    try transcript.parse(line: pending[...], number: transcript.lines, isLast: false)
                    pending.removeAll(keepingCapacity: true)
                    overlong = false
                    start = newline + 1
                }
            case .end:
                break reading
            case .failed(let message, let byteOffset, _):
                throw UITestTranscriptError(
                    path: path, line: transcript.lines + 1, message: "\(message) at byte \(byteOffset): the transcript is cut")
            }
        }
        if !pending.isEmpty {
            transcript.lines += 1
            try transcript.parse(line: pending[...], number: transcript.lines, isLast: true)
        }
        return transcript
    }

    /// Reads a transcript held in memory (tests, fuzzing).
    ///
    /// - Throws: ``UITestTranscriptError`` as ``read(path:limits:)``.
    public static func parse(_ bytes: [UInt8], path: String) throws(UITestTranscriptError) -> UITestTranscript {
        var transcript = UITestTranscript(path: path)
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: 0x0A)
            transcript.lines += 1
            let line = bytes[start..<(end ?? bytes.endIndex)].prefix(maximumLineLength)
            try transcript.parse(line: line, number: transcript.lines, isLast: end == nil)
            start = (end ?? bytes.endIndex) + 1
        }
        return transcript
    }

    /// Adds `bytes` to the line being gathered, up to ``maximumLineLength``.
    private static func append(_ bytes: Slice<UnsafeRawBufferPointer>, to line: inout [UInt8], overlong: inout Bool) {
        guard !overlong else { return }
        let room = maximumLineLength - line.count
        line.append(contentsOf: bytes.prefix(room))
        if bytes.count > room { overlong = true }
    }

    /// The test being run (`Test Case '…' started.`) and its `Start Test at`, for messages.
    private var test: String?
    private var testStart: String?

    /// Reads one line: a `Terminate`, a `Launch`, a test's start; anything else is not read.
    ///
    /// - Parameters:
    ///   - line: the line's bytes, without its line feed.
    ///   - number: its 1-based number.
    ///   - isLast: the file ends inside this line (no line end after it).
    /// - Throws: ``UITestTranscriptError`` for a `Terminate` line that is not valid UTF-8,
    ///   holds a NUL byte, is not `Terminate BUNDLE:PID`, or is the last line with no line end
    ///   (the file may be cut inside its pid).
    mutating func parse(line bytes: ArraySlice<UInt8>, number: Int, isLast: Bool) throws(UITestTranscriptError) {
        let text = Substring(String(decoding: bytes, as: UTF8.self)).trimmingLineEnd()
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        if trimmed.hasPrefix("Test Case '"), trimmed.hasSuffix("' started.") {
            test = String(trimmed.dropFirst("Test Case '".count).dropLast("' started.".count))
            testStart = nil
            return
        }
        guard let activity = Activity(text) else { return }
        let message = activity.message
        if message.hasPrefix("Start Test at ") {
            testStart = String(message.dropFirst("Start Test at ".count))
            return
        }
        if message.hasPrefix("Launch "), !isLast {
            let bundle = message.dropFirst("Launch ".count)
            if Self.isBundle(bundle) { launches.append(Launch(line: number, bundle: String(bundle))) }
            return
        }
        let keyword = "Terminate "
        // A last line cut short may end anywhere inside `Terminate com.x:2348`: its pid could
        // be another process's.
        if isLast && (message.hasPrefix(keyword) || (!message.isEmpty && keyword.hasPrefix(message))) {
            throw UITestTranscriptError(
                path: path, line: number,
                message:
                    "the transcript ends inside the runner's line '\(PrintableText.printable(String(message)))' (no line end after it): its pid may be cut"
            )
        }
        guard message.hasPrefix(keyword) else { return }
        guard !bytes.contains(0), String(validating: bytes, as: UTF8.self) != nil else {
            throw UITestTranscriptError(
                path: path, line: number, message: "the runner's 'Terminate' line is not text (a NUL byte or invalid UTF-8)")
        }
        let target = message.dropFirst(keyword.count)
        // `Terminate com.x` with no pid names no process: nothing to join (docs/IMPORTS.md).
        guard let colon = target.lastIndex(of: ":") else {
            if Self.isBundle(target) { return }
            throw Self.malformed(message, path: path, line: number)
        }
        let bundle = target[..<colon]
        let rest = target[target.index(after: colon)...]
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        let after = rest.dropFirst(digits.count)
        guard Self.isBundle(bundle), !digits.isEmpty, digits.count <= 18, let pid = Int64(digits),
            after.isEmpty || after.first == " "
        else {
            throw Self.malformed(message, path: path, line: number)
        }
        terminations.append(
            Termination(line: number, bundle: String(bundle), pid: pid, offset: activity.offset, test: test, testStart: testStart))
    }

    /// The error for a `Terminate` line that is not `Terminate BUNDLE:PID`.
    private static func malformed(_ message: Substring, path: String, line: Int) -> UITestTranscriptError {
        UITestTranscriptError(
            path: path, line: line,
            message:
                "the runner's line '\(PrintableText.printable(String(message)))' is not 'Terminate BUNDLE:PID' (a bundle id, a colon and a decimal pid)"
        )
    }

    /// Whether `text` is a bundle id as the runner prints it: letters, digits, `.`, `-`, `_`.
    static func isBundle(_ text: Substring) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_") }
    }

    /// An XCTest activity line: `    t =     0.04s             Terminate com.x:2348` (the
    /// indentation after the offset shows nesting).
    struct Activity {
        /// The offset as written, with its `s` (`0.04s`, `nans`).
        var offset: String
        /// The text after the offset and the indentation.
        var message: Substring

        /// Reads `line`; `nil` when it is no activity line.
        init?(_ line: Substring) {
            var rest = line.drop { $0 == " " || $0 == "\t" }
            guard rest.hasPrefix("t =") else { return nil }
            rest = rest.dropFirst(3).drop { $0 == " " }
            let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            let value: Substring
            if number.isEmpty {
                guard rest.hasPrefix("nan") else { return nil }
                value = rest.prefix(3)
            } else {
                value = number
            }
            rest = rest.dropFirst(value.count)
            guard rest.first == "s" else { return nil }
            rest = rest.dropFirst()
            guard rest.first == " " else { return nil }
            offset = String(value) + "s"
            message = rest.drop { $0 == " " }
        }
    }
}

extension Substring {
    /// The line without a trailing carriage return (a `\r\n` line end).
    fileprivate func trimmingLineEnd() -> Substring {
        hasSuffix("\r") ? dropLast() : self
    }
}
