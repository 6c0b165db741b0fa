import Foundation
import Testing

/// The house style's checks on the tree itself: one top-level type per file under Sources/,
/// and `scripts/check-docs` (a `///` comment on every public declaration), on the real
/// tree and on small fixtures that show what it catches.
@Suite struct HouseStyleTests {
    static let sources = CommandLineTests.root.appendingPathComponent("Sources")
    static let checkDocs = CommandLineTests.root.appendingPathComponent("scripts/check-docs")

    /// The Swift files under Sources/, relative to it, sorted.
    static func swiftFiles() throws -> [String] {
        let walker = FileManager.default.enumerator(atPath: sources.path)
        var files: [String] = []
        while let path = walker?.nextObject() as? String {
            if path.hasSuffix(".swift") { files.append(path) }
        }
        return files.sorted()
    }

    /// The names of the types a file declares at its top level (column 0).
    static func topLevelTypes(in text: String) -> [String] {
        let keywords: Set<Substring> = ["struct", "enum", "class", "protocol", "actor"]
        let modifiers: Set<Substring> = ["public", "internal", "package", "private", "fileprivate", "final", "indirect"]
        var names: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let first = line.first, first.isLetter else { continue }
            var words = line.split(separator: " ")[...]
            while let word = words.first, modifiers.contains(word) { words = words.dropFirst() }
            guard let keyword = words.first, keywords.contains(keyword), let name = words.dropFirst().first else { continue }
            names.append(String(name.prefix { $0.isLetter || $0.isNumber || $0 == "_" }))
        }
        return names
    }

    @Test func everySourceFileHoldsOneTopLevelTypeNamedAfterIt() throws {
        let files = try Self.swiftFiles()
        #expect(files.count > 100)
        for file in files {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            let types = Self.topLevelTypes(in: text)
            #expect(types.count <= 1, "\(file) declares \(types)")
            // `Type.swift` holds `Type`; `Type+Concern.swift` holds extensions only.
            let name = String(file.split(separator: "/").last!.dropLast(".swift".count))
            if name.contains("+") {
                #expect(types.isEmpty, "\(file) declares \(types)")
            } else if let type = types.first {
                #expect(type == name, "\(file) declares \(type)")
            }
        }
    }

    /// The lower modules and what their files may import: the layering of docs/ARCHITECTURE.md
    /// (Replay and Report on Core only, Pipeline without reporting), over and above what
    /// Package.swift lets the compiler enforce.
    static let allowedImports: [(module: String, imports: Set<String>)] = [
        ("LCTraceCore", ["LCTracePlatform"]),
        ("LCTraceReplay", ["LCTraceCore", "LCTracePlatform"]),
        ("LCTraceReport", ["LCTraceCore", "LCTracePlatform", "Foundation"]),
        ("LCTraceIngest", ["LCTraceCore", "LCTracePlatform", "CLCTraceZstd", "Foundation"]),
        ("LCTraceAppleFormats", ["LCTraceCore", "LCTraceIngest", "LCTracePlatform", "Foundation"]),
        ("LCTracePipeline", ["LCTraceCore", "LCTraceIngest", "LCTraceAppleFormats", "LCTraceReplay", "LCTracePlatform", "Foundation"]),
    ]

    @Test(arguments: allowedImports.map(\.module))
    func moduleImportsOnlyItsLayers(module: String) throws {
        let allowed = Self.allowedImports.first { $0.module == module }!.imports
        let files = try Self.swiftFiles().filter { $0.hasPrefix(module + "/") }
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                var words = line.split(separator: " ")[...]
                if words.first == "@_exported" { words = words.dropFirst() }
                guard words.first == "import", let name = words.dropFirst().first else { continue }
                #expect(allowed.contains(String(name)), "\(file) imports \(name)")
            }
        }
    }

    @Test func topLevelTypesAreFoundBehindModifiers() {
        let text = """
            /// A.
            public struct A {
                struct Nested {}
            }
            final class B {}
            private enum C: Int { case x }
            extension A {}
            """
        #expect(Self.topLevelTypes(in: text) == ["A", "B", "C"])
    }

    static func runCheckDocs(on directory: URL) throws -> CommandLineTests.Outcome {
        try CommandLineTests.runExecutable(Self.checkDocs, [directory.path])
    }

    static func fixture(_ files: [String: String]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-check-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        return directory
    }

    @Test func checkDocsPassesOnTheTree() throws {
        let r = try CommandLineTests.runExecutable(Self.checkDocs, [])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test func checkDocsListsUndocumentedPublicDeclarations() throws {
        let directory = try Self.fixture([
            "Documented.swift": """
            /// A value.
            public struct Documented {
                /// The count.
                public var count = 0
                /// Creates one.
                @inlinable
                public init() {}
                var internalOnes = 0
                public private(set) var hidden = 0
            }
            """,
            "Bare.swift": """
            public enum Bare {
                public static func < (lhs: Bare, rhs: Bare) -> Bool { false }
            }
            """,
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let r = try Self.runCheckDocs(on: directory)
        #expect(r.status == 1)
        let listed = r.stdout.split(separator: "\n").map { String($0.dropFirst(directory.path.count + 1)) }
        #expect(
            listed == [
                "Bare.swift:1: public enum Bare {",
                "Bare.swift:2: public static func < (lhs: Bare, rhs: Bare) -> Bool { false }",
                "Documented.swift:9: public private(set) var hidden = 0",
            ])
        #expect(r.stderr.contains("3 public declaration(s) without a /// doc comment"))
    }

    @Test func checkDocsPassesWhenEverythingIsDocumented() throws {
        let directory = try Self.fixture([
            "Fine.swift": """
            /// A value.
            public struct Fine {
                /// Orders them.
                public static func < (lhs: Fine, rhs: Fine) -> Bool { false }
            }
            """
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let r = try Self.runCheckDocs(on: directory)
        #expect(r.status == 0, "\(r.stdout)")
        #expect(r.stdout.isEmpty)
    }
}
