import LCTraceCore

/// The `sarif` format: SARIF 2.1.0 for code-scanning services (GitHub code scanning,
/// Azure DevOps, IDE viewers).
///
/// One run. `tool.driver` lists every rule, sorted by id, so `ruleIndex` is stable
/// across runs and the catalogue is visible even in a clean report. Each finding is one
/// result whose location is the finding's file and line (lines below 1 are raised to 1,
/// as SARIF requires); the finding's pid, scene, task, state, event, time and exit class
/// go in the result's `properties`. Every input file is an `artifact`; inputs that could
/// not be read are `toolExecutionNotifications` of the invocation, which is then not
/// successful. Key order is fixed and the output depends only on the run and the
/// working directory.
public struct SARIFReporter: Reporter {
    /// `sarif`.
    public static let format = ReportFormat.sarif

    /// The JSON Schema URI written as `$schema`.
    public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"

    /// The options; `workingDirectory` makes artifact URIs relative.
    public var options: ReportOptions

    /// Creates a reporter.
    public init(options: ReportOptions = ReportOptions()) {
        self.options = options
    }

    /// Writes the log, pretty-printed, followed by a newline.
    public func write<Output: TextOutputStream>(_ run: RunReport, to output: inout Output) {
        JSONWriter.write(document(for: run), pretty: true, to: &output)
        output.write("\n")
    }

    /// The whole SARIF log.
    public func document(for run: RunReport) -> JSONValue {
        let rules = Rule.allCases.sorted()
        var ruleIndex: [Rule: Int] = [:]
        for (i, rule) in rules.enumerated() { ruleIndex[rule] = i }

        var artifactIndex: [String: Int] = [:]
        for (i, file) in run.files.enumerated() where artifactIndex[file.path] == nil {
            artifactIndex[file.path] = i
        }

        let driver = JSONValue.object([
            ("name", .string("lctrace")),
            ("version", .string(run.toolVersion)),
            ("semanticVersion", .string(run.toolVersion)),
            ("informationUri", .string(ProjectLinks.home)),
            ("rules", .array(rules.map(Self.descriptor))),
        ])
        let results = run.files.flatMap { file in
            file.findings.map { finding in
                result(for: finding, ruleIndex: ruleIndex[finding.rule]!, artifactIndex: artifactIndex[finding.file])
            }
        }
        let sarifRun = JSONValue.object([
            ("tool", .object([("driver", driver)])),
            ("invocations", .array([invocation(run.unreadable)])),
            ("artifacts", .array(run.files.map { .object([("location", location(of: $0.path, index: nil))]) })),
            ("results", .array(results)),
        ])
        return .object([
            ("$schema", .string(Self.schemaURI)),
            ("version", .string("2.1.0")),
            ("runs", .array([sarifRun])),
        ])
    }

    /// A rule's `reportingDescriptor`.
    static func descriptor(_ rule: Rule) -> JSONValue {
        let rationale = rule.documentation.rationale
        return .object([
            ("id", .string(rule.id)),
            ("name", .string(rule.name)),
            ("shortDescription", .object([("text", .string(rule.summary))])),
            ("fullDescription", .object([("text", .string(rationale.isEmpty ? rule.summary : rationale))])),
            ("helpUri", .string(ProjectLinks.help(for: rule))),
            ("defaultConfiguration", .object([("level", .string(level(rule.severity)))])),
        ])
    }

    /// The SARIF `level` of a severity (the names coincide).
    static func level(_ severity: Severity) -> String { severity.name }

    private func result(for finding: Finding, ruleIndex: Int, artifactIndex: Int?) -> JSONValue {
        var properties: [(key: String, value: JSONValue)] = []
        if let pid = finding.pid { properties.append(("pid", .integer(pid))) }
        if let scene = finding.scene { properties.append(("scene", .string(scene))) }
        if let task = finding.task { properties.append(("task", JSONReporter.task(task))) }
        if let owner = finding.owner { properties.append(("owner", .string(owner))) }
        if let state = finding.state { properties.append(("state", .string(state))) }
        if let event = finding.event { properties.append(("event", .string(event))) }
        if let time = finding.time { properties.append(("time", .string(time.rfc3339))) }
        if let exit = finding.exitClass { properties.append(("exit", .string(exit.name))) }
        properties.append(("source", .string(finding.source.rawValue)))

        let physical = JSONValue.object([
            ("artifactLocation", location(of: finding.file, index: artifactIndex)),
            ("region", .object([("startLine", .int(max(1, finding.line)))])),
        ])
        var members: [(key: String, value: JSONValue)] = [
            ("ruleId", .string(finding.rule.id)),
            ("ruleIndex", .int(ruleIndex)),
            ("level", .string(Self.level(finding.severity))),
            ("message", .object([("text", .string(finding.message))])),
            ("locations", .array([.object([("physicalLocation", physical)])])),
        ]
        if !properties.isEmpty { members.append(("properties", .object(properties))) }
        return .object(members)
    }

    private func location(of path: String, index: Int?) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("uri", .string(ArtifactPath.uri(path, workingDirectory: options.workingDirectory)))
        ]
        if let index { members.append(("index", .int(index))) }
        return .object(members)
    }

    private func invocation(_ unreadable: [UnreadableInput]) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("executionSuccessful", .bool(unreadable.isEmpty))]
        if !unreadable.isEmpty {
            members.append(
                (
                    "toolExecutionNotifications",
                    .array(
                        unreadable.map { input in
                            .object([
                                ("level", .string("error")),
                                ("message", .object([("text", .string(input.message))])),
                                ("locations", .array([.object([("physicalLocation", .object([("artifactLocation", location(of: input.path, index: nil))]))])])),
                            ])
                        })
                ))
        }
        return .object(members)
    }
}
