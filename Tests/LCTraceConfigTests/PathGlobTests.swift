import LCTraceConfig
import Testing

/// The `excluded` patterns: `*`, `?`, `**`, and a pattern that names a folder.
@Suite struct PathGlobTests {
    @Test(arguments: [
        ("fixtures/**", "fixtures/a.jsonl", true),
        ("fixtures/**", "fixtures/deep/er/a.jsonl", true),
        ("fixtures/**", "other/fixtures/a.jsonl", false),
        ("fixtures", "fixtures/deep/a.jsonl", true),
        ("fixtures", "fixturesX/a.jsonl", false),
        ("**/*.tmp.jsonl", "a.tmp.jsonl", true),
        ("**/*.tmp.jsonl", "x/y/a.tmp.jsonl", true),
        ("**/*.tmp.jsonl", "x/y/a.jsonl", false),
        ("*.jsonl", "a.jsonl", true),
        ("*.jsonl", "sub/a.jsonl", false),
        ("logs/day-?.jsonl", "logs/day-1.jsonl", true),
        ("logs/day-?.jsonl", "logs/day-10.jsonl", false),
        ("a/**/b", "a/b", true),
        ("a/**/b", "a/x/y/b", true),
        ("a/**/b", "a/x/y/c", false),
        ("./logs/*", "logs/x", true),
        ("*a*b*", "xxaybzz", true),
        ("*a*b*", "xxbyazz", false),
    ])
    func matches(pattern: String, path: String, expected: Bool) throws {
        #expect(try PathGlob(pattern).matches(path) == expected, "\(pattern) ~ \(path)")
    }

    @Test(arguments: ["", ".", "./", "./."])
    func emptyPatternsAreRefused(pattern: String) {
        #expect(throws: PathGlob.Problem.empty) { try PathGlob(pattern) }
    }

    @Test(arguments: ["/", "/etc/**", "../sibling/**", "a/../../b"])
    func patternsLeavingTheFolderAreRefused(pattern: String) {
        #expect(throws: PathGlob.Problem.outsideFolder) { try PathGlob(pattern) }
    }

    @Test(arguments: [
        ("/repo", "fixtures/x.jsonl", "/repo", true),
        ("/repo", "./fixtures/../fixtures/x.jsonl", "/repo", true),
        ("/repo", "x.jsonl", "/repo/fixtures", true),
        ("/repo", "/elsewhere/fixtures/x.jsonl", "/repo", false),
        (".", "fixtures/x.jsonl", "/repo", true),
        ("/repo/sub", "fixtures/x.jsonl", "/repo", false),
    ])
    func excludedPathsAreRelativeToTheFilesFolder(folder: String, path: String, cwd: String, expected: Bool) throws {
        let excluded = ExcludedPaths(folder: folder, patterns: [try PathGlob("fixtures/**")], workingDirectory: cwd)
        #expect(excluded.excludes(path, workingDirectory: cwd) == expected, "\(folder) \(path) from \(cwd)")
    }
}
