@testable import LCTraceIngest
@testable import LCTraceAppleFormats
import LCTraceTestSupport
import Testing

/// The transcript test on bytes (``SyslogTranslator/looksLikeSyslog(bytes:)``) decides as the
/// text test does, and decides NDJSON without decoding it.
@Suite struct SyslogDetectionTests {
    /// Inputs at the edges of the byte shortcut: blank lines, BOMs, a carriage return (one
    /// character with its line feed), a combining mark on the bracket, transcripts.
    static let heads: [String] = [
        "{\"t\":1,\"ev\":\"process.launch\",\"pid\":1}\n",
        "\n\n  \t{\"t\":1}\n",
        "\u{FEFF}{\"t\":1}\n",
        " \u{FEFF} [1,2]\n",
        "\r\n{\"t\":1}\n",
        " \r\n{\"t\":1}\n",
        "{\u{301}\"t\":1}\n",
        "{",
        "   ",
        "",
        "\u{FEFF}",
        "hello\n{\"t\":1}\n",
        SyslogReaderTests.consoleStory,
        "\n\n" + SyslogReaderTests.consoleStory,
        "{\"t\":1}\n" + SyslogReaderTests.consoleStory,
        "\u{0}\u{0}{\"t\":1}\n",
    ]

    @Test(arguments: heads)
    func bytesDecideAsText(head: String) {
        let bytes = Array(head.utf8)
        #expect(
            SyslogTranslator.looksLikeSyslog(bytes: bytes[...])
                == SyslogTranslator.looksLikeSyslog(Substring(head)))
    }

    @Test func shortcutTakesOnlyJSONStarts() {
        #expect(SyslogTranslator.startsLikeJSON(Array("\n \u{FEFF}{\"t\":1}".utf8)[...]))
        #expect(SyslogTranslator.startsLikeJSON(Array("[1]".utf8)[...]))
        // A carriage return, a combining mark or text first: left to the text test.
        #expect(!SyslogTranslator.startsLikeJSON(Array("\r\n{}".utf8)[...]))
        #expect(!SyslogTranslator.startsLikeJSON(Array("{\u{301}}".utf8)[...]))
        #expect(!SyslogTranslator.startsLikeJSON(Array("default\t10:00:00".utf8)[...]))
        #expect(SyslogTranslator.looksLikeSyslog(bytes: Array(SyslogReaderTests.consoleStory.utf8)[...]))
    }
}
