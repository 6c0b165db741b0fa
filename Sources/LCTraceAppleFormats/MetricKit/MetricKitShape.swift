import LCTraceIngest

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
    package static func detect(_ object: JSONNode) -> MetricKitShape? {
        guard let members = object.members else { return nil }
        if members.contains(where: { MetricKitDiagnosticKind(payloadKey: $0.key) != nil }) { return .diagnosticPayload }
        if object.has("diagnosticMetaData") && (object.has("callStackTree") || object.has("version")) {
            return .diagnostic
        }
        let metricKeys = ["applicationExitMetrics", "applicationLaunchMetrics", "applicationTimeMetrics", "cpuMetrics"]
        if metricKeys.contains(where: object.has) || (object.has("metaData") && object.has("appVersion")) {
            return .metricPayload
        }
        // A payload whose every diagnostic list was empty and left out still has its window
        // and nothing else.
        if !members.isEmpty && members.allSatisfy({ $0.key == "timeStampBegin" || $0.key == "timeStampEnd" }) {
            return .diagnosticPayload
        }
        return nil
    }

    /// The kind of a bare diagnostic, told by what its metadata holds (a bare diagnostic does
    /// not name its kind): a termination reason, exception or signal is a crash; `hangDuration`
    /// a hang; `launchDuration` an app launch; `writesCaused` a disk-write exception;
    /// `totalCPUTime` a CPU exception. `nil` when nothing tells.
    package static func bareKind(_ metadata: JSONNode) -> MetricKitDiagnosticKind? {
        if metadata.has("terminationReason") || metadata.has("exceptionType") || metadata.has("signal") {
            return .crash
        }
        if metadata.has("hangDuration") { return .hang }
        if metadata.has("launchDuration") { return .appLaunch }
        if metadata.has("writesCaused") { return .diskWriteException }
        if metadata.has("totalCPUTime") { return .cpuException }
        return nil
    }
}
