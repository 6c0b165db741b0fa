import Foundation
import LCTraceCore

/// The Info.plist of one generated app, as `gen --info-plist` writes it beside the log
/// (SPEC §11, docs/INFOPLIST.md): what a replay of the log with it must find is planted, in
/// the log (LC311, ``GeneratorOptions/plistRules``) and in the plist itself (``planted``).
///
/// One plist per app, each naming its app in `CFBundleIdentifier` (`meta.app`), so that each
/// is evidence for the logs of its own app; all of them declare the same, because every
/// generated app runs the same model, modes, SDK and identifiers. The plist holds:
///
/// | key | value |
/// | --- | --- |
/// | `CFBundleIdentifier` | `com.example.app<N>` |
/// | `UIBackgroundModes` | ``GeneratorOptions/modes`` (absent when none) |
/// | `BGTaskSchedulerPermittedIdentifiers` | every identifier the log schedules tasks under (the continued tasks by their wildcard, `com.example.export.*`), but `com.example.backup`, which planted LC311 registers |
/// | `DTPlatformName`, `DTPlatformVersion`, `DTSDKName`, `CFBundleSupportedPlatforms` | with ``GeneratorOptions/sdk`` only: a built plist (`iphoneos`, the SDK, `iphoneos<SDK>`) |
/// | `UIApplicationSceneManifest` | for the `scene` and `mixed` models: one window scene configuration; the `app` model has none |
///
/// and the keys of an iOS app bundle (`CFBundlePackageType` `APPL`, `LSRequiresIPhoneOS`,
/// `UIDeviceFamily`, …), so that it is judged as a UIKit app.
public struct GeneratedInfoPlist: Sendable, Equatable {
    /// The app's bundle identifier (its logs' `meta.app`).
    public var bundleIdentifier: String
    /// `UIBackgroundModes`; empty writes no key.
    public var modes: [String]
    /// `BGTaskSchedulerPermittedIdentifiers`.
    public var permittedIdentifiers: [String]
    /// The SDK the plist says the app was built with; `nil` for a source plist.
    public var sdk: String?
    /// Whether it declares the scene life cycle (`UIApplicationSceneManifest`).
    public var sceneManifest: Bool

    /// The identifier that no generated plist permits, which planted LC311 registers.
    public static let unlistedIdentifier = ReasonText.scheduledNames[Int(SessionPlanner.unlistedRow)][0]

    /// The identifiers every generated plist permits (``ReasonText/permittedRows``).
    public static let permitted: [String] = ReasonText.permittedRows.flatMap { ReasonText.scheduledNames[$0] }

    /// The plist of each app `options` generate, in the order of
    /// ``GeneratorOptions/bundleIdentifiers``.
    public static func plists(for options: GeneratorOptions) -> [GeneratedInfoPlist] {
        options.bundleIdentifiers.map {
            GeneratedInfoPlist(
                bundleIdentifier: $0, modes: options.modes, permittedIdentifiers: permitted, sdk: options.sdk,
                sceneManifest: options.model != .app)
        }
    }

    /// What a replay finds in the plist itself, at its line 1 (SPEC §11): a UIKit app's plist
    /// without a scene manifest is LC105 when built with SDK 27 or later, else LC106 (an
    /// earlier SDK, an SDK without digits, or a source plist). A plist with a manifest: none.
    public var planted: [PlantedFinding] {
        guard !sceneManifest else { return [] }
        let required = sdk.flatMap(AppDeclaration.sdkMajor).map { $0 >= AppDeclaration.sceneRequiredSDK } ?? false
        return [PlantedFinding(rule: required ? .sceneLifecycleRequired : .sceneLifecycleSoon, line: 1)]
    }

    /// The plist's keys and values, as `PropertyListSerialization` takes them.
    public var dictionary: [String: Any] {
        let name = "App" + bundleIdentifier.drop { !$0.isNumber }
        var plist: [String: Any] = [
            "CFBundleDevelopmentRegion": "en",
            "CFBundleExecutable": name,
            "CFBundleIdentifier": bundleIdentifier,
            "CFBundleInfoDictionaryVersion": "6.0",
            "CFBundleName": name,
            "CFBundlePackageType": "APPL",
            "CFBundleShortVersionString": "1.0",
            "CFBundleVersion": "1",
            "LSRequiresIPhoneOS": true,
            "UIDeviceFamily": [1, 2],
            "UILaunchScreen": [String: Any](),
            "BGTaskSchedulerPermittedIdentifiers": permittedIdentifiers,
        ]
        if !modes.isEmpty { plist["UIBackgroundModes"] = modes }
        if let sdk {
            plist["DTPlatformName"] = "iphoneos"
            plist["DTPlatformVersion"] = sdk
            plist["DTSDKName"] = sdk.first?.isNumber == true ? "iphoneos" + sdk : sdk
            plist["CFBundleSupportedPlatforms"] = ["iPhoneOS"]
        }
        if sceneManifest {
            plist["UIApplicationSceneManifest"] = [
                "UIApplicationSupportsMultipleScenes": true,
                "UISceneConfigurations": [
                    "UIWindowSceneSessionRoleApplication": [
                        [
                            "UISceneConfigurationName": "Default Configuration",
                            "UISceneDelegateClassName": name + ".SceneDelegate",
                        ]
                    ]
                ],
            ]
        }
        return plist
    }

    /// The plist as XML, written by Foundation's `PropertyListSerialization` (keys sorted, so
    /// the same options give the same bytes).
    ///
    /// - Throws: What `PropertyListSerialization` throws (nothing for these values).
    public func xml() throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: dictionary, format: .xml, options: 0)
    }

    /// Where the plist of app `index` (from 0) of `count` lives beside the log at `path`, by
    /// convention: the log's name with `.zst`, then `.jsonl` (or `.ndjson`) dropped and
    /// `.Info.plist` added (`gen/a.jsonl.zst` → `gen/a.Info.plist`); with several apps,
    /// `.app<N>.Info.plist` (`gen/a.app2.Info.plist`).
    public static func path(forLog path: String, app index: Int, of count: Int) -> String {
        PlantedFinding.stem(ofLog: path) + (count > 1 ? ".app\(index + 1).Info.plist" : ".Info.plist")
    }
}
