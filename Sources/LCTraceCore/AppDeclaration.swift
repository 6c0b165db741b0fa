/// What an app's Info.plist declares (SPEC §11): its bundle, its background modes, the
/// scheduled-task identifiers it permits, the SDK it was built with and whether it declares
/// the scene life cycle. Read from the plist in LCTraceAppleFormats (`InfoPlist/`), judged in
/// LCTraceReplay (LC105, LC106, LC311), so neither side needs the other.
public struct AppDeclaration: Sendable, Equatable {
    /// Which kind of target the plist belongs to: only a UIKit app is judged for the scene
    /// life cycle (docs/INFOPLIST.md).
    public enum Target: String, Sendable, Equatable {
        /// A UIKit app (iOS, iPadOS, tvOS, visionOS, Mac Catalyst): iOS 27's scene requirement applies.
        case uikitApp = "uikit-app"
        /// A watchOS app (WatchKit or SwiftUI on watchOS): it has no UIScene life cycle.
        case watchApp = "watch-app"
        /// An AppKit app on macOS: NSApplication, no UIKit.
        case appKitApp = "appkit-app"
        /// Not an app at all (an extension, a framework, a bundle), or nothing in it says which
        /// platform it is for.
        case other
    }

    /// The plist as the user named it: findings about the plist itself name it, at line 1.
    public var path: String
    /// `CFBundleIdentifier`, as written (a source plist's `$(PRODUCT_BUNDLE_IDENTIFIER)` kept).
    public var bundleIdentifier: String?
    /// `UIBackgroundModes`: the process's modes when its log has no `meta.modes`.
    public var modes: [String]?
    /// `BGTaskSchedulerPermittedIdentifiers`; `nil` when the key is absent: the key is what
    /// makes LC311 checkable (SPEC §11), so without it nothing is judged.
    public var permittedIdentifiers: [String]?
    /// The SDK: `DTPlatformVersion`, else the version in `DTSDKName` (`iphoneos27.0` → `27.0`).
    public var sdk: String?
    /// Built (Xcode wrote `DTPlatformVersion` or `DTSDKName` into the bundle) or source.
    public var isBuilt: Bool
    /// `UIApplicationSceneManifest` is present (its `UISceneConfigurations` may be empty).
    public var declaresSceneManifest: Bool
    /// The kind of target.
    public var target: Target

    /// Creates a declaration.
    public init(
        path: String, bundleIdentifier: String? = nil, modes: [String]? = nil, permittedIdentifiers: [String]? = nil,
        sdk: String? = nil, isBuilt: Bool = false, declaresSceneManifest: Bool = false, target: Target = .uikitApp
    ) {
        self.path = path
        self.bundleIdentifier = bundleIdentifier
        self.modes = modes
        self.permittedIdentifiers = permittedIdentifiers
        self.sdk = sdk
        self.isBuilt = isBuilt
        self.declaresSceneManifest = declaresSceneManifest
        self.target = target
    }

    /// Whether this plist is evidence for a log of `app` (`meta.app`): its
    /// `CFBundleIdentifier` equals it, a `$(VARIABLE)` in it matching any text.
    public func describes(app: String) -> Bool {
        guard let bundleIdentifier else { return false }
        return Self.matches(bundleIdentifier, app, trailingStar: false)
    }

    /// Whether `identifier` is one of ``permittedIdentifiers``: equal to an entry, or beginning
    /// with the text before an entry's final `*` (`com.x.export.*`), a `$(VARIABLE)` in an
    /// entry matching any text. `true` when the plist lists none (nothing to judge).
    public func permits(_ identifier: String) -> Bool {
        guard let permittedIdentifiers else { return true }
        return permittedIdentifiers.contains { Self.matches($0, identifier, trailingStar: true) }
    }

    /// The declaration of a run's plists that applies to a log of `app`: the one whose
    /// bundle identifier describes it, else the run's only plist (it describes every log).
    public static func applying(to app: String?, in declarations: [AppDeclaration]) -> AppDeclaration? {
        if declarations.count == 1 { return declarations[0] }
        guard let app else { return nil }
        return declarations.first { $0.describes(app: app) }
    }

    /// The major version of an SDK text (`"27.0"` → 27, `"iphoneos26.2"` → 26); `nil` without digits.
    public static func sdkMajor(_ text: String) -> Int? {
        let digits = text.drop(while: { !$0.isASCII || !$0.isNumber }).prefix(while: { $0.isASCII && $0.isNumber })
        guard !digits.isEmpty, digits.count < 7 else { return nil }
        return Int(digits)
    }

    /// The SDK of iOS 27, from which an app that has not adopted the scene life cycle cannot launch.
    public static let sceneRequiredSDK = 27

    /// Matches `text` against `pattern`: literal characters, `$(…)` as any text, and with
    /// `trailingStar` a final `*` as any text. Backtracking over at most a few wildcards of
    /// short strings; bounded by the lengths' product.
    static func matches(_ pattern: String, _ text: String, trailingStar: Bool) -> Bool {
        enum Piece: Equatable {
            case literal(Character)
            case any
        }
        var pieces: [Piece] = []
        var rest = Substring(pattern)
        while let c = rest.first {
            if rest.hasPrefix("$("), let close = rest.firstIndex(of: ")") {
                if pieces.last != .any { pieces.append(.any) }
                rest = rest[rest.index(after: close)...]
                continue
            }
            if c == "*" && trailingStar && rest.count == 1 {
                if pieces.last != .any { pieces.append(.any) }
                rest = rest.dropFirst()
                continue
            }
            pieces.append(.literal(c))
            rest = rest.dropFirst()
        }
        let chars = Array(text)
        // Classic glob matching with one remembered star position: linear for one wildcard.
        var p = 0
        var t = 0
        var star = -1
        var mark = 0
        while t < chars.count {
            if p < pieces.count, case .literal(let c) = pieces[p], c == chars[t] {
                p += 1
                t += 1
            } else if p < pieces.count, pieces[p] == .any {
                star = p
                mark = t
                p += 1
            } else if star >= 0 {
                p = star + 1
                mark += 1
                t = mark
            } else {
                return false
            }
        }
        while p < pieces.count, pieces[p] == .any { p += 1 }
        return p == pieces.count
    }
}
