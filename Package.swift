// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "lctrace",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "lctrace", targets: ["lctrace"]),
        .library(name: "LCTracePlatform", targets: ["LCTracePlatform"]),
        .library(name: "LCTraceCore", targets: ["LCTraceCore"]),
        .library(name: "LCTraceIngest", targets: ["LCTraceIngest"]),
        .library(name: "LCTraceReplay", targets: ["LCTraceReplay"]),
        .library(name: "LCTraceReport", targets: ["LCTraceReport"]),
        .library(name: "LCTracePipeline", targets: ["LCTracePipeline"]),
        .library(name: "LCTraceAudit", targets: ["LCTraceAudit"]),
        .library(name: "LCTraceGen", targets: ["LCTraceGen"]),
        .library(name: "LCTraceConfig", targets: ["LCTraceConfig"]),
        .library(name: "LCTraceAppleFormats", targets: ["LCTraceAppleFormats"]),
        .executable(name: "lctrace-fuzz", targets: ["lctrace-fuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CLCTraceZstd",
            pkgConfig: "libzstd",
            providers: [.apt(["libzstd-dev"]), .brew(["zstd"])]
        ),
        // The one platform layer: the only module that imports the C library (Glibc, Musl, Darwin).
        .target(name: "LCTracePlatform", dependencies: [.product(name: "SystemPackage", package: "swift-system")]),
        .target(name: "LCTraceCore", dependencies: ["LCTracePlatform"]),
        .target(name: "LCTraceIngest", dependencies: ["LCTraceCore", "CLCTraceZstd"]),
        .target(name: "LCTraceReplay", dependencies: ["LCTraceCore"]),
        // What Apple's tools and iOS write, a folder per format (MetricKit/ today).
        .target(name: "LCTraceAppleFormats", dependencies: ["LCTraceCore", "LCTraceIngest"]),
        .target(name: "LCTraceReport", dependencies: ["LCTraceCore"]),
        .target(name: "LCTraceGen", dependencies: ["LCTraceCore"]),
        .target(
            name: "LCTracePipeline",
            dependencies: ["LCTraceCore", "LCTraceIngest", "LCTraceAppleFormats", "LCTraceReplay"]),
        .target(
            name: "LCTraceAudit",
            dependencies: [
                "LCTraceAppleFormats", "LCTraceCore", "LCTraceIngest", "LCTraceReplay", "LCTraceReport", "LCTracePipeline",
            ]),
        .target(
            name: "LCTraceConfig",
            dependencies: ["LCTraceCore", "LCTraceReplay", "LCTraceReport", .product(name: "Yams", package: "Yams")]),
        .target(name: "LCTraceFuzz", dependencies: ["LCTraceCore", "LCTraceIngest", "LCTraceReplay", "LCTraceAppleFormats"]),
        .executableTarget(name: "lctrace-fuzz", dependencies: ["LCTraceFuzz"]),
        .executableTarget(
            name: "lctrace",
            dependencies: [
                "LCTraceAppleFormats", "LCTraceAudit", "LCTraceConfig", "LCTraceCore", "LCTraceGen", "LCTraceIngest", "LCTracePipeline", "LCTraceReplay",
                "LCTraceReport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "LCTraceCoreTests", dependencies: ["LCTraceCore", "LCTracePlatform"]),
        .testTarget(name: "LCTraceIngestTests", dependencies: ["LCTraceIngest", "LCTraceCore", "CLCTraceZstd", "LCTraceTestSupport"]),
        .testTarget(name: "LCTraceReplayTests", dependencies: ["LCTraceReplay", "LCTraceCore"]),
        .testTarget(
            name: "LCTraceAppleFormatsTests",
            dependencies: ["LCTraceAppleFormats", "LCTraceIngest", "LCTraceCore", "LCTraceTestSupport"], exclude: ["Fixtures"]),
        // Helpers several test targets share (never linked into the tool).
        .target(
            name: "LCTraceTestSupport", dependencies: ["LCTraceIngest", "LCTraceAppleFormats", "LCTraceCore", "CLCTraceZstd"], path: "Tests/LCTraceTestSupport"),
        .testTarget(
            name: "LCTraceReportTests",
            dependencies: ["LCTraceReport", "LCTraceCore", "LCTracePipeline", "LCTraceReplay", "LCTraceAudit", "LCTraceTestSupport"]),
        .testTarget(name: "LCTraceGenTests", dependencies: ["LCTraceGen", "LCTraceCore"]),
        .testTarget(
            name: "LCTraceConfigTests",
            dependencies: ["LCTraceConfig", "LCTraceCore", "LCTraceReplay", "LCTraceReport", "LCTraceTestSupport"]),
        .testTarget(name: "LCTraceCLITests", dependencies: ["lctrace", "LCTraceTestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "LCTraceFuzzTests", dependencies: ["LCTraceFuzz", "LCTraceIngest", "LCTraceCore", "lctrace-fuzz"],
            exclude: ["Regressions"]),
        .testTarget(
            name: "LCTracePipelineTests",
            dependencies: [
                "LCTracePipeline", "LCTraceIngest", "LCTraceReplay", "LCTraceReport", "LCTraceCore", "LCTraceGen", "LCTraceAppleFormats",
                "LCTraceTestSupport",
            ],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "LCTraceAuditTests",
            dependencies: [
                "LCTraceAudit", "LCTracePipeline", "LCTraceIngest", "LCTraceReplay", "LCTraceReport", "LCTraceCore", "LCTraceGen",
                "LCTraceAppleFormats",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
