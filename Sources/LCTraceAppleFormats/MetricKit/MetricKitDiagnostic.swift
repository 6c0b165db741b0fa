import LCTraceCore

/// One diagnostic of a MetricKit file, holding only what lctrace uses.
///
/// Everything else a diagnostic carries (call-stack trees, localized metrics such as
/// `totalCPUTime`, region info) is never read.
public struct MetricKitDiagnostic: Equatable, Sendable {
    /// What kind of diagnostic it is.
    public var kind: MetricKitDiagnosticKind
    /// Its index in the file (SPEC §8): `[0]` for a bare diagnostic, `[n]` for the n-th
    /// diagnostic of a payload (all kinds, in key order), `[payload, n]` in an array.
    public var index: [Int]
    /// `diagnosticMetaData.pid` (iOS 17 and later); `nil` when absent or `-1`.
    public var pid: Int?
    /// `diagnosticMetaData.bundleIdentifier`, when written.
    public var bundleIdentifier: String?
    /// `diagnosticMetaData.appVersion` (`5.2.1`), when written.
    public var appVersion: String?
    /// `diagnosticMetaData.appBuildVersion` (`412`), when written.
    public var appBuildVersion: String?
    /// `diagnosticMetaData.osVersion` (`iPhone OS 17.4 (21E219)`), when written.
    public var osVersion: String?
    /// `diagnosticMetaData.terminationReason`, as written (crash diagnostics).
    public var terminationReason: String?
    /// `diagnosticMetaData.exceptionType` (a Mach exception number).
    public var exceptionType: Int?
    /// `diagnosticMetaData.signal`.
    public var signal: Int?
    /// `diagnosticMetaData.hangDuration`, as written (a localized string such as `20 secs.`).
    public var hangDuration: String?
    /// `diagnosticMetaData.launchDuration`, as written.
    public var launchDuration: String?
    /// A crash's stack whose code its death names (`callStackTree`, SPEC §10), else `nil`.
    public var stack: CodeStack?
    /// The payload's `timeStampBegin`, when the diagnostic came in a payload that has one.
    public var windowBegin: Timestamp?
    /// The payload's `timeStampEnd`.
    public var windowEnd: Timestamp?

    /// Creates a diagnostic.
    public init(
        kind: MetricKitDiagnosticKind, index: [Int], pid: Int? = nil, bundleIdentifier: String? = nil,
        terminationReason: String? = nil, exceptionType: Int? = nil, signal: Int? = nil,
        hangDuration: String? = nil, launchDuration: String? = nil,
        windowBegin: Timestamp? = nil, windowEnd: Timestamp? = nil
    ) {
        self.kind = kind
        self.index = index
        self.pid = pid
        self.bundleIdentifier = bundleIdentifier
        self.terminationReason = terminationReason
        self.exceptionType = exceptionType
        self.signal = signal
        self.hangDuration = hangDuration
        self.launchDuration = launchDuration
        self.windowBegin = windowBegin
        self.windowEnd = windowEnd
    }
}
