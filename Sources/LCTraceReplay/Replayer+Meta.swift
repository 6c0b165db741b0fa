import LCTraceCore

extension Replayer {
    /// Applies a `meta` record: to its pid, or as the default for every process.
    mutating func applyMeta(_ record: Record, _ meta: SessionMeta, symbols: borrowing SymbolTable) {
        observer?(.meta(pid: record.pid, line: record.line, app: meta.app, os: meta.os, version: meta.version))
        var model: ModelChoice?
        if let text = meta.model {
            if let choice = Self.explicitModel(text) {
                model = choice
            } else {
                findings.append(
                    Finding(
                        rule: .malformedRecord, file: path, line: record.line, time: record.time, pid: record.pid,
                        event: LifecycleEvent.meta.canonicalName,
                        message: "unknown model '\(text)' in 'meta': expected 'uikit-app' or 'uikit-scene'"))
            }
        }
        let os: Int?? = meta.os.map(Self.osMajor)
        let modes = meta.modes.map(SessionMeta.exemptsBackgroundBudgets)
        if let pid = record.pid {
            let idx = machineIndex(pid: pid)
            guard idx >= 0 else {
                reportProcessLimit(record)
                return
            }
            if let app = meta.app { processes[idx].ownApp = app }
            if let os = meta.os { processes[idx].ownOSText = os }
            if let version = meta.version { processes[idx].ownVersion = version }
            if let os { processes[idx].ownOS = os }
            if let modes { processes[idx].ownModes = modes }
            if let model { processes[idx].ownModel = model }
            if let sdk = meta.sdk { sdkOfPid[pid] = sdk }
            resolveMeta(idx)
        } else {
            if let app = meta.app { defaultApp = app }
            if let os = meta.os { defaultOSText = os }
            if let version = meta.version { defaultVersion = version }
            if let os { defaultOS = os }
            if let modes { defaultModes = modes }
            if let model { defaultModel = model }
            if let sdk = meta.sdk { defaultSDK = sdk }
            for idx in processes.indices { resolveMeta(idx) }
        }
    }

    /// Resolves a process's OS, modes and model: its own meta, else the default meta, else the
    /// configuration.
    mutating func resolveMeta(_ idx: Int) {
        let os: Int? = processes[idx].ownOS ?? defaultOS ?? configOS
        processes[idx].allowance = limits.bgtaskAllowance(osMajor: os)
        processes[idx].exempt = processes[idx].ownModes ?? defaultModes ?? declaredModesExempt(idx) ?? false
        switch processes[idx].ownModel ?? defaultModel ?? configuration.model {
        case .uikitScene:
            processes[idx].sceneBased = true
            processes[idx].modelExplicit = true
        case .uikitApp:
            processes[idx].sceneBased = false
            processes[idx].modelExplicit = true
        case .auto:
            processes[idx].modelExplicit = false
        }
        processes[idx].refreshDue(expiration: limits[.expiration], refresh: limits[.refresh])
    }

    /// Whether the `UIBackgroundModes` of the process's Info.plist exempt it (SPEC §11: the
    /// modes of a log's own `meta.modes` replace them); `nil` without a plist or its modes.
    func declaredModesExempt(_ idx: Int) -> Bool? {
        guard !configuration.declarations.isEmpty else { return nil }
        return declaration(idx)?.modes.map(SessionMeta.exemptsBackgroundBudgets)
    }

    /// The Info.plist that describes the process's app, if the run has one.
    func declaration(_ idx: Int) -> AppDeclaration? {
        guard !configuration.declarations.isEmpty else { return nil }
        return AppDeclaration.applying(to: processes[idx].ownApp ?? defaultApp, in: configuration.declarations)
    }

    /// The SDK the process's app was built with: its `meta.sdk`, the file's, else its
    /// Info.plist's (SPEC §11: a log's own `meta.sdk` wins); `nil` when nothing says it.
    func builtSDK(_ idx: Int) -> String? {
        if let pid = processes[idx].pid, let sdk = sdkOfPid[pid] { return sdk }
        if let defaultSDK { return defaultSDK }
        // A watchOS or AppKit target's SDK says nothing about a UIKit app's scene requirement.
        guard let plist = declaration(idx), plist.target == .uikitApp else { return nil }
        return plist.sdk
    }

    /// The model `meta.model` names (`uikit-app` or `uikit-scene`); `nil` for `auto` or an
    /// unknown name. Two comparisons (a short string compares in one step) instead of
    /// `ModelChoice(rawValue:)`'s string switch, about 300 instructions per `meta` record.
    @inline(__always)
    static func explicitModel(_ text: String) -> ModelChoice? {
        if text == "uikit-app" { return .uikitApp }
        if text == "uikit-scene" { return .uikitScene }
        return nil
    }

    /// The major version of an OS version string (`"17.4"` → 17); `nil` without leading digits.
    static func osMajor(_ text: String) -> Int? {
        var value = 0
        var digits = 0
        for byte in text.utf8 {
            guard byte >= 0x30 && byte <= 0x39 else { break }
            value = value * 10 + Int(byte - 0x30)
            digits += 1
            if digits > 6 { return nil }
        }
        return digits > 0 ? value : nil
    }
}
