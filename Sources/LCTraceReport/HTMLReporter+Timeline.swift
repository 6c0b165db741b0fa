import LCTraceCore

/// The SVG timelines of the HTML report: one figure per session, the worst first.
extension HTMLReporter {
    /// Geometry of a timeline figure, in SVG user units (the figure scales to the page width).
    enum Geometry {
        static let width = 1000.0
        /// Where the plot starts (lane names to the left of it).
        static let left = 132.0
        static let right = 992.0
        static var plot: Double { right - left }
        static let axis = 22.0
        static let stateLane = 18.0
        static let sceneLane = 14.0
        static let handlerRow = 8.0
        static let taskRow = 9.0
        static let markerLane = 20.0
        /// The least height of a lane, so that lane names do not crowd.
        static let minLane = 12.0
        static let gap = 5.0
        /// Nested handler levels and task rows drawn at most.
        static let maxHandlerDepth = 4
        static let maxTaskRows = 6
        /// Markers closer than this share one (units).
        static let markerBucket = 4.0
        /// Guide lines from markers up through the lanes, when there are few markers.
        static let maxGuides = 24
    }

    /// A session chosen to be drawn.
    struct Chosen {
        var file: Int
        var process: Int
        var session: Int
        /// The index of the file's first finding in the data block.
        var base: Int
        var errors: Int
        var warnings: Int
        var notes: Int
    }

    static func timelineSection(_ run: RunReport) -> String {
        var html = "<section id=\"timelines\" aria-label=\"Timelines\">\n<h2>Timelines</h2>\n"
        var all: [Chosen] = []
        var base = 0
        var outside = 0
        var withTimeline = 0
        for (f, file) in run.files.enumerated() {
            defer { base += file.findings.count }
            guard let timeline = file.timeline else { continue }
            withTimeline += 1
            let reported = tableIndexes(timeline, file)
            outside += timeline.fileFindings.filter { reported[$0] >= 0 }.count
            for (p, process) in timeline.processes.enumerated() {
                for (s, session) in process.sessions.enumerated() {
                    var c = Chosen(file: f, process: p, session: s, base: base, errors: 0, warnings: 0, notes: 0)
                    for i in session.findings where reported[i] >= 0 {
                        switch timeline.findings[i].severity {
                        case .error: c.errors += 1
                        case .warning: c.warnings += 1
                        case .note: c.notes += 1
                        }
                    }
                    all.append(c)
                }
            }
        }
        guard withTimeline > 0 else {
            html += "<p class=\"note\">No timelines: this report was made without them.</p>\n</section>\n"
            return html
        }
        guard !all.isEmpty else {
            html += "<p class=\"note\">No sessions to draw.</p>\n</section>\n"
            return html
        }
        // The one worst-first order (SessionRank), as the audit and the step summary rank them.
        func rank(_ c: Chosen) -> SessionRank {
            let number = run.files[c.file].timeline?.processes[c.process].sessions[c.session].number ?? 0
            return SessionRank(errors: c.errors, warnings: c.warnings, notes: c.notes, file: run.files[c.file].path, session: number)
        }
        let ranked = all.sorted { rank($0).isWorse(than: rank($1)) }
        let drawn = ranked.prefix(maxSessions)
        if all.count > drawn.count {
            html +=
                "<p class=\"note\" id=\"timelines-note\">Showing \(drawn.count) of \(ReportText.count(all.count, "session")): those with the most errors, then warnings, then notes, first. Every finding is in the table above.</p>\n"
        } else {
            html +=
                "<p class=\"note\" id=\"timelines-note\">\(ReportText.count(all.count, "session")), those with the most findings first. Hover over a bar or a marker for details; click a marker to find it in the table.</p>\n"
        }
        if outside > 0 {
            html +=
                "<p class=\"note\">\(ReportText.count(outside, "finding")) outside every session (such as malformed lines) \(outside == 1 ? "is" : "are") in the table only.</p>\n"
        }
        html += legend
        let multipleFiles = run.files.count > 1
        var reported: (file: Int, indexes: [Int]) = (-1, [])
        for c in drawn {
            let file = run.files[c.file]
            if reported.file != c.file { reported = (c.file, tableIndexes(file.timeline!, file)) }
            let session = file.timeline!.processes[c.process].sessions[c.session]
            let death = file.deaths.first { $0.session == session.number && $0.pid == session.pid }
            html += figure(c, timeline: file.timeline!, reported: reported.indexes, showFile: multipleFiles, death: death)
        }
        html += "</section>\n"
        return html
    }

    /// For each finding of the timeline, its index among the file's reported findings, or -1
    /// when it is not reported (a baseline suppressed it). The reported findings are the
    /// timeline's in the same order, some left out.
    static func tableIndexes(_ timeline: Timeline, _ file: FileResult) -> [Int] {
        var out = [Int](repeating: -1, count: timeline.findings.count)
        var j = 0
        for (i, finding) in timeline.findings.enumerated() where j < file.findings.count {
            if finding == file.findings[j] {
                out[i] = j
                j += 1
            }
        }
        return out
    }

    static let legend = """
        <div class="legend" aria-label="Legend">
        <span><i class="st-active"></i>active</span><span><i class="st-inactive"></i>inactive</span>
        <span><i class="st-background"></i>background</span><span><i class="st-suspended"></i>suspended</span>
        <span><i class="st-notRunning"></i>launching / not running</span><span><i class="st-unknown"></i>unknown</span>
        <span><i class="tk-ended"></i>task</span><span><i class="tk-released"></i>task never ended</span>
        <span><i class="tk-open"></i>task open at the end</span><span><i class="tk-ended tk-sched"></i>scheduled task (BGTaskScheduler)</span>
        <span><b class="mk-l sev-error">◆</b>error</span><span><b class="mk-l sev-warning">◆</b>warning</span><span><b class="mk-l sev-note">◆</b>note</span>
        </div>

        """

    /// One session's figure: caption and SVG; a session that died (SPEC §8) has a death marker
    /// (`✕`, its verdict as the title) at the end of its app-state lane.
    static func figure(_ c: Chosen, timeline: Timeline, reported: [Int], showFile: Bool, death: Death? = nil) -> String {
        let process = timeline.processes[c.process]
        let session = process.sessions[c.session]
        let began = session.began
        let span = max(session.ended.nanoseconds(since: began), 1_000_000)
        func x(_ t: Timestamp) -> Double {
            let d = Double(t.nanoseconds(since: began)) / Double(span)
            return Geometry.left + min(max(d, 0), 1) * Geometry.plot
        }
        func rel(_ t: Timestamp) -> String { "+" + duration(t.nanoseconds(since: began)) }

        var body = ""
        var y = Geometry.axis
        var lanes: [(name: String, title: String, y: Double, height: Double)] = []

        // App state.
        body += bars(
            session.states.map { interval in
                Bar(
                    start: x(interval.start), end: x(interval.end), cls: "st st-" + cssName(interval.state),
                    title: "\(interval.state)\n\(rel(interval.start)) → \(rel(interval.end)) (\(duration(interval.end.nanoseconds(since: interval.start))))"
                        + (interval.line > 0 ? "\nfrom line \(interval.line)" : "\nas the session began"))
            }, y: y, height: Geometry.stateLane, minWidth: 0.6)
        lanes.append(("app state", "app state", y, Geometry.stateLane))
        if let death {
            let at = x(death.time ?? session.ended)
            body +=
                "<text class=\"death\" x=\"\(num(at))\" y=\"\(num(y + Geometry.stateLane / 2 + 5))\" text-anchor=\"middle\"><title>\(text("died (\(death.exitClass.name), \(death.visibility.rawValue)) at line \(death.line): \(death.message)"))</title>✕</text>\n"
        }
        y += Geometry.stateLane + Geometry.gap

        // Scenes.
        for scene in session.scenes {
            body += bars(
                scene.intervals.map { interval in
                    Bar(
                        start: x(interval.start), end: x(interval.end), cls: "st st-" + cssName(interval.state),
                        title:
                            "scene \(scene.scene): \(interval.state)\n\(rel(interval.start)) → \(rel(interval.end)) (\(duration(interval.end.nanoseconds(since: interval.start))))"
                            + (interval.line > 0 ? "\nfrom line \(interval.line)" : ""))
                }, y: y, height: Geometry.sceneLane, minWidth: 0.6)
            lanes.append(("scene " + scene.scene, "scene " + scene.scene, y, Geometry.sceneLane))
            y += Geometry.sceneLane + Geometry.gap
        }

        // Handlers, nested.
        if !session.handlers.isEmpty {
            let depth = ChromeTraceExporter.lanes(session.handlers)
            let rows = min((depth.max() ?? 0) + 1, Geometry.maxHandlerDepth)
            var byRow = [[Bar]](repeating: [], count: rows)
            var hidden = 0
            for (h, handler) in session.handlers.enumerated() {
                guard depth[h] < rows else {
                    hidden += 1
                    continue
                }
                let subject = handler.scene.map { " (scene \($0))" } ?? ""
                byRow[depth[h]].append(
                    Bar(
                        start: x(handler.began), end: x(handler.ended), cls: "hd",
                        title:
                            "\(handler.event)\(subject)\n\(rel(handler.began)) → \(rel(handler.ended)) (\(duration(handler.ended.nanoseconds(since: handler.began))))\nreturned at line \(handler.line)"
                    ))
            }
            for (r, row) in byRow.enumerated() {
                body += bars(row, y: y + Double(r) * Geometry.handlerRow, height: Geometry.handlerRow - 1.5, minWidth: 1.2)
            }
            let height = max(Double(rows) * Geometry.handlerRow, Geometry.minLane)
            lanes.append(("handlers", hidden > 0 ? "handlers (\(hidden) deeper not drawn)" : "handlers", y, height))
            y += height + Geometry.gap
        }

        // Background tasks, packed into rows.
        if !session.tasks.isEmpty {
            var rowEnds: [Double] = []
            var byRow: [[Bar]] = []
            var hidden = 0
            for task in session.tasks {
                let x0 = x(task.began), x1 = max(x(task.ended), x0 + 1.2)
                var row = rowEnds.firstIndex { $0 <= x0 }
                if row == nil && rowEnds.count < Geometry.maxTaskRows {
                    rowEnds.append(0)
                    byRow.append([])
                    row = rowEnds.count - 1
                }
                guard let r = row else {
                    hidden += 1
                    continue
                }
                rowEnds[r] = x1 + 0.5
                let outcome: String
                let (ended, begun) = task.kind == nil ? ("ended", "begun") : ("completed", "started")
                switch task.outcome {
                case .ended: outcome = "\(ended) at line \(task.endLine)"
                case .released: outcome = "never \(ended): the process stopped at line \(task.endLine)"
                case .open: outcome = "still open when the log ended"
                }
                let what = task.kind.map { "scheduled \($0) task" } ?? "task"
                var title = "\(what) \(task.label)" + (task.name != nil ? " (id \(task.task.text))" : "") + ": \(outcome)"
                title += "\n\(rel(task.began)) → \(rel(task.ended)) (\(duration(task.ended.nanoseconds(since: task.began))))"
                if task.beginLine > 0 { title += "\n\(begun) at line \(task.beginLine)" }
                if let expired = task.expired { title += "\nexpiration handler at \(rel(expired))" }
                let cls = "tk tk-" + task.outcome.rawValue + (task.kind == nil ? "" : " tk-sched")
                byRow[r].append(Bar(start: x0, end: x1, cls: cls, title: title))
                if let expired = task.expired {
                    byRow[r].append(
                        Bar(start: x(expired), end: x(expired) + 1.2, cls: "tk-exp", title: "expiration handler ran (task \(task.label))\n\(rel(expired))"))
                }
            }
            for (r, row) in byRow.enumerated() {
                body += bars(row, y: y + Double(r) * Geometry.taskRow, height: Geometry.taskRow - 2, minWidth: 1.2, merge: false)
            }
            let height = max(Double(byRow.count) * Geometry.taskRow, Geometry.minLane)
            lanes.append(("tasks", hidden > 0 ? "tasks (\(hidden) more not drawn)" : "background tasks", y, height))
            y += height + Geometry.gap
        }

        // Findings, merged where they would overlap.
        let markerTop = y
        let shown = session.findings.filter { reported[$0] >= 0 }
        if !shown.isEmpty {
            struct Bucket {
                var x: Double
                var worst: Severity
                var first: Int
                var count: Int
                var lines: [String]
            }
            var buckets: [Int: Bucket] = [:]
            var order: [Int] = []
            for i in shown {
                let f = timeline.findings[i]
                let t = timeline.time(of: f) ?? began
                let px = x(t)
                let key = Int((px - Geometry.left) / Geometry.markerBucket)
                let line = "line \(f.line): \(f.severity.name) \(f.rule.id) \(f.rule.name): \(f.message) (\(rel(t)))"
                if var b = buckets[key] {
                    b.count += 1
                    if f.severity > b.worst {
                        b.worst = f.severity
                        b.first = i
                    }
                    if b.lines.count < 8 { b.lines.append(line) }
                    buckets[key] = b
                } else {
                    buckets[key] = Bucket(x: px, worst: f.severity, first: i, count: 1, lines: [line])
                    order.append(key)
                }
            }
            let guides = order.count <= Geometry.maxGuides
            let mid = markerTop + Geometry.markerLane / 2
            for key in order {
                let b = buckets[key]!
                var title = b.count > 1 ? "\(b.count) findings\n" : ""
                title += b.lines.joined(separator: "\n")
                if b.count > b.lines.count { title += "\n… and \(b.count - b.lines.count) more" }
                let r = b.count > 1 ? 6.5 : 5.5
                body +=
                    "<g class=\"mk sev-\(b.worst.name)\" data-f=\"\(c.base + reported[b.first])\" tabindex=\"0\" role=\"button\"><title>\(text(title))</title>"
                if guides {
                    body += "<line class=\"guide\" x1=\"\(num(b.x))\" y1=\"\(num(Geometry.axis - 2))\" x2=\"\(num(b.x))\" y2=\"\(num(mid))\"/>"
                }
                body += "<path d=\"M\(num(b.x)) \(num(mid - r))l\(num(r)) \(num(r))l-\(num(r)) \(num(r))l-\(num(r)) -\(num(r))z\"/>"
                if b.count > 1 {
                    body += "<text class=\"mk-n\" x=\"\(num(b.x + r + 1.5))\" y=\"\(num(mid + 3.5))\">\(b.count)</text>"
                }
                body += "</g>\n"
            }
            lanes.append(("findings", "findings", markerTop, Geometry.markerLane))
            y += Geometry.markerLane + Geometry.gap
        }
        let height = y + 2

        var svg =
            "<svg class=\"tl\" viewBox=\"0 0 \(num(Geometry.width)) \(num(height))\" width=\"100%\" role=\"img\" aria-label=\"\(attribute(process.label)), session \(session.number)\" preserveAspectRatio=\"xMinYMin meet\">\n"
        svg += axis(span: span, height: height)
        for lane in lanes {
            svg +=
                "<text class=\"ln\" x=\"\(num(Geometry.left - 8))\" y=\"\(num(lane.y + min(lane.height, 18) / 2 + 4))\"><title>\(text(lane.title))</title>\(text(clip(lane.name, 20)))</text>\n"
        }
        svg += body
        svg += "</svg>\n"

        var caption = "<figcaption><b>\(text(process.label))</b> · session \(session.number)"
        caption += " · <span class=\"exit exit-\(session.exitClass.name)\">\(session.exitClass.name)</span>"
        if let death {
            caption += " · <span class=\"died\">✕ died\(death.visibility == .unknown ? "" : " in the \(death.visibility.rawValue)")</span>"
        }
        caption += " · \(text(session.began.rfc3339)) + \(duration(span))"
        caption += " · lines \(session.firstLine)–\(session.lastLine)"
        var counts: [String] = []
        if c.errors > 0 { counts.append("<span class=\"error\">\(ReportText.count(c.errors, "error"))</span>") }
        if c.warnings > 0 { counts.append("<span class=\"warning\">\(ReportText.count(c.warnings, "warning"))</span>") }
        if c.notes > 0 { counts.append("<span class=\"note\">\(ReportText.count(c.notes, "note"))</span>") }
        caption += " · " + (counts.isEmpty ? "no findings" : counts.joined(separator: ", "))
        if showFile { caption += "<br><span class=\"path\">\(text(timeline.file))</span>" }
        caption += "</figcaption>\n"
        return "<figure class=\"session\">\n" + caption + svg + "</figure>\n"
    }

    /// A rectangle of a lane.
    struct Bar {
        var start: Double
        var end: Double
        var cls: String
        var title: String
    }

    /// A lane's bars; with `merge`, bars narrower than a unit that fall where the previous
    /// narrow one was drawn are left out (a long run of tiny states costs one rectangle).
    static func bars(_ items: [Bar], y: Double, height: Double, minWidth: Double, merge: Bool = true) -> String {
        var out = ""
        var lastNarrow = -1.0
        var merged = 0
        for bar in items {
            let w = bar.end - bar.start
            if merge && w < 1 {
                if bar.start - lastNarrow < 1 {
                    merged += 1
                    continue
                }
                lastNarrow = bar.start
            }
            out +=
                "<rect class=\"\(bar.cls)\" x=\"\(num(bar.start))\" y=\"\(num(y))\" width=\"\(num(max(w, minWidth)))\" height=\"\(num(height))\"><title>\(text(bar.title))</title></rect>\n"
        }
        if merged > 0 {
            out += "<!-- \(merged) short intervals merged -->\n"
        }
        return out
    }

    /// The time axis: ticks at a round step, labelled from the session's start.
    static func axis(span: Int64, height: Double) -> String {
        let steps: [Int64] = [
            1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000,
            600_000, 900_000, 1_800_000, 3_600_000, 7_200_000, 10_800_000, 21_600_000, 43_200_000, 86_400_000,
        ].map { $0 * 1_000_000 }
        let step = steps.first { span / $0 <= 8 } ?? max(span / 8, 1)
        var out = "<g class=\"axis\">"
        var t: Int64 = 0
        while t <= span {
            let px = Geometry.left + Double(t) / Double(span) * Geometry.plot
            out += "<line x1=\"\(num(px))\" y1=\"\(num(Geometry.axis - 6))\" x2=\"\(num(px))\" y2=\"\(num(height - 2))\"/>"
            let anchor = t == 0 ? "start" : (px > Geometry.right - 30 ? "end" : "middle")
            out += "<text x=\"\(num(px))\" y=\"\(num(Geometry.axis - 9))\" text-anchor=\"\(anchor)\">\(t == 0 ? "0" : "+" + compact(t))</text>"
            t += step
        }
        out += "</g>\n"
        return out
    }

    /// A CSS class fragment for a state name (letters and digits only).
    static func cssName(_ state: String) -> String {
        switch state {
        case "active", "inactive", "background", "suspended", "notRunning", "unknown": return state
        case "foregroundActive": return "active"
        case "foregroundInactive": return "inactive"
        default: return "unknown"
        }
    }

    /// `12.345 s`, `450 ms`, `35 min 12 s`, `2 h 5 min` (``DurationText/readable(_:)``).
    static func duration(_ ns: Int64) -> String { DurationText.readable(ns) }

    /// The two largest units (``DurationText/compact(_:)``).
    static func compact(_ ns: Int64) -> String { DurationText.compact(ns) }

    /// A number with `digits` decimals (``DurationText/decimal(_:digits:)``).
    static func fixed(_ value: Double, digits: Int) -> String { DurationText.decimal(value, digits: digits) }

    /// SVG coordinates: one decimal, no trailing `.0`.
    static func num(_ value: Double) -> String {
        let n = Int64((value * 10).rounded())
        return n % 10 == 0 ? String(n / 10) : fixed(Double(n) / 10, digits: 1)
    }

    /// At most `count` characters, with `…` when cut.
    static func clip(_ s: String, _ count: Int) -> String {
        s.count <= count ? s : String(s.prefix(count - 1)) + "…"
    }
}
