import LCTraceCore

/// Writes planned records as NDJSON lines into a reusable byte buffer.
///
/// Everything is appended byte by byte from precomputed tables: no `String` is
/// built per record, which keeps generation well above a million lines a second.
/// Keys come in a fixed order: `t`, `ev`, `pid`, then `scene`, `task`, `phase`,
/// `reason`, `kind`, `name`.
struct RecordEncoder {
    let rfc3339: Bool
    let aliases: Bool
    /// A separate stream for alias choices, so that turning aliases on changes
    /// spellings only, never the structure of the log.
    var aliasRNG: SplitMix64
    /// Per event (indexed by raw value): the canonical spelling, then the aliases.
    let spellings: [[[UInt8]]]
    private var cachedDay: Int64 = .min
    private var cachedDate: [UInt8] = []

    init(rfc3339: Bool, aliases: Bool, seed: UInt64) {
        self.rfc3339 = rfc3339
        self.aliases = aliases
        self.aliasRNG = SplitMix64(seed: seed ^ 0xA11A_5E5A_11A5_0001)
        self.spellings = LifecycleEvent.allCases.map { e in
            ([e.canonicalName] + e.aliases).map { Array($0.utf8) }
        }
    }

    private static let openT = Array(#"{"t":"#.utf8)
    private static let evKey = Array(#","ev":""#.utf8)
    private static let pidKey = Array(#","pid":"#.utf8)
    private static let sceneKey = Array(#","scene":""#.utf8)
    private static let taskKey = Array(#","task":"#.utf8)
    private static let phaseBegin = Array(#","phase":"begin""#.utf8)
    private static let phaseEnd = Array(#","phase":"end""#.utf8)
    private static let reasonKey = Array(#","reason":""#.utf8)
    private static let nameKey = Array(#","name":""#.utf8)
    private static let metaEv = Array(#","ev":"meta""#.utf8)
    private static let unknownStem = Array("x.custom.event".utf8)
    private static let memoryWarning = Array("app.didReceiveMemoryWarning".utf8)
    private static let reasons: [[UInt8]] = [
        ReasonText.user, .background, .terminate, .purge, .crash, .jetsam, .watchdog, .prewarm, .success, .failure,
        .watchdogCode, .lockedFileCode,
    ].map { Array($0.text.utf8) }
    private static let kindKey = Array(#","kind":""#.utf8)
    private static let scheduledKinds: [[UInt8]] = ReasonText.scheduledKinds.map { Array($0.utf8) }
    private static let scheduledNames: [[[UInt8]]] = ReasonText.scheduledNames.map { $0.map { Array($0.utf8) } }
    private static let taskNames: [[UInt8]] = ReasonText.taskNames.map { Array($0.utf8) }
    private static let taskLabels: [[UInt8]] = ReasonText.taskLabels.map { Array($0.utf8) }

    // MARK: - Numbers and times

    /// Appends a decimal integer.
    @inline(__always)
    static func appendDecimal(_ value: Int64, to out: inout [UInt8]) {
        var v = value
        if v < 0 {
            out.append(UInt8(ascii: "-"))
            v = 0 - v
        }
        if v < 10 {
            out.append(48 &+ UInt8(truncatingIfNeeded: v))
            return
        }
        let start = out.count
        while v > 0 {
            out.append(48 &+ UInt8(truncatingIfNeeded: v % 10))
            v /= 10
        }
        var i = start, j = out.count - 1
        while i < j {
            out.swapAt(i, j)
            i += 1
            j -= 1
        }
    }

    @inline(__always)
    private static func appendDigits(_ value: Int64, width: Int, to out: inout [UInt8]) {
        var div: Int64 = 1
        for _ in 1..<width { div *= 10 }
        var v = value
        while div > 0 {
            out.append(48 &+ UInt8(truncatingIfNeeded: v / div))
            v %= div
            div /= 10
        }
    }

    /// Appends a `t` value: `1795168800.250` or `"2026-11-20T10:00:00.250Z"`.
    @inline(__always)
    mutating func appendTime(_ ms: Int64, to out: inout [UInt8]) {
        var secs = ms / 1_000
        var frac = ms % 1_000
        if frac < 0 {
            frac += 1_000
            secs -= 1
        }
        if !rfc3339 {
            Self.appendDecimal(secs, to: &out)
            out.append(UInt8(ascii: "."))
            Self.appendDigits(frac, width: 3, to: &out)
            return
        }
        var day = secs / 86_400
        var rem = secs % 86_400
        if rem < 0 {
            rem += 86_400
            day -= 1
        }
        if day != cachedDay {
            // The date part changes once a day of log time: format it once.
            let (y, m, dd) = CivilDate.fromDays(day)
            var date: [UInt8] = []
            Self.appendDigits(y, width: 4, to: &date)
            date.append(UInt8(ascii: "-"))
            Self.appendDigits(m, width: 2, to: &date)
            date.append(UInt8(ascii: "-"))
            Self.appendDigits(dd, width: 2, to: &date)
            date.append(UInt8(ascii: "T"))
            cachedDay = day
            cachedDate = date
        }
        out.append(UInt8(ascii: "\""))
        out.append(contentsOf: cachedDate)
        Self.appendDigits(rem / 3_600, width: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        Self.appendDigits(rem % 3_600 / 60, width: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        Self.appendDigits(rem % 60, width: 2, to: &out)
        out.append(UInt8(ascii: "."))
        Self.appendDigits(frac, width: 3, to: &out)
        out.append(contentsOf: "Z\"".utf8)
    }

    // MARK: - Records

    /// Appends one line (with its `\n`) for a planned record.
    mutating func encode(
        _ r: PlannedRecord, pid: Int64?, sceneIDs: [[UInt8]], metaTail: [UInt8], into out: inout [UInt8]
    ) {
        switch r.kind {
        case .event:
            out.append(contentsOf: Self.openT)
            appendTime(r.time, to: &out)
            out.append(contentsOf: Self.evKey)
            let names = spellings[Int(r.event.rawValue)]
            if aliases && names.count > 1 && aliasRNG.chance(0.35) {
                out.append(contentsOf: names[1 + aliasRNG.below(names.count - 1)])
            } else {
                out.append(contentsOf: names[0])
            }
            out.append(UInt8(ascii: "\""))
            appendPid(pid, to: &out)
            if r.scene >= 0 {
                out.append(contentsOf: Self.sceneKey)
                out.append(contentsOf: sceneIDs[Int(r.scene)])
                out.append(UInt8(ascii: "\""))
            }
            if let t = r.task, r.event.category == .scheduledTask {
                // A BGTaskScheduler request identifier: `variant` is the kind, `name` picks it.
                out.append(contentsOf: Self.taskKey)
                out.append(UInt8(ascii: "\""))
                out.append(contentsOf: Self.scheduledNames[Int(r.variant)][Int(t.name)])
                out.append(UInt8(ascii: "\""))
            } else if let t = r.task {
                out.append(contentsOf: Self.taskKey)
                if t.isString {
                    out.append(UInt8(ascii: "\""))
                    out.append(contentsOf: Self.taskNames[Int(t.name)])
                    out.append(UInt8(ascii: "-"))
                    Self.appendDecimal(Int64(t.number), to: &out)
                    out.append(UInt8(ascii: "\""))
                } else {
                    Self.appendDecimal(Int64(t.number), to: &out)
                }
            }
            switch r.phase {
            case .begin: out.append(contentsOf: Self.phaseBegin)
            case .end: out.append(contentsOf: Self.phaseEnd)
            case .instant: break
            }
            if let reason = r.reason {
                out.append(contentsOf: Self.reasonKey)
                out.append(contentsOf: Self.reasons[Int(reason.rawValue)])
                out.append(UInt8(ascii: "\""))
            }
            if r.event == .bgschedStart || r.event == .bgschedSubmit {
                out.append(contentsOf: Self.kindKey)
                out.append(contentsOf: Self.scheduledKinds[Int(r.variant)])
                out.append(UInt8(ascii: "\""))
            }
            if let t = r.task, r.event == .bgtaskBegin {
                out.append(contentsOf: Self.nameKey)
                out.append(contentsOf: Self.taskLabels[Int(t.name)])
                out.append(UInt8(ascii: "\""))
            }
            out.append(contentsOf: "}\n".utf8)
        case .meta:
            out.append(contentsOf: Self.openT)
            appendTime(r.time, to: &out)
            out.append(contentsOf: Self.metaEv)
            appendPid(pid, to: &out)
            out.append(contentsOf: metaTail)
            out.append(UInt8(ascii: "\n"))
        case .unknown:
            out.append(contentsOf: Self.openT)
            appendTime(r.time, to: &out)
            out.append(contentsOf: Self.evKey)
            out.append(contentsOf: Self.unknownStem)
            Self.appendDecimal(Int64(r.variant), to: &out)
            out.append(UInt8(ascii: "\""))
            appendPid(pid, to: &out)
            out.append(contentsOf: "}\n".utf8)
        case .malformed:
            encodeMalformed(r, pid: pid, into: &out)
        }
    }

    @inline(__always)
    private func appendPid(_ pid: Int64?, to out: inout [UInt8]) {
        if let pid {
            out.append(contentsOf: Self.pidKey)
            Self.appendDecimal(pid, to: &out)
        }
    }

    /// Five ways a line fails to be a record (LC401); none is valid as a whole.
    private mutating func encodeMalformed(_ r: PlannedRecord, pid: Int64?, into out: inout [UInt8]) {
        switch r.variant {
        case 0, 1:  // 0: a trailing comma; 1: cut short, yet not the last line
            out.append(contentsOf: Self.openT)
            appendTime(r.time, to: &out)
            out.append(contentsOf: Self.evKey)
            out.append(contentsOf: Self.memoryWarning)
            out.append(UInt8(ascii: "\""))
            appendPid(pid, to: &out)
            out.append(contentsOf: (r.variant == 0 ? ",}\n" : "\n").utf8)
        case 2:  // valid JSON without `ev`
            out.append(contentsOf: Self.openT)
            appendTime(r.time, to: &out)
            appendPid(pid, to: &out)
            out.append(contentsOf: "}\n".utf8)
        case 3:  // `t` of the wrong type
            out.append(contentsOf: #"{"t":true"#.utf8)
            out.append(contentsOf: Self.evKey)
            out.append(contentsOf: Self.memoryWarning)
            out.append(UInt8(ascii: "\""))
            appendPid(pid, to: &out)
            out.append(contentsOf: "}\n".utf8)
        default:  // single-quoted keys
            out.append(contentsOf: "{'t':".utf8)
            appendTime(r.time, to: &out)
            out.append(contentsOf: ",'ev':'app.didReceiveMemoryWarning'}\n".utf8)
        }
    }

    // MARK: - Meta

    /// The part of a `meta` record after `pid`: `,"os":…,"app":…,"model":…[,"modes":[…]][,"sdk":…]}`.
    static func metaTail(os: String, app: String, scene: Bool, modes: [String], sdk: String? = nil) -> [UInt8] {
        var out: [UInt8] = []
        out.append(contentsOf: #","os":"#.utf8)
        JSONString.append(os, to: &out)
        out.append(contentsOf: #","app":"#.utf8)
        JSONString.append(app, to: &out)
        out.append(contentsOf: #","model":"#.utf8)
        JSONString.append(scene ? "uikit-scene" : "uikit-app", to: &out)
        if !modes.isEmpty {
            out.append(contentsOf: #","modes":["#.utf8)
            for (i, m) in modes.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONString.append(m, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        if let sdk {
            out.append(contentsOf: #","sdk":"#.utf8)
            JSONString.append(sdk, to: &out)
        }
        out.append(UInt8(ascii: "}"))
        return out
    }
}
