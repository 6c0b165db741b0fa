/// The list of Apple's images (SPEC §10): how a frame with no path (MetricKit's
/// `binaryName`, a text report without `Binary Images:`) is known to be the system's. A frame
/// with a path is judged by its path (`/System/`, `/usr/lib/`, …), never by this list.
///
/// The data: every name below was seen in a real report or MetricKit payload (the files of
/// `shared/realworld/crashreports` and `shared/realworld/metrickit`, and the `Binary Images:`
/// of the text reports there, whose paths put them under `/System/` or `/usr/lib/`), plus the
/// prefixes Apple's own libraries share. docs/DEATHS.md "Whose code" explains how to add one.
public enum SystemImages {
    /// Apple's images by exact name.
    public static let names: Set<String> = [
        // Frameworks seen on the main threads of real watchdog kills and crashes.
        "UIKitCore", "UIKit", "CoreFoundation", "Foundation", "GraphicsServices", "FrontBoardServices",
        "BoardServices", "BaseBoard", "RunningBoardServices", "QuartzCore", "CoreGraphics", "ColorSync",
        "CoreText", "ImageIO", "SwiftUI", "SwiftUICore", "AttributeGraph", "CFNetwork", "Network", "Security",
        "WebKit", "WebCore", "JavaScriptCore", "CoreData", "CoreServices", "MobileCoreServices", "AppSupport",
        "UIFoundation", "CoreUI", "CoreAutoLayout", "TCC", "AudioSession", "AudioToolbox", "AudioToolboxCore",
        "AVFAudio", "AVFoundation", "CoreMedia", "CoreAudio", "MediaToolbox", "CoreHaptics", "caulk",
        "UpdateCycle", "Metal", "CoreLocation", "UserNotifications", "StoreKit", "MapKit", "Combine",
        "SpringBoardServices", "CoreTelephony", "SystemConfiguration", "IOKit", "IOSurface", "OpenGLES",
        "CoreImage", "Photos", "PhotosUI", "Accelerate", "vImage", "CoreML", "Vision", "ARKit", "SceneKit",
        "SpriteKit", "GameController", "MetricKit", "BackgroundTasks", "CloudKit", "Contacts", "EventKit",
        "HealthKit", "LocalAuthentication", "MessageUI", "SafariServices", "AuthenticationServices",
        "PassKit", "PassKitCore", "Intents", "IntentsCore", "WidgetKit", "ExtensionFoundation",
        "dyld", "dyld_sim", "AGXMetalA12", "AGXMetal13_3", "libEmbeddedSystemAUs.dylib",
        // Libraries (also under `/usr/lib/`).
        "libsystem_kernel.dylib", "libsystem_pthread.dylib", "libsystem_platform.dylib", "libsystem_malloc.dylib",
        "libsystem_c.dylib", "libsystem_trace.dylib", "libsystem_info.dylib", "libsystem_m.dylib",
        "libsystem_blocks.dylib", "libsystem_notify.dylib", "libsystem_darwin.dylib", "libsystem_containermanager.dylib",
        "libdispatch.dylib", "libdyld.dylib", "libobjc.A.dylib", "libc++.1.dylib", "libc++abi.dylib",
        "libxpc.dylib", "libcorecrypto.dylib", "libsqlite3.dylib", "libz.1.dylib", "libicucore.A.dylib",
        "libAudioToolboxUtility.dylib", "libcache.dylib", "libcompiler_rt.dylib", "libunwind.dylib",
        "libswiftCore.dylib", "libswiftFoundation.dylib", "libswiftDispatch.dylib", "libswift_Concurrency.dylib",
        "libswiftObjectiveC.dylib", "libswiftCoreFoundation.dylib", "libswiftDarwin.dylib", "libswiftUIKit.dylib",
    ]

    /// Prefixes only Apple's libraries use (`libsystem_`, `libswift`).
    public static let prefixes: [String] = ["libsystem_", "libswift", "libdispatch", "libobjc"]

    /// Whether `name` is one of Apple's images.
    public static func isApple(_ name: String) -> Bool {
        names.contains(name) || prefixes.contains { name.hasPrefix($0) }
    }
}
