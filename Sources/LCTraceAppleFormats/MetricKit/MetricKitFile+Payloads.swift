import LCTraceCore
import LCTraceIngest

extension MetricKitFile {
    /// Adds one top-level value (the document, or one element of a top-level array).
    mutating func add(_ value: JSONNode, keyPath: String, payloadIndex: Int?) throws(MetricKitError) {
        let values = MetricKitValues(path: path)
        guard let members = value.members, let shape = MetricKitShape.detect(value) else {
            throw MetricKitError(
                path: path, keyPath: keyPath.isEmpty ? nil : keyPath,
                message: "expected \(MetricKitShape.expected), found \(MetricKitValues.describe(value))")
        }
        func index(_ n: Int) -> [Int] { payloadIndex.map { [$0, n] } ?? [n] }
        switch shape {
        case .diagnosticPayload:
            diagnosticPayloads += 1
            let begin = try values.time("timeStampBegin", in: value, at: keyPath)
            let end = try values.time("timeStampEnd", in: value, at: keyPath)
            // A reversed window would join nothing, silently: the file is wrong, say where.
            if let begin, let end, end < begin {
                throw MetricKitError(
                    path: path, keyPath: MetricKitValues.join(keyPath, "timeStampEnd"),
                    message: "\(end.rfc3339) is before timeStampBegin \(begin.rfc3339): expected the end of the payload's window at or after its beginning")
            }
            // The kinds in the order their keys appear: the diagnostics' indexes depend on it.
            var kinds: [MetricKitDiagnosticKind] = []
            for member in members {
                if let kind = MetricKitDiagnosticKind(payloadKey: member.key), !kinds.contains(kind) { kinds.append(kind) }
            }
            var n = 0
            for kind in kinds {
                let listPath = MetricKitValues.join(keyPath, kind.payloadKey)
                guard let list = try values.array(kind.payloadKey, in: value, at: keyPath) else { continue }
                for (position, element) in list.enumerated() {
                    let elementPath = "\(listPath)[\(position)]"
                    guard element.members != nil else {
                        throw MetricKitError(
                            path: path, keyPath: elementPath,
                            message: "expected a diagnostic (an object), found \(MetricKitValues.describe(element))")
                    }
                    var read = try values.diagnostic(element, kind: kind, index: index(n), at: elementPath)
                    read.windowBegin = begin
                    read.windowEnd = end
                    diagnostics.append(read)
                    n += 1
                }
            }
        case .diagnostic:
            diagnosticPayloads += 1
            let metadataPath = MetricKitValues.join(keyPath, "diagnosticMetaData")
            guard let metadata = try values.object("diagnosticMetaData", in: value, at: keyPath),
                let kind = MetricKitShape.bareKind(metadata)
            else {
                throw MetricKitError(
                    path: path, keyPath: metadataPath,
                    message:
                        "expected a diagnostic's metadata that tells its kind (terminationReason, exceptionType or signal; hangDuration; launchDuration; writesCaused; totalCPUTime)"
                )
            }
            diagnostics.append(try values.diagnostic(value, kind: kind, index: index(0), at: keyPath))
        case .metricPayload:
            metricPayloads += 1
            guard let exitMetrics = try values.object("applicationExitMetrics", in: value, at: keyPath) else { return }
            let exitPath = MetricKitValues.join(keyPath, "applicationExitMetrics")
            for (key, visibility) in [("foregroundExitData", DeathVisibility.foreground), ("backgroundExitData", .background)] {
                guard let counters = try values.object(key, in: exitMetrics, at: exitPath) else { continue }
                let countersPath = MetricKitValues.join(exitPath, key)
                for (counter, exitClass) in MetricKitExit.counterClasses {
                    guard let count = try values.count(counter, in: counters, at: countersPath), count > 0 else { continue }
                    let row = MetricKitExit(exitClass: exitClass, visibility: visibility)
                    let (sum, overflow) = exits[row, default: 0].addingReportingOverflow(count)
                    guard !overflow else {
                        throw MetricKitError(
                            path: path, keyPath: MetricKitValues.join(countersPath, counter), message: "the counts overflow when summed")
                    }
                    exits[row] = sum
                }
            }
        }
    }
}
