import Foundation
import LCTraceCore
import LCTracePlatform

/// An app's Info.plist as evidence (SPEC §11; docs/INFOPLIST.md): recognised by content
/// (`<?xml` with a `plist` DOCTYPE or root, or `bplist00`), read with Foundation's
/// `PropertyListSerialization` (XML and binary alike) after ``InfoPlistBounds`` has checked
/// its shape, and turned into the ``AppDeclaration`` the replay judges. It reads; it never
/// judges (LC105, LC106 and LC311 are the replay's).
public enum InfoPlistFile {
    /// The largest plist read (a real Info.plist is a few KiB).
    public static let maximumBytes = 4 << 20

    /// How much of a file decides whether it is a plist.
    static let sniffLength = 1024

    /// Whether bytes start like a property list: `bplist00`, or (after a BOM and blanks)
    /// `<?xml` with `<!DOCTYPE plist` or `<plist` in the first KiB.
    public static func isPropertyList(_ head: ArraySlice<UInt8>) -> Bool {
        if head.starts(with: Array("bplist00".utf8)) { return true }
        var body = head
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        body = body.drop(while: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
        guard body.starts(with: Array("<?xml".utf8)) else { return false }
        let text = String(decoding: body.prefix(sniffLength), as: UTF8.self)
        return text.contains("<!DOCTYPE plist") || text.contains("<plist")
    }

    /// Whether the file at `path` is a property list, by its first KiB: only a regular file
    /// (standard input, a FIFO or a device cannot be read twice); `false` when it cannot be read.
    public static func isPropertyList(path: String) -> Bool {
        EvidenceFile.head(path, length: sniffLength).map { isPropertyList($0[...]) } ?? false
    }

    /// Reads and parses the plist at `path`.
    ///
    /// - Parameters:
    ///   - path: the file.
    ///   - displayName: the name findings and errors use; the path by default.
    /// - Returns: what the plist declares.
    /// - Throws: ``InfoPlistError`` naming the file: unreadable, too large, hostile or damaged.
    public static func read(path: String, displayName: String? = nil) throws(InfoPlistError) -> AppDeclaration {
        let name = displayName ?? path
        let bytes: [UInt8]
        do {
            bytes = try FileContents.read(path, maximumBytes: maximumBytes)
        } catch {
            var failure = InfoPlistError(path: name, reason: error.reason(maximumBytes: maximumBytes))
            if case .system(let code) = error { failure.systemCode = code }
            throw failure
        }
        return try parse(bytes, name: name)
    }

    /// Parses plist bytes (XML or binary).
    ///
    /// - Throws: ``InfoPlistError``: not a property list, a hostile shape (``InfoPlistBounds``),
    ///   damaged, or a root that is not a dictionary.
    public static func parse(_ bytes: [UInt8], name: String) throws(InfoPlistError) -> AppDeclaration {
        guard isPropertyList(bytes.prefix(sniffLength)) else {
            throw InfoPlistError(path: name, reason: "not a property list: it starts with neither '<?xml' and a plist DOCTYPE nor 'bplist00'")
        }
        let binary = bytes.starts(with: Array("bplist00".utf8))
        if let problem = binary ? InfoPlistBounds.binaryProblem(bytes) : InfoPlistBounds.xmlProblem(bytes) {
            throw InfoPlistError(path: name, reason: "not read as an Info.plist: \(problem)")
        }
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            throw InfoPlistError(path: name, reason: "a damaged property list (\(binary ? "binary" : "XML")): \(Self.describe(error))")
        }
        guard let plist = root as? [String: Any] else {
            throw InfoPlistError(path: name, reason: "not an Info.plist: its root is not a dictionary")
        }
        return declaration(plist, path: name)
    }

    /// What a parsed Info.plist declares.
    static func declaration(_ plist: [String: Any], path: String) -> AppDeclaration {
        let platformVersion = plist["DTPlatformVersion"] as? String
        let sdkName = plist["DTSDKName"] as? String
        var sdk = platformVersion
        if sdk == nil, let sdkName, let digit = sdkName.firstIndex(where: { $0.isASCII && $0.isNumber }) {
            sdk = String(sdkName[digit...])
        }
        return AppDeclaration(
            path: path, bundleIdentifier: plist["CFBundleIdentifier"] as? String, modes: strings(plist["UIBackgroundModes"]),
            permittedIdentifiers: strings(plist["BGTaskSchedulerPermittedIdentifiers"]), sdk: sdk,
            isBuilt: plist["DTPlatformVersion"] != nil || plist["DTSDKName"] != nil,
            declaresSceneManifest: plist["UIApplicationSceneManifest"] != nil, target: target(plist))
    }

    /// Which kind of target the plist belongs to (docs/INFOPLIST.md): watchOS and AppKit apps
    /// have no UIScene requirement, and neither has anything that is not an app.
    static func target(_ plist: [String: Any]) -> AppDeclaration.Target {
        if plist["NSExtension"] != nil || plist["EXAppExtensionAttributes"] != nil { return .other }
        // A source plist writes `$(PRODUCT_BUNDLE_PACKAGE_TYPE)`: the build decides, so it may be an app.
        if let type = plist["CFBundlePackageType"] as? String, type != "APPL", !type.hasPrefix("$(") { return .other }
        let platform = (plist["DTPlatformName"] as? String)?.lowercased() ?? ""
        let supported = (strings(plist["CFBundleSupportedPlatforms"]) ?? []).map { $0.lowercased() }
        let watch =
            platform.hasPrefix("watch") || supported.contains { $0.hasPrefix("watch") } || plist["WKApplication"] != nil
            || plist["WKWatchKitApp"] != nil || plist["WKWatchOnly"] != nil || plist["WKCompanionAppBundleIdentifier"] != nil
        if watch { return .watchApp }
        let uikitKeys = [
            "LSRequiresIPhoneOS", "UIDeviceFamily", "UIApplicationSceneManifest", "UILaunchScreen", "UILaunchStoryboardName",
            "UIMainStoryboardFile", "UIRequiredDeviceCapabilities", "UISupportedInterfaceOrientations", "UIBackgroundModes",
            "UIApplicationSupportsIndirectInputEvents", "UIStatusBarStyle", "MinimumOSVersion",
        ]
        let uikit = uikitKeys.contains { plist[$0] != nil }
        let iosPlatforms = ["iphoneos", "iphonesimulator", "appletvos", "appletvsimulator", "xros", "xrsimulator"]
        if iosPlatforms.contains(platform) || supported.contains(where: { $0.hasPrefix("iphone") || $0.hasPrefix("appletv") || $0.hasPrefix("xr") }) {
            return .uikitApp
        }
        // A Mac app: AppKit unless it carries UIKit's keys (Mac Catalyst has UIDeviceFamily 6).
        let mac =
            platform == "macosx" || supported.contains("macosx") || plist["LSMinimumSystemVersion"] != nil
            || plist["NSPrincipalClass"] as? String == "NSApplication" || plist["NSMainNibFile"] != nil
            || plist["NSMainStoryboardFile"] != nil
        if mac { return plist["UIDeviceFamily"] != nil ? .uikitApp : .appKitApp }
        return uikit ? .uikitApp : .other
    }

    private static func strings(_ value: Any?) -> [String]? {
        guard let array = value as? [Any] else { return nil }
        return array.compactMap { $0 as? String }
    }

    /// Foundation's error as one short line.
    private static func describe(_ error: any Error) -> String {
        let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error.localizedDescription)"
        return String(text.split(whereSeparator: \.isNewline).first ?? "unreadable")
    }
}
