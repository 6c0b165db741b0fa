import LCTraceAppleFormats
import LCTraceCore
import LCTraceReplay

/// The Info.plists of a run (SPEC §11): those given with `--info-plist` and every FILE that
/// is a property list by content, read once, taken out of the logs, and given to the replay
/// of every log as ``ReplayConfiguration/declarations``. Each plist is also a file of the
/// run: its own LC105 or LC106, at line 1 (``Replayer/judge(_:rules:)``).
public struct InfoPlistEvidence: Sendable {
    /// The inputs that are not plists: the logs (and other evidence) to replay.
    public var logs: [String]
    /// What each readable plist declares, in the order named.
    public var declarations: [AppDeclaration] = []
    /// The plists that could not be read (exit 2, SPEC §6), in the order named.
    public var unreadable: [UnreadableInput] = []
    /// Where each plist came in the order of the run's inputs: declarations and unreadable
    /// plists interleaved as named.
    private var order: [Result<AppDeclaration, UnreadableInput>] = []

    /// Separates the plists from the other inputs and reads them.
    ///
    /// - Parameters:
    ///   - paths: the run's inputs; a regular file that starts like a property list is a plist.
    ///   - infoPlists: the plists named with `--info-plist`.
    public init(_ paths: [String], infoPlists: [String] = []) {
        var plists = infoPlists
        logs = []
        for path in paths {
            if InfoPlistFile.isPropertyList(path: path) {
                plists.append(path)
            } else {
                logs.append(path)
            }
        }
        var seen: Set<String> = []
        for path in plists where seen.insert(path).inserted {
            do {
                let declaration = try InfoPlistFile.read(path: path)
                declarations.append(declaration)
                order.append(.success(declaration))
            } catch {
                unreadable.append(error.unreadableInput)
                order.append(.failure(error.unreadableInput))
            }
        }
    }

    /// Whether the run has any plist, readable or not.
    public var isEmpty: Bool { order.isEmpty }

    /// `configuration` with the plists' declarations.
    public func configuring(_ configuration: ReplayConfiguration) -> ReplayConfiguration {
        var configured = configuration
        configured.declarations += declarations
        return configured
    }

    /// Each readable plist as a file of the run: no events, its own findings.
    public func results(rules: RuleSettings) -> [FileResult] {
        declarations.map { Replayer.judge($0, rules: rules) }
    }
}
