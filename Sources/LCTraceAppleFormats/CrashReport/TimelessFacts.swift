import LCTraceCore

/// What a MetricKit crash diagnostic given as a FILE says for the join of a piece with no time
/// (SPEC §8, ``EvidencePiece``): the window of the payload it came in (`timeStampBegin`…
/// `timeStampEnd`; `nil` ends for a bare diagnostic) and its `appVersion`, `appBuildVersion`
/// and `osVersion` as written, exactly what the `--metrickit` path joins it by.
public struct TimelessFacts: Sendable, Equatable {
    /// The start of the payload's window.
    public var windowBegin: Timestamp?
    /// The end of the payload's window.
    public var windowEnd: Timestamp?
    /// `appVersion` (`5.2.1`).
    public var appVersion: String?
    /// `appBuildVersion` (`412`).
    public var appBuild: String?
    /// `osVersion` as written (`iPhone OS 17.4 (21E219)`).
    public var osVersion: String?

    /// Creates the facts.
    public init(
        windowBegin: Timestamp? = nil, windowEnd: Timestamp? = nil, appVersion: String? = nil, appBuild: String? = nil,
        osVersion: String? = nil
    ) {
        self.windowBegin = windowBegin
        self.windowEnd = windowEnd
        self.appVersion = appVersion
        self.appBuild = appBuild
        self.osVersion = osVersion
    }
}
