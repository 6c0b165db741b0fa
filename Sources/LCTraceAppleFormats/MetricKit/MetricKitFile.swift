import Foundation
import LCTraceCore
import LCTraceIngest

/// What one `--metrickit` file holds, as far as lctrace uses it.
public struct MetricKitFile: Sendable {
    /// The file as the user named it.
    public var path: String
    /// Every diagnostic, in index order.
    public var diagnostics: [MetricKitDiagnostic] = []
    /// How many diagnostic payloads and bare diagnostics the file holds.
    public var diagnosticPayloads = 0
    /// How many metric payloads the file holds.
    public var metricPayloads = 0
    /// The summed exit counters of its metric payloads (missing counters are 0 and absent).
    public var exits: [MetricKitExit: Int] = [:]

    /// Creates an empty file record.
    public init(path: String) {
        self.path = path
    }

    /// The largest file read (real payloads are kilobytes; call-stack trees make a few MiB).
    public static let maximumBytes = 32 << 20
    /// The deepest nesting read (real call-stack trees reach about 130 levels).
    public static let maximumDepth = 512

    /// Reads and parses the file at `path`.
    ///
    /// - Throws: ``MetricKitError`` when it cannot be read, is too large, or is not a MetricKit file.
    public static func read(path: String) throws(MetricKitError) -> MetricKitFile {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw MetricKitError(path: path, message: "cannot be read (missing or not permitted)")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
        } catch {
            throw MetricKitError(path: path, message: "cannot be read: \(error.localizedDescription)")
        }
        guard data.count <= maximumBytes else {
            throw MetricKitError(
                path: path, message: "larger than \(maximumBytes >> 20) MiB: expected a MetricKit payload (kilobytes)")
        }
        return try parse(Array(data), path: path)
    }

    /// The files `--metrickit` arguments name: a file as given, a directory as every `.json`
    /// under it, recursively (SPEC §8, 2028 edition), in path order.
    ///
    /// - Throws: ``MetricKitError`` for a path that does not exist.
    public static func paths(_ arguments: [String]) throws(MetricKitError) -> [String] {
        var result: [String] = []
        for argument in arguments {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                throw MetricKitError(path: argument, message: "no such file or directory")
            }
            guard isDirectory.boolValue else {
                result.append(argument)
                continue
            }
            // Every `.json` under the folder, recursively (SDKs store payloads by day or device).
            let names = (FileManager.default.subpaths(atPath: argument) ?? []).filter { name in
                var folder: ObjCBool = false
                let base = argument.hasSuffix("/") ? argument : argument + "/"
                return name.hasSuffix(".json") && FileManager.default.fileExists(atPath: base + name, isDirectory: &folder)
                    && !folder.boolValue
            }
            let base = argument.hasSuffix("/") ? argument : argument + "/"
            result += names.sorted().map { base + $0 }
        }
        return result
    }

    /// Parses the bytes of a file named `path`.
    ///
    /// - Throws: ``MetricKitError`` naming the file, and the key path or byte where the
    ///   content is not as expected.
    public static func parse(_ bytes: [UInt8], path: String) throws(MetricKitError) -> MetricKitFile {
        guard bytes.count <= maximumBytes else {
            throw MetricKitError(path: path, message: "larger than \(maximumBytes >> 20) MiB: expected a MetricKit payload")
        }
        // A UTF-8 byte order mark is no part of the JSON; Foundation skipped it, and so do we.
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let value: JSONNode
        do throws(ScanFailure) {
            value = try JSONLexer.document(start == 0 ? bytes : Array(bytes[start...]), maximumDepth: maximumDepth)
        } catch {
            if error.expected == JSONLexer.nestingFailure(maximumDepth: maximumDepth), let offset = error.offset {
                throw MetricKitError(
                    path: path, message: "\(error.expected) at byte \(start + offset): expected a MetricKit payload")
            }
            throw MetricKitError(
                path: path, message: "not JSON: \(error.located(in: bytes, from: start)): expected \(MetricKitShape.expected)")
        }
        var file = MetricKitFile(path: path)
        if let array = value.elements {
            for (position, element) in array.enumerated() {
                try file.add(element, keyPath: "[\(position)]", payloadIndex: position)
            }
        } else {
            try file.add(value, keyPath: "", payloadIndex: nil)
        }
        return file
    }
}
