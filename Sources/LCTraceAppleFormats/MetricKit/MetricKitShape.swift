/// The shapes of JSON that `--metrickit` reads, decided in this one place.
///
/// A new shape (Apple's announced Swift-native MetricKit, say) is one more case here and one
/// more branch in ``MetricKitFile``'s reading of it.
public enum MetricKitShape: String, CaseIterable, Sendable {
    /// An `MXDiagnosticPayload` (`jsonRepresentation()`): diagnostics under `crashDiagnostics`,
    /// `hangDiagnostics`, `cpuExceptionDiagnostics`, `diskWriteExceptionDiagnostics`,
    /// `appLaunchDiagnostics`, and the window `timeStampBegin`…`timeStampEnd`.
    case diagnosticPayload
    /// One diagnostic as SDKs store it: `version`, `callStackTree`, `diagnosticMetaData`.
    case diagnostic
    /// An `MXMetricPayload`: `applicationExitMetrics` and other metrics, `metaData`, `appVersion`.
    case metricPayload

    /// What a file that is none of these was expected to be, for error messages.
    public static let expected =
        "an MXDiagnosticPayload (crashDiagnostics, hangDiagnostics, …), a single diagnostic "
        + "(version, callStackTree, diagnosticMetaData), an MXMetricPayload (applicationExitMetrics, metaData), "
        + "or a JSON array of them"

    /// The shape of one JSON object, or `nil` when it is none of them.
    public static func detect(_ object: [String: Any]) -> MetricKitShape? {
        if object.keys.contains(where: { MetricKitDiagnosticKind(payloadKey: $0) != nil }) { return .diagnosticPayload }
        if object["diagnosticMetaData"] != nil && (object["callStackTree"] != nil || object["version"] != nil) {
            return .diagnostic
        }
        let metricKeys = ["applicationExitMetrics", "applicationLaunchMetrics", "applicationTimeMetrics", "cpuMetrics"]
        if metricKeys.contains(where: { object[$0] != nil }) || (object["metaData"] != nil && object["appVersion"] != nil) {
            return .metricPayload
        }
        // A payload whose every diagnostic list was empty and left out still has its window
        // and nothing else.
        if !object.isEmpty && object.keys.allSatisfy({ $0 == "timeStampBegin" || $0 == "timeStampEnd" }) {
            return .diagnosticPayload
        }
        return nil
    }

    /// The kind of a bare diagnostic, told by what its metadata holds (a bare diagnostic does
    /// not name its kind): a termination reason, exception or signal is a crash; `hangDuration`
    /// a hang; `launchDuration` an app launch; `writesCaused` a disk-write exception;
    /// `totalCPUTime` a CPU exception. `nil` when nothing tells.
    public static func bareKind(_ metadata: [String: Any]) -> MetricKitDiagnosticKind? {
        if metadata["terminationReason"] != nil || metadata["exceptionType"] != nil || metadata["signal"] != nil {
            return .crash
        }
        if metadata["hangDuration"] != nil { return .hang }
        if metadata["launchDuration"] != nil { return .appLaunch }
        if metadata["writesCaused"] != nil { return .diskWriteException }
        if metadata["totalCPUTime"] != nil { return .cpuException }
        return nil
    }
}
