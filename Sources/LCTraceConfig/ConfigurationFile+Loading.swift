import Foundation
import LCTraceCore
import LCTraceReplay
import LCTraceReport
import Yams

extension ConfigurationFile {
    /// The largest file read: a configuration is a few lines; anything near this is not one.
    public static let maximumSize = 1 << 20
    /// The deepest nesting of collections accepted (a configuration needs 2).
    public static let maximumDepth = 16
    /// The most nodes visited, aliases counted each time they are used: a YAML alias bomb
    /// ("billion laughs") expands past this long before it costs anything.
    public static let maximumNodes = 100_000
    /// Before YAML is parsed (its composer recurses once per level): the most `[` and `{`
    /// in a file, and the longest run of indentation and `-`/`?` indicators opening a line.
    static let maximumFlowOpeners = 256
    static let maximumLineOpening = 128

    /// Reads and checks a configuration file.
    ///
    /// - Parameter path: the file, as found or named.
    /// - Returns: the file's configuration, every key checked.
    /// - Throws: ``ConfigurationError`` naming the file, line and key of the first problem:
    ///   unreadable, too large, not UTF-8, a YAML syntax error, too deeply nested, an unknown
    ///   key, rule or budget, or a value of the wrong type.
    public static func load(path: String) throws(ConfigurationError) -> ConfigurationFile {
        func fail(_ message: String) -> ConfigurationError {
            ConfigurationError(path: path, line: nil, key: nil, message: message)
        }
        let handle: FileHandle
        do {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw fail("no such configuration file")
            }
            if isDirectory.boolValue { throw fail("is a folder, not a configuration file") }
            handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        } catch let error as ConfigurationError {
            throw error
        } catch {
            throw fail("unable to read the configuration file (\(error.localizedDescription))")
        }
        defer { try? handle.close() }
        // At most one byte past the limit is read, whatever the file's size.
        let data: Data
        do {
            data = try handle.read(upToCount: maximumSize + 1) ?? Data()
        } catch {
            throw fail("unable to read the configuration file (\(error.localizedDescription))")
        }
        if data.count > maximumSize {
            throw fail("larger than \(maximumSize / 1024) KiB; a configuration file is a few lines of YAML")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw fail("not UTF-8 text; a configuration file is YAML")
        }
        return try parse(text, path: path)
    }

    /// Parses and checks the text of a configuration file.
    ///
    /// - Parameters:
    ///   - text: the YAML.
    ///   - path: the file's name, for messages and relative paths.
    /// - Throws: ``ConfigurationError`` as ``load(path:)`` (except for reading).
    public static func parse(_ text: String, path: String) throws(ConfigurationError) -> ConfigurationFile {
        try checkText(text, path: path)
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            throw syntaxError(error, path: path)
        }
        var file = ConfigurationFile(path: path)
        guard let root else { return file }  // an empty file configures nothing
        var visited = 0
        try checkSize(root, depth: 0, visited: &visited, path: path)
        if isNull(root) { return file }
        guard case .mapping(let mapping) = root else {
            throw ConfigurationError(
                path: path, line: root.mark?.line, key: nil,
                message: "expected a mapping of keys (\(keys.joined(separator: ", ")))")
        }
        for (keyNode, value) in mapping {
            try file.read(key: keyNode, value: value)
        }
        return file
    }

    // MARK: Hostile files

    /// Refuses, before YAML is parsed, text that a parser should not be asked to read:
    /// nested more deeply than a parser that recurses should follow, or with an alias.
    ///
    /// Aliases (`*name`) are refused outright: a configuration has no use for them, and an
    /// alias bomb used as a mapping key costs Yams exponential time while it composes the
    /// document (it hashes keys to find duplicates), before any check of the tree could
    /// run. The test is lexical and errs on the safe side: a `*` not followed by a blank
    /// after a line start, a space, a tab, `[`, `{`, `,` or `:` counts, in quotes
    /// too; only whole comment lines are skipped (no alias can hide in one).
    static func checkText(_ text: String, path: String) throws(ConfigurationError) {
        func refuse(_ line: Int, _ message: String) -> ConfigurationError {
            ConfigurationError(path: path, line: line, key: nil, message: message)
        }
        let newline = UInt8(ascii: "\n")
        var bytes = Array(text.utf8)
        bytes.append(newline)
        var openers = 0
        var line = 1
        var opening = 0  // indentation and `-`/`?` indicators opening the line so far
        var atLineStart = true
        var commentLine = false
        var previous = newline
        for i in 0..<(bytes.count - 1) {
            let byte = bytes[i]
            defer { previous = byte }
            if byte == newline {
                line += 1
                opening = 0
                atLineStart = true
                commentLine = false
                continue
            }
            if commentLine { continue }
            if atLineStart {
                switch byte {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "-"), UInt8(ascii: "?"):
                    opening += 1
                    if opening > maximumLineOpening {
                        throw refuse(
                            line,
                            "indented or nested more than \(maximumLineOpening) levels on one line: too deeply nested for a configuration file")
                    }
                    continue
                case UInt8(ascii: "#") where previous == newline || previous == UInt8(ascii: " ") || previous == UInt8(ascii: "\t"):
                    commentLine = true
                    continue
                default:
                    atLineStart = false
                }
            }
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                openers += 1
                if openers > maximumFlowOpeners {
                    throw refuse(line, "more than \(maximumFlowOpeners) '[' and '{': too deeply nested for a configuration file")
                }
            } else if byte == UInt8(ascii: "*") && !isBlank(bytes[i + 1]) && aliasMayFollow(previous) {
                throw refuse(
                    line,
                    "YAML aliases ('*name') are not accepted in a configuration file; quote a pattern or text that starts with '*' (\"**/*.tmp.jsonl\")"
                )
            }
        }
    }

    /// A space, a tab or the end of a line: a `*` before one is no alias.
    private static func isBlank(_ b: UInt8) -> Bool {
        b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == UInt8(ascii: "\n") || b == UInt8(ascii: "\r")
    }

    /// Whether an alias token may start after this byte.
    private static func aliasMayFollow(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "\n") || b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == UInt8(ascii: "[")
            || b == UInt8(ascii: "{") || b == UInt8(ascii: ",") || b == UInt8(ascii: ":")
    }

    /// Refuses a tree nested past ``maximumDepth`` or of more than ``maximumNodes`` nodes
    /// once aliases are expanded, stopping at the first node past either limit.
    static func checkSize(_ node: Node, depth: Int, visited: inout Int, path: String) throws(ConfigurationError) {
        visited += 1
        if visited > maximumNodes {
            throw ConfigurationError(
                path: path, line: node.mark?.line, key: nil,
                message: "more than \(maximumNodes) values once aliases are expanded (a YAML alias bomb?)")
        }
        if depth > maximumDepth {
            throw ConfigurationError(
                path: path, line: node.mark?.line, key: nil,
                message: "nested more than \(maximumDepth) levels deep: too deeply nested for a configuration file")
        }
        switch node {
        case .mapping(let m):
            for (k, v) in m {
                try checkSize(k, depth: depth + 1, visited: &visited, path: path)
                try checkSize(v, depth: depth + 1, visited: &visited, path: path)
            }
        case .sequence(let s):
            for v in s { try checkSize(v, depth: depth + 1, visited: &visited, path: path) }
        case .scalar, .alias:
            break
        }
    }

    /// A YAML error as a configuration error with its line.
    static func syntaxError(_ error: Error, path: String) -> ConfigurationError {
        let line: Int?
        let problem: String
        switch error {
        case YamlError.scanner(let context, let p, let mark, _), YamlError.parser(let context, let p, let mark, _),
            YamlError.composer(let context, let p, let mark, _):
            line = mark.line
            problem = p + (context.map { " (\($0.text) at line \($0.mark.line))" } ?? "")
        case YamlError.duplicatedKeysInMapping(let duplicates, let context):
            line = context.mark.line
            problem = "duplicate key " + duplicates.map { "'\($0)'" }.joined(separator: ", ")
        case YamlError.reader(let p, _, _, _):
            line = nil
            problem = p
        default:
            line = nil
            problem = String(describing: error)
        }
        return ConfigurationError(path: path, line: line, key: nil, message: "YAML syntax error: \(problem)")
    }

    /// `~`, `null` or nothing, written plainly.
    static func isNull(_ node: Node) -> Bool {
        guard case .scalar(let s) = node, s.style == .plain else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(s.string)
    }
}
