import Foundation
import LCTraceCore
import Testing

/// docs/OWNERS.md lists the built-in owner catalogue as the code holds it: every entry, in
/// order, with its owner and source.
@Suite struct OwnerCatalogueDocTests {
    @Test func documentListsTheCatalogue() throws {
        let text = try String(contentsOf: RepositoryPaths.root.appendingPathComponent("docs/OWNERS.md"), encoding: .utf8)
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| `") }.map(String.init)
        let expected = OwnerCatalogue.builtinEntries.map { entry in
            switch entry.match {
            case .name: return "| `\(entry.prefix)` | \(entry.owner) | \(entry.source) |"
            case .classPrefix: return "| `\(entry.prefix)` | class prefix | \(entry.owner) | \(entry.source) |"
            case .className: return "| `\(entry.prefix)` | class name | \(entry.owner) | \(entry.source) |"
            }
        }
        #expect(rows == expected, "docs/OWNERS.md is stale: update its table from OwnerCatalogue+Builtin.swift")
    }
}
