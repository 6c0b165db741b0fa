/// The kinds of diagnostic an `MXDiagnosticPayload` holds, each under its own key.
public enum MetricKitDiagnosticKind: String, CaseIterable, Sendable, Hashable {
    /// `crashDiagnostics`: the process died; joins and ends a session.
    case crash
    /// `hangDiagnostics`: the main thread hung (`hangDuration`).
    case hang
    /// `cpuExceptionDiagnostics`.
    case cpuException = "cpu-exception"
    /// `diskWriteExceptionDiagnostics`.
    case diskWriteException = "disk-write-exception"
    /// `appLaunchDiagnostics` (`launchDuration`).
    case appLaunch = "app-launch"

    /// The kind's name in reports (`hang`, `cpu-exception`, …).
    public var name: String { rawValue }

    /// The payload key that holds diagnostics of this kind.
    public var payloadKey: String {
        switch self {
        case .crash: return "crashDiagnostics"
        case .hang: return "hangDiagnostics"
        case .cpuException: return "cpuExceptionDiagnostics"
        case .diskWriteException: return "diskWriteExceptionDiagnostics"
        case .appLaunch: return "appLaunchDiagnostics"
        }
    }

    /// The kind a payload key holds, or `nil` for any other key.
    public init?(payloadKey: String) {
        guard let kind = Self.allCases.first(where: { $0.payloadKey == payloadKey }) else { return nil }
        self = kind
    }
}
