import LCTraceCore

/// The join of a piece with no time of death (a MetricKit diagnostic, SPEC §8 "MetricKit"),
/// part of the one join (``EvidenceJoin``): exactly, or not at all.
///
/// It joins a session of its pid whose app is its bundle id where both are known, and whose
/// app version, build and OS agree with its own where both are known (``agrees(_:with:)``).
/// Among several such sessions ("last" is the one that began last; between two of one log
/// that began together, the later in that log), a piece with a window (a payload's
/// `timeStampBegin`…`timeStampEnd`) joins the last that overlaps it; one without, the last.
/// No pid, nothing that matches, or a last session that is a tie between logs (the order the
/// logs were named in would decide) is unjoined, with the reason; never guessed. A piece that
/// speaks of its process's end (a crash diagnostic) never joins a session that ended normally.
extension EvidenceJoin {
    /// Joins a piece with no time to one of `candidates` (positions in `spans` of its pid).
    static func joinTimeless(_ piece: EvidencePiece, pid: Int64, candidates: [Int], in spans: [SessionSpan]) -> Outcome {
        var candidates = candidates
        if let app = piece.app {
            let ofApp = candidates.filter { spans[$0].app == nil || spans[$0].app == app }
            if ofApp.isEmpty, let other = candidates.compactMap({ spans[$0].app }).first {
                return .unjoined("bundle id \(app) differs from \(other)")
            }
            candidates = ofApp
        }
        let ofBuild = candidates.filter { agrees(piece, with: spans[$0]) }
        if ofBuild.isEmpty, let span = candidates.first.map({ spans[$0] }) {
            let said = [piece.appVersion.map { "version \($0)" }, piece.appBuild.map { "build \($0)" }, piece.osVersion.map { "OS \($0)" }]
            let theirs = [span.version.map { "version \($0)" }, span.os.map { "OS \($0)" }]
            return .unjoined(
                "pid \(pid)'s sessions are of another build or OS (\(theirs.compactMap { $0 }.joined(separator: ", "))"
                    + "; the diagnostic says \(said.compactMap { $0 }.joined(separator: ", ")))")
        }
        var within = ofBuild
        if piece.windowBegin != nil || piece.windowEnd != nil {
            within = ofBuild.filter { position in
                let span = spans[position]
                if let begin = piece.windowBegin, span.lastTime < begin { return false }
                if let end = piece.windowEnd, span.began > end { return false }
                return true
            }
            guard !within.isEmpty else {
                let begin = piece.windowBegin.map(\.rfc3339) ?? "…"
                let end = piece.windowEnd.map(\.rfc3339) ?? "…"
                return .unjoined("no session of pid \(pid) was alive within the payload's window \(begin) to \(end)")
            }
        }
        let last = within.map { spans[$0].began }.max()!
        let tied = within.filter { spans[$0].began == last }
        guard Set(tied.map { spans[$0].file }).count == 1 else {
            return .unjoined("sessions of pid \(pid) in \(Set(tied.map { spans[$0].file }).count) logs began at the same instant")
        }
        let chosen = tied.max()!
        if piece.endsProcess && spans[chosen].exitClass == .normal {
            return .unjoined(
                "pid \(pid) ended normally at line \(spans[chosen].endLine) of \(PrintableText.quoted(spans[chosen].file))")
        }
        return .joined(chosen)
    }

    /// Whether `piece`'s app version and build and OS version agree with `span`'s
    /// `meta.version` and `meta.os` where both are known (SPEC §8, 2028 edition): compared as
    /// dotted numbers, missing parts zero (`iPhone OS 17.4 (21E219)` is 17.4, equal to
    /// `17.4.0`, not to `17.4.1`); `meta.version` `"5.2.1 (412)"` is app version 5.2.1 and
    /// build 412, the build compared only when both give one.
    public static func agrees(_ piece: EvidencePiece, with span: SessionSpan) -> Bool {
        if let written = span.version {
            let (version, build) = versionAndBuild(written)
            if let a = piece.appVersion, let v = version, !sameNumbers(a, v) { return false }
            if let a = piece.appBuild, let b = build, a != b && !sameNumbers(a, b) { return false }
        }
        if let os = span.os, let written = piece.osVersion, let numbers = firstNumbers(written), !sameNumbers(numbers, os) {
            return false
        }
        return true
    }

    /// `"5.2.1 (412)"` → (`5.2.1`, `412`); `"5.2.1"` → (`5.2.1`, nil).
    static func versionAndBuild(_ text: String) -> (String?, String?) {
        let parts = text.split(separator: "(", maxSplits: 1)
        func trimmed(_ text: Substring) -> String? {
            let t = text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
            return t.isEmpty ? nil : String(t)
        }
        let version = parts.first.flatMap(trimmed)
        let build = parts.count > 1 ? parts[1].split(separator: ")").first.flatMap(trimmed) : nil
        return (version, build)
    }

    /// The first dotted number in a text (`iPhone OS 17.4 (21E219)` → `17.4`).
    public static func firstNumbers(_ text: String) -> String? {
        let words = text.split(whereSeparator: \.isWhitespace)
        return words.first { $0.first?.isNumber == true && $0.allSatisfy { $0.isNumber || $0 == "." } }.map(String.init)
    }

    /// Whether two dotted numbers are equal, missing parts zero; texts that are not dotted
    /// numbers are compared as written.
    public static func sameNumbers(_ a: String, _ b: String) -> Bool {
        let x = a.split(separator: ".").map { Int($0) }
        let y = b.split(separator: ".").map { Int($0) }
        guard !x.contains(nil), !y.contains(nil) else { return a == b }
        let n = max(x.count, y.count)
        return (0..<n).allSatisfy { (x.indices.contains($0) ? x[$0]! : 0) == (y.indices.contains($0) ? y[$0]! : 0) }
    }
}
