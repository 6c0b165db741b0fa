/// One app's lane of the generated log: its current session's planned records
/// and what has been written of them.
///
/// Apps are interleaved by time; each runs one process at a time, so a lane
/// plans its next session only when the previous one has been written out.
struct AppStream {
    /// The app's index (its bundle id is `com.example.app<index+1>`).
    let index: Int
    /// `meta` tails for the app model (0) and the scene model (1).
    let metaTails: [[UInt8]]
    /// The current session's records.
    var queue: [PlannedRecord] = []
    /// The next record of `queue` to write.
    var cursor = 0
    /// The current session's pid (`nil` in a no-pid stream).
    var pid: Int64?
    /// Whether the current session follows the scene model.
    var sceneModel = false
    /// The current session's scene identifiers.
    var sceneIDs: [[UInt8]] = []
    /// The time of the last planned record; the next session starts after it.
    var clock: Int64
    /// The latest time written for the current pid (for the records added at a cut).
    var lastWritten: Int64 = .min
    /// Tasks open in what has been written, for closing them at a cut.
    var openTasks: [TaskRef] = []
    /// The session was left running; the next one must follow and reveal it (LC103).
    var relaunchPending = false
    /// That next session was already counted against the session limit.
    var nextReserved = false
    /// A planted LC202 waiting for the suspension that judges it.
    var deferred: PlantedFinding?
    /// No more sessions for this app.
    var done = false
    /// The app's LC105/LC106 (``GeneratorOptions/sdk``) is planted: once per app.
    var sceneLifecyclePlanted = false

    init(index: Int, metaTails: [[UInt8]], clock: Int64) {
        self.index = index
        self.metaTails = metaTails
        self.clock = clock
    }

    /// Whether every planned record has been written.
    var isExhausted: Bool { cursor >= queue.count }
}
