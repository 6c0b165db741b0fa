import LCTraceCore

/// iOS 27's scene requirement (SPEC §11): an app that has not adopted the UIScene life cycle
/// and is built with the iOS 27 SDK cannot launch (LC105); built with an earlier SDK it will
/// not launch once rebuilt (LC106). From a recording: an app-level activation callback (not
/// `via: "notification"`) in a process with no scene record, judged by the SDK the run
/// knows (`meta.sdk`, else the app's built Info.plist); no SDK known, no finding, so logs
/// recorded before `meta.sdk` existed replay as before.
extension Replayer {
    /// Notes the session's first app-delegate activation callback (once per session).
    @inline(never)
    mutating func noteAppDelegateLifecycle(_ idx: Int, _ record: Record) {
        processes[idx].sceneLifecycleSession = processes[idx].session
        // Scene-based (it had a scene record, or its log says `uikit-scene`): LC104's, not ours.
        guard !processes[idx].sceneBased, let sdk = builtSDK(idx), let major = AppDeclaration.sdkMajor(sdk) else { return }
        let app = processes[idx].ownApp ?? defaultApp
        let event = record.event.canonicalName
        let finding: Finding
        if major >= AppDeclaration.sceneRequiredSDK {
            finding = Finding(
                rule: .sceneLifecycleRequired, file: path, line: record.line, time: record.time, pid: processes[idx].pid,
                state: stateName(idx), event: event,
                message:
                    "'\(event)' from the app delegate, no scene life cycle, built with SDK \(sdk): an app built with the iOS 27 SDK that has not adopted UIScene cannot launch on iOS 27"
            )
        } else {
            finding = Finding(
                rule: .sceneLifecycleSoon, file: path, line: record.line, time: record.time, pid: processes[idx].pid,
                state: stateName(idx), event: event,
                message:
                    "'\(event)' from the app delegate, no scene life cycle, built with SDK \(sdk): built with the iOS 27 SDK, which the App Store requires from April 2027, it will not launch"
            )
        }
        sceneLifecycleCandidates.append(
            SceneLifecycleCandidate(serial: processes[idx].serial, session: processes[idx].session, app: app, finding: finding))
    }

    /// A process turned scene-based: its app-delegate callbacks were not its life cycle.
    mutating func withdrawSceneLifecycleCandidate(_ idx: Int) {
        guard !sceneLifecycleCandidates.isEmpty else { return }
        let serial = processes[idx].serial
        let session = processes[idx].session
        for i in sceneLifecycleCandidates.indices
        where sceneLifecycleCandidates[i].serial == serial && sceneLifecycleCandidates[i].session == session {
            sceneLifecycleCandidates[i].withdrawn = true
        }
    }

    /// The candidates left at the end, the first of each app (once per file and app).
    mutating func reportSceneLifecycleCandidates() {
        var apps: Set<String> = []
        for candidate in sceneLifecycleCandidates where !candidate.withdrawn {
            guard apps.insert(candidate.app ?? "").inserted else { continue }
            findings.append(session: candidate.session, candidate.finding)
        }
        sceneLifecycleCandidates.removeAll()
    }

    /// The findings an Info.plist gives about itself, at its line 1 (SPEC §11): a UIKit app's
    /// plist without `UIApplicationSceneManifest` is LC105 when built with SDK 27 or later,
    /// LC106 when built earlier or when it is a source plist (the build may still generate a
    /// manifest). A watchOS, AppKit or non-app plist gives none (docs/INFOPLIST.md).
    ///
    /// - Parameter declaration: what the plist declares.
    /// - Returns: the plist's file result: no events, its findings.
    public static func judge(_ declaration: AppDeclaration, rules: RuleSettings = RuleSettings()) -> FileResult {
        var findings: [Finding] = []
        if declaration.target == .uikitApp && !declaration.declaresSceneManifest {
            let app = declaration.bundleIdentifier.map { " of '\($0)'" } ?? ""
            if declaration.isBuilt, let sdk = declaration.sdk, let major = AppDeclaration.sdkMajor(sdk),
                major >= AppDeclaration.sceneRequiredSDK
            {
                findings.append(
                    Finding(
                        rule: .sceneLifecycleRequired, file: declaration.path, line: 1,
                        message:
                            "built Info.plist\(app) without 'UIApplicationSceneManifest', SDK \(sdk): the app has not adopted the scene life cycle and cannot launch on iOS 27"
                    ))
            } else if declaration.isBuilt {
                let sdk = declaration.sdk.map { ", SDK \($0)" } ?? ""
                findings.append(
                    Finding(
                        rule: .sceneLifecycleSoon, file: declaration.path, line: 1,
                        message:
                            "built Info.plist\(app) without 'UIApplicationSceneManifest'\(sdk): rebuilt with the iOS 27 SDK, which the App Store requires from April 2027, the app will not launch"
                    ))
            } else {
                findings.append(
                    Finding(
                        rule: .sceneLifecycleSoon, file: declaration.path, line: 1,
                        message:
                            "source Info.plist\(app) without 'UIApplicationSceneManifest': unless the build generates a manifest (INFOPLIST_KEY_UIApplicationSceneManifest_Generation), the app built with the iOS 27 SDK will not launch"
                    ))
            }
        }
        var result = FileResult(path: declaration.path, findings: findings)
        rules.apply(to: &result.findings)
        return result
    }
}
