/// An interned string: an index into a file's ``SymbolTable``.
///
/// Records carry symbols instead of `String`s so the hot path allocates
/// nothing for the scene, task, reason and name values it sees again and again.
public struct Symbol: Hashable, Sendable {
    /// The index in the table, or -1 for ``none``.
    public var rawValue: Int32

    /// Creates a symbol from its table index.
    @inlinable
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// No value: the key was absent. (Computed and inlinable: a stored `static let` would be a
    /// lazily initialised global, checked on every use from another module.)
    @inlinable
    public static var none: Symbol { Symbol(rawValue: -1) }

    /// Whether this symbol names a value.
    @inlinable
    public var isPresent: Bool { rawValue >= 0 }
}

/// The strings behind the ``Symbol``s of one log file.
///
/// Symbols are numbered in the order they were created and never renumbered. A long file
/// creates symbols without end (every session has new scene ids), so the table can forget
/// the strings of symbols nobody holds any more (``retainOnly(_:)``, driven by the reader and
/// the engine); a forgotten symbol's string is `nil`.
public struct SymbolTable: Sendable {
    /// The strings of the symbols created since the last ``retainOnly(_:)``, from ``base``.
    private var recent: [String] = []
    /// The first symbol in ``recent``.
    private var base: Int32 = 0
    /// Older symbols that a ``retainOnly(_:)`` kept.
    private var kept: [Int32: String] = [:]

    /// Creates an empty table.
    public init() {}

    /// The string of a symbol; `nil` for ``Symbol/none`` and for a forgotten symbol.
    public subscript(symbol: Symbol) -> String? {
        let raw = symbol.rawValue
        if raw >= base { return symbol.isPresent ? recent[Int(raw - base)] : nil }
        return raw >= 0 ? kept[raw] : nil
    }

    /// Appends a string and returns its new symbol. Interning (finding an
    /// existing symbol for the same bytes) is the ingest layer's business.
    public mutating func append(_ string: String) -> Symbol {
        recent.append(string)
        return Symbol(rawValue: base + Int32(recent.count - 1))
    }

    /// The strings still held, in symbol order (all of them unless ``retainOnly(_:)`` ran).
    public var strings: [String] {
        kept.sorted { $0.key < $1.key }.map(\.value) + recent
    }

    /// The number of strings held.
    public var count: Int { kept.count + recent.count }

    /// The number of symbols created since the last ``retainOnly(_:)``.
    public var createdSinceRetain: Int { recent.count }

    /// Forgets the strings of every symbol not in `live`; the symbols in `live` keep their
    /// numbers and strings, and new symbols continue the numbering.
    ///
    /// - Complexity: O(n + k) for n strings held and k live symbols.
    public mutating func retainOnly(_ live: Set<Symbol>) {
        var next: [Int32: String] = [:]
        next.reserveCapacity(live.count)
        for symbol in live where symbol.isPresent {
            if let string = self[symbol] { next[symbol.rawValue] = string }
        }
        kept = next
        base += Int32(recent.count)
        recent.removeAll()
    }
}

/// A background-task identifier: logs use integers (`UIBackgroundTaskIdentifier`)
/// or strings; both work and never compare equal to each other.
public enum TaskID: Hashable, Sendable {
    case number(Int64)
    case name(Symbol)
}

/// A callback logged as a span has a `begin` and an `end` record; others are instants.
public enum Phase: UInt8, Sendable {
    case instant, begin, end
}

/// The reason codes the model interprets; anything else is `.other`, with
/// the text kept in ``Record/reason``.
public enum ReasonCode: UInt8, Sendable {
    case none, user, background, terminate, purge, crash, watchdog, jetsam, bgtaskTimeout, unknown
    case other
    /// `process.launch` of a prewarmed process (iOS 15+).
    case prewarm
    /// Killed while suspended holding a file lock (`locked-file`, `0xdead10cc`).
    case lockedFile
    /// Over the memory limit while running (`memory-limit`, `per-process-limit`).
    case memoryLimit
    /// Too much CPU (`cpu-limit`, watchOS's `0xc51bad01`).
    case cpuLimit
    /// The device was too hot (`thermal`, `0xc00010ff`).
    case thermal

    /// Maps the text of a `reason` value (`"bgtask-timeout"`, `"purge"`, `"0x8BADF00D"`, …),
    /// in any case; a termination code is read with or without `0x` (SPEC §5, docs/MODEL.md).
    public init(text: String) {
        let lower = text.lowercased()
        switch lower {
        case "user": self = .user
        case "background": self = .background
        case "prewarm": self = .prewarm
        case "terminate": self = .terminate
        case "purge", "purged": self = .purge
        case "crash": self = .crash
        case "watchdog": self = .watchdog
        case "jetsam": self = .jetsam
        case "bgtask-timeout": self = .bgtaskTimeout
        case "locked-file": self = .lockedFile
        case "memory-limit", "per-process-limit": self = .memoryLimit
        case "cpu-limit": self = .cpuLimit
        case "thermal": self = .thermal
        case "unknown": self = .unknown
        default: self = Self(terminationCode: lower.hasPrefix("0x") ? String(lower.dropFirst(2)) : lower)
        }
    }

    /// The meaning of a SIGKILL termination code (lowercase hex, no `0x`), after Apple's
    /// "EXC_CRASH (SIGKILL)" article; `.other` for a code lctrace does not class.
    private init(terminationCode code: String) {
        switch code {
        case "8badf00d": self = .watchdog
        case "dead10cc": self = .lockedFile
        case "c00010ff": self = .thermal
        case "c51bad01": self = .cpuLimit
        case "2182bad2", "2182bad3", "2182bad4", "c51bad02", "c51bad03": self = .bgtaskTimeout
        default: self = .other
        }
    }
}

/// The kind of a `BGTaskScheduler` task (`kind` of `bgsched.start`, SPEC §1).
public enum ScheduledTaskKind: UInt8, Sendable {
    /// `BGAppRefreshTask`: the default when `kind` is absent; budget `refresh`.
    case refresh
    /// `BGProcessingTask`: minutes, ended by the system's expiration.
    case processing
    /// `BGContinuedProcessingTask` (iOS 26): ended by the system's expiration.
    case continued
    /// Another value: replayed as a task with no fixed budget.
    case other

    /// Maps the text of a `kind` value, in any case.
    public init(text: String) {
        switch text.lowercased() {
        case "refresh": self = .refresh
        case "processing": self = .processing
        case "continued": self = .continued
        default: self = .other
        }
    }
}

/// Session context from a `meta` record (SPEC §1). Rare, so it may allocate.
public struct SessionMeta: Sendable, Equatable {
    /// OS version, e.g. `"17.4"`.
    public var os: String?
    /// Bundle identifier.
    public var app: String?
    /// `"uikit-app"` or `"uikit-scene"` (other text is kept and reported by the engine).
    public var model: String?
    /// Declared UIBackgroundModes values.
    public var modes: [String]?
    /// Whether Background App Refresh is on.
    public var refresh: Bool?

    /// Creates a meta value; every field is optional.
    public init(os: String? = nil, app: String? = nil, model: String? = nil, modes: [String]? = nil, refresh: Bool? = nil) {
        self.os = os
        self.app = app
        self.model = model
        self.modes = modes
        self.refresh = refresh
    }

    /// The UIBackgroundModes that only let the system wake the app for a short, budgeted run
    /// (a fetch, a silent push, a `BGProcessingTask`): they do not keep it running.
    public static let wakeOnlyModes: Set<String> = ["fetch", "remote-notification", "processing"]

    /// Whether declared `modes` exempt a process from the `background` and `bgtask` budgets
    /// (LC202, LC203): some mode that keeps an app running in the background (`audio`,
    /// `location`, `voip`, `bluetooth-central`, …, and any mode lctrace does not know), not
    /// only wake-only modes. Nearly every app with push declares `remote-notification`; it
    /// does not lift the 30 s background-task allowance.
    public static func exemptsBackgroundBudgets(_ modes: [String]) -> Bool {
        modes.contains { !wakeOnlyModes.contains($0) }
    }
}

/// One well-formed log record, as the ingest layer hands it to the replay engine.
///
/// A trivial value (no references): strings are ``Symbol``s into the file's
/// ``SymbolTable``, so copying or dropping a record is a plain memory copy, with no
/// reference counting, on the hot path. The ``SessionMeta`` of a `meta` record, which holds
/// strings, travels beside the record, not in it (`LogItem.meta`, `Replayer.process(_:meta:symbols:)`).
public struct Record: Sendable {
    /// 1-based line number in the decompressed stream.
    public var line: Int
    /// The `t` value.
    public var time: Timestamp
    /// The event; `.unknown` for names outside SPEC §2.
    public var event: LifecycleEvent
    /// For `.unknown` events, the name as written; otherwise `.none`.
    public var unknownName: Symbol
    /// The `pid`, when present.
    public var pid: Int64?
    /// The `scene` identifier, or `.none`.
    public var scene: Symbol
    /// The `task` identifier, when present.
    public var task: TaskID?
    /// `begin`/`end` for spans; `.instant` without `phase`.
    public var phase: Phase
    /// The interpreted `reason`.
    public var reasonCode: ReasonCode
    /// The `reason` text, or `.none`.
    public var reason: Symbol
    /// The `name` value (a background task's name), or `.none`.
    public var name: Symbol
    /// The `kind` of a `bgsched.start` (`.refresh` when absent).
    public var kind: ScheduledTaskKind

    /// Creates a record; only `line`, `time` and `event` are required.
    @inlinable
    public init(
        line: Int, time: Timestamp, event: LifecycleEvent, unknownName: Symbol = .none,
        pid: Int64? = nil, scene: Symbol = .none, task: TaskID? = nil, phase: Phase = .instant,
        reasonCode: ReasonCode = .none, reason: Symbol = .none, name: Symbol = .none,
        kind: ScheduledTaskKind = .refresh
    ) {
        self.line = line
        self.time = time
        self.event = event
        self.unknownName = unknownName
        self.pid = pid
        self.scene = scene
        self.task = task
        self.phase = phase
        self.reasonCode = reasonCode
        self.reason = reason
        self.name = name
        self.kind = kind
    }
}
