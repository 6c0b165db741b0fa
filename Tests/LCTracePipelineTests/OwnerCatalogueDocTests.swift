import Foundation
import LCTraceCore
import Testing

/// docs/OWNERS.md lists the built-in owner catalogue as the code holds it: every entry, in
/// order, with its owner and source.
@Suite struct OwnerCatalogueDocTests {
    @Test func documentListsTheCatalogue() throws {
        let text = try String(contentsOf: RepositoryPaths.root.appendingPathComponent("docs/OWNERS.md"), encoding: .utf8)
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| `") }.map(String.init)
        let expected = OwnerCatalogue.builtinEntries.map { "| `\($0.prefix)` | \($0.owner) | \($0.source) |" }
        #expect(rows == expected, "docs/OWNERS.md is stale: update its table from OwnerCatalogue+Builtin.swift")
    }
}
