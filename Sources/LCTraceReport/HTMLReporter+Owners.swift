import LCTraceCore

extension HTMLReporter {
    /// The owners of background tasks over every file of the run, worst first (SPEC §8
    /// "Owners"; what `audit --format html` shows of the fleet), or nothing when no finding is
    /// about a task.
    static func ownersSection(_ run: RunReport) -> String {
        let owners = run.files.reduce([OwnerTally]()) { $0.isEmpty && $1.owners.isEmpty ? $0 : OwnerTally.sum($0, $1.owners) }
        guard !owners.isEmpty else { return "" }
        var html = """
            <section id="owners" aria-label="Owners">
            <h2>Owners of background tasks <small>worst first</small></h2>
            <table class="files owners"><thead><tr><th>owner</th><th class="n">deaths caused</th><th class="n">open at deaths</th><th class="n">sessions</th><th class="n">findings</th><th>by rule</th></tr></thead><tbody>

            """
        for t in owners {
            let rules = Rule.allCases.compactMap { r in t.findings[r].map { "\(r.id) \(ReportText.grouped($0))" } }
            html += "<tr><td class=\"path\">\(t.owner.map(text) ?? "<i>unknown</i>")</td>"
            html += "<td class=\"n\(t.deaths > 0 ? " error" : "")\">\(ReportText.grouped(t.deaths))</td>"
            html += "<td class=\"n\">\(ReportText.grouped(t.openAtDeaths))</td>"
            html += "<td class=\"n\">\(ReportText.grouped(t.sessions))</td><td class=\"n\">\(ReportText.grouped(t.findingCount))</td>"
            html += "<td>\(text(rules.joined(separator: ", ")))</td></tr>\n"
        }
        return html + "</tbody></table>\n</section>\n"
    }
}
