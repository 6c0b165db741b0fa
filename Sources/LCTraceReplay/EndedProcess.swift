import LCTraceCore

/// What the engine still needs of a process whose session ended and whose machine was
/// reclaimed: enough to report later records of its pid (LC102, LC100 for a second launch,
/// LC400 against its clock) and to carry its own `meta` over to a relaunch.
struct EndedProcess {
    /// The line of the record that ended its last session.
    var endedLine: Int
    /// The clock (LC400).
    var maxTime: Timestamp
    var maxLine: Int
    var behind: Bool
    /// Whether observer records were seen for it.
    var sawObserver: Bool
    /// Its own meta.
    var ownApp: String?
    var ownOS: Int??
    var ownOSText: String?
    var ownVersion: String?
    var ownModes: Bool?
    var ownModel: ModelChoice?
    /// When the machine was created, relative to the others (keeps the order of `finish`).
    var serial: Int
    /// The number of its last session (LC102 for its later records belongs to it).
    var session: Int
}
