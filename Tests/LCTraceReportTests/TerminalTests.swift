import Foundation
import LCTraceCore
import Testing

@testable import LCTraceReport

@Suite struct TerminalTests {
    @Test(
        arguments: [
            (true, nil, "xterm-256color", true),
            (true, nil, nil, true),
            (false, nil, "xterm", false),
            (true, "1", "xterm", false),
            (true, "", "xterm", true),
            (true, nil, "dumb", false),
        ] as [(Bool, String?, String?, Bool)])
    func colourDecision(isTerminal: Bool, noColour: String?, term: String?, expected: Bool) {
        #expect(Terminal.supportsColour(isTerminal: isTerminal, noColour: noColour, term: term) == expected)
    }

    @Test func pipeIsNotATerminal() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        #expect(!Terminal.supportsColour(fd: fds[1]))
    }
}
