import Foundation
import Testing

/// Validates documents against the OASIS SARIF 2.1.0 schema with Python's `jsonschema`.
///
/// Never skips: a missing python3, jsonschema or schema file is a test failure, because a
/// silently skipped conformance check is worse than none.
enum SchemaValidator {
    /// Candidate locations of the schema: beside the repository (`../shared`, as in the
    /// project's layout) and the machine-wide shared checkout.
    static func schemaPath(filePath: String = #filePath) -> String? {
        var repoRoot = URL(fileURLWithPath: filePath)
        for _ in 0..<3 { repoRoot.deleteLastPathComponent() }  // file, LCTraceReportTests, Tests
        let candidates = [
            ProcessInfo.processInfo.environment["LCTRACE_SARIF_SCHEMA"],
            repoRoot.appendingPathComponent("../shared/conformance/sarif/sarif-schema-2.1.0.json").standardized.path,
            "/work/shared/conformance/sarif/sarif-schema-2.1.0.json",
        ].compactMap { $0 }
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }

    private static let script = """
        import json, sys
        try:
            import jsonschema
        except ImportError as e:
            print("jsonschema is not installed: %s" % e)
            sys.exit(3)
        with open(sys.argv[1], encoding="utf-8") as f:
            schema = json.load(f)
        with open(sys.argv[2], encoding="utf-8") as f:
            document = json.load(f)
        cls = jsonschema.validators.validator_for(schema)
        cls.check_schema(schema)
        validator = cls(schema, format_checker=cls.FORMAT_CHECKER)
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        for e in errors:
            print("%s: %s" % ("/".join(str(p) for p in e.absolute_path), e.message))
        sys.exit(1 if errors else 0)
        """

    /// The validation errors of `document` (empty when valid).
    ///
    /// - Throws: when python3 cannot run, jsonschema is missing or the schema is not found.
    static func errors(in document: String) throws -> [String] {
        guard let schema = schemaPath() else {
            throw ValidatorUnavailable(reason: "SARIF schema not found (../shared/conformance/sarif or /work/shared)")
        }
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("lctrace-sarif-\(UUID().uuidString).sarif")
        try Data(document.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, schema, file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do {
            try process.run()
        } catch {
            throw ValidatorUnavailable(reason: "cannot run python3: \(error)")
        }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        switch process.terminationStatus {
        case 0: return []
        case 1: return output.split(separator: "\n").map(String.init)
        default: throw ValidatorUnavailable(reason: "python3 exited \(process.terminationStatus): \(output)")
        }
    }

    struct ValidatorUnavailable: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }
}
