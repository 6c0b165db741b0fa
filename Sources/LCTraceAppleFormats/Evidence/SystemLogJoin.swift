import LCTraceCore
import LCTraceIngest

/// Joins the findings of system logs (`--system-log`) to those of the instrumented logs of
/// the same run (docs/SYSTEM-LOGS.md, "Instrumented and system logs together"): one fact seen
/// twice is one finding, the instrumented log's, whose message then names the system log's
/// line too; a finding only the system saw is kept in the system log's result, with source
/// `system`.
///
/// Two findings are the same fact when they have the same rule, the same pid (given), the same
/// task (or none), and times within ``SameFact/findingWindow`` of each other (both given).
/// Different pids or times further apart (another run, a reused pid) are two facts.
public enum SystemLogJoin {

    /// Where an instrumented finding is: the file's index in `app`, the finding's in the file.
    private struct Place: Hashable {
        var file: Int
        var finding: Int
    }

    /// Removes from `system` the findings `app` also has, and notes them on `app`'s.
    ///
    /// Pairs are one to one: each system finding takes the nearest instrumented finding of the
    /// same fact (by time) that no other system finding has taken, so two UIKit messages of
    /// two facts never both land on the first.
    public static func join(app: inout [FileResult], system: inout [FileResult]) {
        var taken = Set<Place>()
        for s in system.indices {
            var kept: [Finding] = []
            for finding in system[s].findings {
                if !note(finding, in: &app, taken: &taken) { kept.append(finding) }
            }
            system[s].findings = kept
        }
    }

    /// Notes a system finding on the nearest instrumented finding of the same fact not yet
    /// taken; false when there is none.
    private static func note(_ finding: Finding, in app: inout [FileResult], taken: inout Set<Place>) -> Bool {
        var best: (place: Place, gap: UInt64)?
        for a in app.indices {
            for (i, candidate) in app[a].findings.enumerated() {
                let place = Place(file: a, finding: i)
                guard !taken.contains(place), let gap = SameFact.findingDistance(candidate, finding) else { continue }
                if best == nil || gap < best!.gap { best = (place, gap) }
            }
        }
        guard let place = best?.place else { return false }
        taken.insert(place)
        let mention = "system log \(PrintableText.quoted(finding.file)) line \(finding.line)"
        // A kill taken from the system log already names its line (CrashReportOrigin).
        if !app[place.file].findings[place.finding].message.contains(mention) {
            app[place.file].findings[place.finding].message += " (also in \(mention))"
        }
        return true
    }
}
