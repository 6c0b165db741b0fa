import LCTraceIngest
/// One line of an iOS system-log transcript in one of the four text layouts lctrace reads
/// (docs/SYSTEM-LOGS.md), split into its time, process and message.
///
/// The layouts, recognised by content:
/// - Xcode console: `2021-04-06 18:22:37.504670+0200 App[5801:4433962] message`;
/// - Console.app copy: `type⇥HH:MM:SS.ffffff±zzzz⇥process⇥message`, or with a
///   subsystem/category column before the message;
/// - Console.app with the subsystem columns at the end:
///   `HH:MM:SS.ffffff±zzzz⇥category⇥message⇥subsystem⇥category⇥type⇥process`;
/// - idevicesyslog / legacy syslog: `Nov 12 10:00:00 iPad App(UIKitCore)[796] <Notice>: message`.
struct SyslogLine: Equatable {
    /// Which layout a line is in.
    enum Layout: Equatable {
        case xcode
        case consoleCopy
        case consoleColumnsAtEnd
        case idevicesyslog
    }

    /// When the line was written, as far as the layout says.
    enum When: Equatable {
        /// A full date and time with its UTC offset.
        case full(year: Int, month: Int, day: Int, seconds: Int64, nanos: Int64, offset: Int64)
        /// A time of day with its UTC offset (Console.app): the date comes from elsewhere.
        case timeOfDay(seconds: Int64, nanos: Int64, offset: Int64)
        /// Month, day and time, no year and no offset (idevicesyslog).
        case monthDay(month: Int, day: Int, seconds: Int64)
    }

    var layout: Layout
    var when: When
    /// The process name (`App`, `runningboardd`), without a `(Category)` suffix.
    var process: String
    /// The pid, where the layout gives one (not in Console.app copies).
    var pid: Int64?
    /// The message text.
    var message: Substring

    /// Splits a line; `nil` when it is in none of the layouts (continuation lines,
    /// prose, other tools' output).
    static func parse(_ line: Substring) -> SyslogLine? {
        var text = line
        if text.last == "\r" { text = text.dropLast() }
        guard let first = text.first else { return nil }
        if first.isNumber {
            if let x = xcode(text) { return x }
            return consoleColumnsAtEnd(text)
        }
        if first.isLetter {
            if text.contains("\t") { return consoleCopy(text) }
            return idevicesyslog(text)
        }
        return nil
    }

    // MARK: Layouts

    private static func xcode(_ text: Substring) -> SyslogLine? {
        let u = Array(text.utf8.prefix(40))
        // YYYY-MM-DD HH:MM:SS
        guard u.count >= 20, let year = digits(u, 0, 4), u[4] == 0x2D, let month = digits(u, 5, 2), u[7] == 0x2D,
            let day = digits(u, 8, 2), u[10] == 0x20, let tod = timeOfDay(u, 11)
        else { return nil }
        var i = 19
        var nanos: Int64 = 0
        if i < u.count, u[i] == 0x2E {
            guard let (n, next) = fraction(u, i + 1) else { return nil }
            nanos = n
            i = next
        }
        guard let (offset, afterOffset) = utcOffset(u, i), afterOffset < u.count, u[afterOffset] == 0x20 else { return nil }
        let rest = text.utf8.dropFirst(afterOffset + 1)
        // Process[pid:tid] message
        let restText = Substring(rest)
        guard let open = restText.firstIndex(of: "[") else { return nil }
        let process = restText[..<open]
        guard !process.isEmpty, let close = restText[open...].firstIndex(of: "]") else { return nil }
        let ids = restText[restText.index(after: open)..<close].split(separator: ":", omittingEmptySubsequences: false)
        guard ids.count == 2, let pid = Int64(ids[0]), !ids[1].isEmpty else { return nil }
        var message = restText[restText.index(after: close)...]
        if message.first == " " { message = message.dropFirst() }
        return SyslogLine(
            layout: .xcode, when: .full(year: year, month: month, day: day, seconds: tod, nanos: nanos, offset: offset),
            process: String(process), pid: pid, message: message)
    }

    private static func consoleCopy(_ text: Substring) -> SyslogLine? {
        let fields = text.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count >= 4, fields[0].allSatisfy({ $0.isLetter && $0.isLowercase }),
            let (seconds, nanos, offset) = consoleTime(fields[1]), !fields[2].isEmpty
        else { return nil }
        // With a subsystem/category column the message is the fifth field.
        let message = fields.count >= 5 ? fields[4...].joined(separator: "\t") : String(fields[3])
        return SyslogLine(
            layout: .consoleCopy, when: .timeOfDay(seconds: seconds, nanos: nanos, offset: offset),
            process: String(fields[2]), pid: nil, message: Substring(message))
    }

    private static func consoleColumnsAtEnd(_ text: Substring) -> SyslogLine? {
        let fields = text.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count >= 7, let (seconds, nanos, offset) = consoleTime(fields[0]) else { return nil }
        let type = fields[fields.count - 2]
        guard !type.isEmpty, type.allSatisfy({ $0.isLetter && $0.isLowercase }) else { return nil }
        let message = fields[2..<(fields.count - 4)].joined(separator: "\t")
        return SyslogLine(
            layout: .consoleColumnsAtEnd, when: .timeOfDay(seconds: seconds, nanos: nanos, offset: offset),
            process: String(fields[fields.count - 1]), pid: nil, message: Substring(message))
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static func idevicesyslog(_ text: Substring) -> SyslogLine? {
        let u = Array(text.utf8.prefix(16))
        guard u.count >= 16, let month = months.firstIndex(of: String(decoding: u[0..<3], as: UTF8.self)), u[3] == 0x20
        else { return nil }
        // The day is space-padded: `Nov  2` or `Nov 12`.
        let dayText = String(decoding: u[4..<6], as: UTF8.self).trimmingLeadingSpaces
        guard let day = Int(dayText), u[6] == 0x20, let tod = timeOfDay(u, 7), u[15] == 0x20 else { return nil }
        // `device process(Category)[pid] <Level>: message`
        let rest = text.dropFirst(16)
        guard let levelStart = rest.firstRange(of: " <"), let levelEnd = rest[levelStart.upperBound...].firstRange(of: ">: ") else {
            return nil
        }
        let head = rest[..<levelStart.lowerBound]
        guard let lastSpace = head.lastIndex(of: " ") else { return nil }
        let token = head[head.index(after: lastSpace)...]
        guard token.last == "]", let open = token.lastIndex(of: "["), let pid = Int64(token[token.index(after: open)..<token.index(before: token.endIndex)])
        else { return nil }
        var process = token[..<open]
        if let paren = process.firstIndex(of: "(") { process = process[..<paren] }
        guard !process.isEmpty else { return nil }
        return SyslogLine(
            layout: .idevicesyslog, when: .monthDay(month: month + 1, day: day, seconds: tod), process: String(process),
            pid: pid, message: rest[levelEnd.upperBound...])
    }

    // MARK: Pieces

    /// `HH:MM:SS.ffffff±zzzz` (Console.app).
    private static func consoleTime(_ field: Substring) -> (Int64, Int64, Int64)? {
        let u = Array(field.utf8)
        guard u.count >= 8, let tod = timeOfDay(u, 0), u.count > 8, u[8] == 0x2E, let (nanos, next) = fraction(u, 9),
            let (offset, end) = utcOffset(u, next), end == u.count
        else { return nil }
        return (tod, nanos, offset)
    }

    /// `HH:MM:SS` at `i`, as seconds of the day.
    private static func timeOfDay(_ u: [UInt8], _ i: Int) -> Int64? {
        guard u.count >= i + 8, let h = digits(u, i, 2), u[i + 2] == 0x3A, let m = digits(u, i + 3, 2), u[i + 5] == 0x3A,
            let s = digits(u, i + 6, 2), h < 24, m < 60, s < 61
        else { return nil }
        return Int64(h * 3600 + m * 60 + s)
    }

    /// Decimal digits after a `.` at `i`, as nanoseconds, and the index after them.
    private static func fraction(_ u: [UInt8], _ i: Int) -> (Int64, Int)? {
        var j = i
        var nanos: Int64 = 0
        var scale: Int64 = 100_000_000
        while j < u.count, u[j] >= 0x30, u[j] <= 0x39 {
            nanos += Int64(u[j] - 0x30) * scale
            scale /= 10
            j += 1
        }
        return j > i ? (nanos, j) : nil
    }

    /// `±HHMM` at `i`, as seconds east of UTC, and the index after it.
    private static func utcOffset(_ u: [UInt8], _ i: Int) -> (Int64, Int)? {
        guard u.count >= i + 5, u[i] == 0x2B || u[i] == 0x2D, let h = digits(u, i + 1, 2), let m = digits(u, i + 3, 2) else {
            return nil
        }
        let seconds = Int64(h * 3600 + m * 60)
        return (u[i] == 0x2D ? -seconds : seconds, i + 5)
    }

    private static func digits(_ u: [UInt8], _ i: Int, _ count: Int) -> Int? {
        guard u.count >= i + count else { return nil }
        var n = 0
        for k in i..<(i + count) {
            guard u[k] >= 0x30, u[k] <= 0x39 else { return nil }
            n = n * 10 + Int(u[k] - 0x30)
        }
        return n
    }
}

extension String {
    fileprivate var trimmingLeadingSpaces: String { String(drop(while: { $0 == " " })) }
}
