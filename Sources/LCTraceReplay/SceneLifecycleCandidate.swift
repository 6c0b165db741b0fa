import LCTraceCore

/// A recording's LC105 or LC106, held until the end of the file (a scene record later in the
/// same process withdraws it: that process has a scene delegate after all).
struct SceneLifecycleCandidate {
    /// The machine and session it was noted in.
    var serial: Int
    var session: Int
    /// The app it is about (`meta.app`), once per file and app.
    var app: String?
    var finding: Finding
    var withdrawn = false
}
