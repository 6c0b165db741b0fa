/// The HTML report's stylesheet and script, inlined into every page (no external resource:
/// system fonts, no images, no network).
extension HTMLReporter {
    static let css = #"""

        :root {
          --fg: #1d2330; --muted: #5f6b7a; --bg: #f6f7f9; --panel: #fff; --line: #dde1e7; --accent: #2a5bd7;
          --error: #d23f3f; --warning: #d9822b; --note: #3a7fc4;
          --active: #2f9e5f; --inactive: #e9b949; --background: #4f7fd6; --suspended: #aab4c3; --notRunning: #dfe3ea;
          --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace;
        }
        * { box-sizing: border-box; }
        [hidden] { display: none !important; }
        body { margin: 0; background: var(--bg); color: var(--fg);
          font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
        header.top { background: #1d2330; color: #fff; padding: 14px 28px; }
        header.top h1 { margin: 0; font-size: 20px; font-weight: 600; letter-spacing: .2px; }
        header.top .sub { margin: 2px 0 0; color: #b9c2d0; font-size: 13px; word-break: break-all; }
        main { max-width: 1280px; margin: 0 auto; padding: 18px 28px 40px; }
        section { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 16px 18px; margin: 0 0 18px; }
        h2 { margin: 0 0 12px; font-size: 17px; font-weight: 600; }
        h2 small { color: var(--muted); font-weight: 400; font-size: 14px; margin-left: 4px; }
        .cards { display: flex; flex-wrap: wrap; gap: 10px; margin-bottom: 12px; }
        .card { flex: 1 1 110px; border: 1px solid var(--line); border-radius: 6px; padding: 8px 12px; background: #fbfcfd; }
        .card b { display: block; font-size: 22px; font-weight: 600; font-variant-numeric: tabular-nums; }
        .card span { color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: .4px; }
        .card.error { border-color: var(--error); } .card.error b { color: var(--error); }
        .card.warning { border-color: var(--warning); } .card.warning b { color: var(--warning); }
        .card.note b { color: var(--note); }
        .exits { margin: 0 0 12px; color: var(--muted); }
        .exit { display: inline-block; padding: 0 7px; border-radius: 10px; background: #eef1f5; color: var(--fg); font-size: 12.5px; margin: 2px 2px; }
        .exit-watchdog, .exit-bgtask-timeout, .exit-locked-file, .exit-memory-limit, .exit-cpu-limit, .exit-thermal { background: #fbe3e3; color: #9a2323; }
        .exit-abnormal { background: #fdeedd; color: #8a4a0c; }
        .exit-normal, .exit-purged { background: #e4f3ea; color: #1f6b40; }
        table { border-collapse: collapse; width: 100%; }
        th, td { text-align: left; padding: 5px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
        th { font-size: 12px; text-transform: uppercase; letter-spacing: .4px; color: var(--muted); font-weight: 600; background: #fafbfc; position: sticky; top: 0; }
        td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
        td.error { color: var(--error); font-weight: 600; } td.warning { color: var(--warning); font-weight: 600; } td.note { color: var(--note); }
        .path { font-family: var(--mono); font-size: 12.5px; word-break: break-all; }
        tr.unreadable td { color: var(--error); }
        details.files > summary { cursor: pointer; color: var(--muted); margin: 0 0 6px; }
        .filters { display: flex; flex-wrap: wrap; gap: 10px 14px; align-items: flex-end; margin-bottom: 8px; }
        .filters label { display: flex; flex-direction: column; font-size: 12px; color: var(--muted); gap: 3px; }
        .filters label.grow { flex: 1 1 220px; }
        select, input[type=search], button { font: inherit; font-size: 13.5px; padding: 5px 8px; border: 1px solid #c4cbd5; border-radius: 5px; background: #fff; color: var(--fg); }
        select { max-width: 320px; }
        button { cursor: pointer; background: #f3f5f8; }
        button:hover:not(:disabled) { background: #e8ecf2; }
        button:disabled { opacity: .45; cursor: default; }
        .count { color: var(--muted); margin: 4px 0 8px; }
        .scroll { max-height: 70vh; overflow: auto; border: 1px solid var(--line); border-radius: 6px; }
        table.findings td { font-size: 13px; }
        table.findings td.msg { min-width: 280px; }
        table.findings td.when, table.findings td.loc { font-family: var(--mono); font-size: 12px; white-space: nowrap; }
        table.findings td.loc { white-space: normal; overflow-wrap: anywhere; min-width: 170px; max-width: 300px; }
        table.findings tr:hover td { background: #f5f8ff; }
        table.findings tr.hl td { background: #fff4c2; }
        .sev { display: inline-block; min-width: 58px; text-align: center; border-radius: 4px; padding: 0 6px; font-size: 12px; font-weight: 600; color: #fff; }
        .sev.error { background: var(--error); color: #fff; } .sev.warning { background: var(--warning); color: #fff; } .sev.note { background: var(--note); color: #fff; }
        .rule code { font-family: var(--mono); font-size: 12px; font-weight: 600; }
        .rule span { color: var(--muted); margin-left: 4px; }
        .subj { color: var(--muted); font-size: 12.5px; }
        .pager { display: flex; gap: 8px; align-items: center; justify-content: flex-end; margin-top: 10px; }
        .pager span { color: var(--muted); min-width: 110px; text-align: center; }
        .note { color: var(--muted); margin: 0 0 10px; }
        span.error { color: var(--error); } span.warning { color: var(--warning); } span.note { color: var(--note); }
        .legend { display: flex; flex-wrap: wrap; gap: 6px 16px; font-size: 12.5px; color: var(--muted); margin: 0 0 12px; }
        .legend span { display: inline-flex; align-items: center; gap: 5px; }
        .legend i { display: inline-block; width: 18px; height: 10px; border-radius: 2px; }
        .legend .mk-l { font-size: 13px; }
        figure.session { margin: 0 0 16px; padding: 10px 12px 6px; border: 1px solid var(--line); border-radius: 6px; }
        figure.session figcaption { font-size: 13px; margin-bottom: 6px; }
        figure.session figcaption .path { color: var(--muted); }
        svg.tl { display: block; overflow: visible; font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; }
        svg.tl text { font-size: 10px; fill: var(--muted); }
        svg.tl text.ln { text-anchor: end; font-size: 10.5px; fill: #3d4655; }
        svg.tl .axis line { stroke: #e6e9ee; stroke-width: 1; }
        svg.tl rect:hover { stroke: #1d2330; stroke-width: 1; }
        .st-active { fill: var(--active); background: var(--active); }
        .st-inactive { fill: var(--inactive); background: var(--inactive); }
        .st-background { fill: var(--background); background: var(--background); }
        .st-suspended { fill: var(--suspended); background: var(--suspended); }
        .st-notRunning { fill: var(--notRunning); background: var(--notRunning); }
        .st-unknown { fill: #c9ced6; background: repeating-linear-gradient(45deg, #c9ced6 0 3px, #e5e8ec 3px 6px); fill-opacity: .7; }
        rect.hd { fill: #7b5cc4; fill-opacity: .85; }
        .tk-ended { fill: #3fa7a0; background: #3fa7a0; }
        .tk-released { fill: var(--error); background: var(--error); fill-opacity: .8; }
        .tk-open { fill: #9aa5b4; background: #9aa5b4; }
        .tk-ended.tk-sched { fill: #2f7fc1; background: #2f7fc1; }
        rect.tk-exp { fill: #1d2330; }
        g.mk { cursor: pointer; }
        g.mk path { stroke: #fff; stroke-width: 1; }
        g.mk:hover path, g.mk:focus path { stroke: #1d2330; stroke-width: 1.5; }
        g.mk:focus { outline: none; }
        text.death { font-size: 15px; font-weight: 700; fill: var(--error); } .died { color: var(--error); }
        g.mk line.guide { stroke-width: 1; stroke-dasharray: 2 2; stroke-opacity: .55; }
        g.mk text.mk-n { font-size: 9.5px; font-weight: 600; }
        .sev-error path, .mk-l.sev-error { fill: var(--error); color: var(--error); } .sev-error line { stroke: var(--error); }
        .sev-warning path, .mk-l.sev-warning { fill: var(--warning); color: var(--warning); } .sev-warning line { stroke: var(--warning); }
        .sev-note path, .mk-l.sev-note { fill: var(--note); color: var(--note); } .sev-note line { stroke: var(--note); }

        """#

    static let javascript = #"""

        (function () {
          "use strict";
          var data = JSON.parse(document.getElementById("lctrace-data").textContent);
          var PAGE = data.pageSize, F = data.findings, files = data.files;
          var summaries = {}, names = {};
          data.rules.forEach(function (r) { names[r[0]] = r[1]; summaries[r[0]] = r[2]; });
          function $(id) { return document.getElementById(id); }
          var rule = $("f-rule"), severity = $("f-severity"), file = $("f-file"), search = $("f-search"), body = $("findings-body");
          function grouped(n) { return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ","); }
          function tally(column) {
            var c = {};
            for (var i = 0; i < F.length; i++) { c[F[i][column]] = (c[F[i][column]] || 0) + 1; }
            return c;
          }
          function option(select, value, label, title) {
            var o = document.createElement("option");
            o.value = value; o.textContent = label;
            if (title) { o.title = title; }
            select.appendChild(o);
          }
          var byRule = tally(0), bySeverity = tally(1), byFile = tally(2);
          data.rules.forEach(function (r) { option(rule, r[0], r[0] + " " + r[1] + " (" + grouped(byRule[r[0]] || 0) + ")", r[2]); });
          ["error", "warning", "note"].forEach(function (s) { option(severity, s, s + " (" + grouped(bySeverity[s] || 0) + ")"); });
          files.forEach(function (f, i) { option(file, String(i), f + " (" + grouped(byFile[i] || 0) + ")"); });

          var hay = null;
          function buildHay() {
            hay = new Array(F.length);
            for (var i = 0; i < F.length; i++) {
              var x = F[i];
              hay[i] = [x[0], names[x[0]], x[1], files[x[2]] + ":" + x[3], "line " + x[3], x[4] || "", x[5] === null ? "" : "pid " + x[5],
                x[6] || "", x[7] === null ? "" : "task " + x[7], x[8] || "", x[9] || "", x[10]].join("\n").toLowerCase();
            }
          }

          var filtered = [], page = 0, highlight = -1;
          function apply(keepPage) {
            var r = rule.value, s = severity.value, f = file.value === "" ? -1 : Number(file.value);
            var q = search.value.trim().toLowerCase(), terms = q ? q.split(/\s+/) : [];
            if (terms.length && !hay) { buildHay(); }
            filtered = [];
            outer: for (var i = 0; i < F.length; i++) {
              var x = F[i];
              if ((r && x[0] !== r) || (s && x[1] !== s) || (f >= 0 && x[2] !== f)) { continue; }
              for (var t = 0; t < terms.length; t++) { if (hay[i].indexOf(terms[t]) < 0) { continue outer; } }
              filtered.push(i);
            }
            if (!keepPage) { page = 0; highlight = -1; }
            render();
          }

          function cell(tr, cls, text, title) {
            var td = document.createElement("td");
            if (cls) { td.className = cls; }
            if (text !== null && text !== undefined) { td.textContent = text; }
            if (title) { td.title = title; }
            tr.appendChild(td);
            return td;
          }
          function row(i) {
            var x = F[i], tr = document.createElement("tr");
            tr.dataset.index = String(i); tr.dataset.rule = x[0]; tr.dataset.severity = x[1]; tr.dataset.file = files[x[2]];
            if (i === highlight) { tr.className = "hl"; }
            var sev = document.createElement("span");
            sev.className = "sev " + x[1]; sev.textContent = x[1];
            cell(tr, "").appendChild(sev);
            var r = cell(tr, "rule", null, summaries[x[0]]), code = document.createElement("code"), name = document.createElement("span");
            code.textContent = x[0]; name.textContent = names[x[0]] || "";
            r.appendChild(code); r.appendChild(name);
            var path = files[x[2]];
            cell(tr, "loc", path.replace(/^.*\//, "") + ":" + x[3], path + ":" + x[3]);
            var when = x[4] ? x[4].replace(/^.*T/, "").replace(/Z$/, "") : "—";
            cell(tr, "when", when, x[4] || "no readable time");
            cell(tr, "n", x[5] === null ? "—" : String(x[5]));
            var subject = [];
            if (x[6] !== null) { subject.push("scene " + x[6]); }
            if (x[7] !== null) { subject.push("task " + x[7]); }
            if (x[9] !== null) { subject.push(x[9]); }
            if (x[8] !== null) { subject.push("in " + x[8]); }
            cell(tr, "subj", subject.join(" · "));
            cell(tr, "msg", x[10]);
            return tr;
          }

          function render() {
            var pages = Math.max(1, Math.ceil(filtered.length / PAGE));
            if (page >= pages) { page = pages - 1; }
            if (page < 0) { page = 0; }
            var start = page * PAGE, end = Math.min(filtered.length, start + PAGE);
            var frag = document.createDocumentFragment();
            for (var k = start; k < end; k++) { frag.appendChild(row(filtered[k])); }
            body.textContent = "";
            body.appendChild(frag);
            var text;
            if (F.length === 0) { text = "No findings."; }
            else if (filtered.length === 0) { text = "No finding matches the filters (" + grouped(F.length) + " in all)."; }
            else {
              text = "Showing " + grouped(start + 1) + "–" + grouped(end) + " of " + grouped(filtered.length) + " finding" + (filtered.length === 1 ? "" : "s");
              if (filtered.length < F.length) { text += " (filtered from " + grouped(F.length) + ")"; }
              text += ".";
            }
            $("count").textContent = text;
            $("page").textContent = "page " + grouped(page + 1) + " of " + grouped(pages);
            $("first").disabled = $("prev").disabled = page === 0;
            $("next").disabled = $("last").disabled = page >= pages - 1;
            $("pager").hidden = pages <= 1;
          }

          function go(p) { page = p; render(); $("findings").scrollIntoView({ block: "start" }); }
          $("first").addEventListener("click", function () { go(0); });
          $("prev").addEventListener("click", function () { go(page - 1); });
          $("next").addEventListener("click", function () { go(page + 1); });
          $("last").addEventListener("click", function () { go(Math.ceil(filtered.length / PAGE) - 1); });
          [rule, severity, file].forEach(function (s) { s.addEventListener("change", function () { apply(false); }); });
          var timer = 0;
          search.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(function () { apply(false); }, 120); });
          $("f-clear").addEventListener("click", function () { rule.value = severity.value = file.value = search.value = ""; apply(false); });

          function reveal(i) {
            if (filtered.indexOf(i) < 0) { rule.value = severity.value = file.value = search.value = ""; apply(false); }
            var at = filtered.indexOf(i);
            if (at < 0) { return; }
            page = Math.floor(at / PAGE); highlight = i; render();
            var tr = body.querySelector('tr[data-index="' + i + '"]');
            if (tr) { tr.scrollIntoView({ block: "center" }); }
          }
          Array.prototype.forEach.call(document.querySelectorAll("g.mk"), function (g) {
            var i = Number(g.getAttribute("data-f"));
            g.addEventListener("click", function () { reveal(i); });
            g.addEventListener("keydown", function (e) { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); reveal(i); } });
          });
          apply(false);
        })();

        """#
}
