import LCTracePipeline
import LCTraceCore
import LCTraceIngest
import LCTraceReplay
import LCTraceTestSupport
import Testing

/// The file pipeline keeps the symbol table to what the engine holds: thousands of sessions
/// with fresh scene ids go by while a long-lived process keeps its scene and task names.
@Suite struct FileReplayMemoryTests {
    @Test func symbolsHeldByLiveProcessesSurviveManyForgottenOnes() throws {
        var lines = [
            #"{"t":0,"ev":"meta","pid":1,"app":"keeper","model":"uikit-scene"}"#,
            #"{"t":0,"ev":"process.launch","pid":1}"#,
            #"{"t":0.1,"ev":"app.didFinishLaunching","pid":1}"#,
            #"{"t":0.2,"ev":"scene.willConnect","pid":1,"scene":"main"}"#,
            #"{"t":0.3,"ev":"scene.willEnterForeground","pid":1,"scene":"main"}"#,
            #"{"t":0.4,"ev":"scene.didBecomeActive","pid":1,"scene":"main"}"#,
            #"{"t":0.5,"ev":"bgtask.begin","pid":1,"task":"keep"}"#,
        ]
        let sessions = 6000
        for i in 0..<sessions {
            let pid = 100 + i
            let t = 1 + Double(i) * 0.01
            lines.append(#"{"t":\#(t),"ev":"process.launch","pid":\#(pid)}"#)
            lines.append(#"{"t":\#(t),"ev":"scene.willConnect","pid":\#(pid),"scene":"S-\#(i)"}"#)
            lines.append(#"{"t":\#(t),"ev":"process.exit","pid":\#(pid),"reason":"terminate"}"#)
        }
        // The long-lived process still knows its scene (by symbol) and its task (by name).
        lines.append(#"{"t":100,"ev":"scene.willConnect","pid":1,"scene":"main"}"#)
        let reader = try openLog(bytes: Array((lines.joined(separator: "\n") + "\n").utf8), name: "many.jsonl")
        let result = FileReplay.replay(reader, configuration: ReplayConfiguration())
        #expect(result.sessions == sessions + 1)
        #expect(result.findings.map(\.rule) == [.bgtaskOpenAtEnd, .illegalTransition])
        #expect(result.findings.first?.message == "task 'keep' still open when the log ended")
        #expect(result.findings.last?.scene == "main")
        #expect(result.findings.last?.message.contains("'scene.willConnect' in 'foregroundActive'") == true)
    }
}
