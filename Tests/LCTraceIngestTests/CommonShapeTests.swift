import CLCTraceZstd
import Foundation
import LCTraceCore
@_spi(Fuzzing) @testable import LCTraceIngest
import LCTraceTestSupport
import Testing

/// The common shape's one-pass path (`{"t":…,"ev":"…","pid":…,…}` as writers emit it) gives
/// exactly the general member loop's outcome on every input: the same records, the same
/// symbols in the same order, the same messages, the same strictness.
@Suite struct CommonShapeTests {
    /// Lines in the shapes `lctrace gen` and docs/INSTRUMENTING.md write: every one takes the fast path.
    static let typical = [
        #"{"t":1795168800.003,"ev":"process.launch","pid":7858,"reason":"user"}"#,
        #"{"t":1795168800.102,"ev":"app.willFinishLaunching","pid":7858}"#,
        #"{"t":1795168800.590,"ev":"scene.willConnect","pid":7858,"scene":"7BD6DE74-S1"}"#,
        #"{"t":1795168801.5,"ev":"scene.didBecomeActive","pid":7858,"scene":"7BD6DE74-S1","phase":"begin"}"#,
        #"{"t":1795168801.123456789,"ev":"scene.didBecomeActive","pid":7858,"scene":"7BD6DE74-S1","phase":"end"}"#,
        #"{"t":1795168802.000,"ev":"bgtask.begin","pid":7858,"task":2,"name":"upload"}"#,
        #"{"t":1795168802.000,"ev":"bgtask.end","pid":7858,"task":2}"#,
        #"{"t":1795168802.000,"ev":"bgtask.end","pid":7858,"task":0}"#,
        #"{"t":1795168803.000,"ev":"bgsched.start","pid":7858,"task":"com.example.refresh","kind":"refresh"}"#,
        #"{"t":1795168803.000,"ev":"bgsched.start","pid":7858,"task":"com.example.index","kind":"Processing"}"#,
        #"{"t":1795168804.000,"ev":"bgsched.complete","pid":7858,"task":"com.example.refresh","reason":"failure"}"#,
        #"{"t":1795168805.000,"ev":"process.exit","pid":7858,"reason":"purge"}"#,
        #"{"t":1795168805.000,"ev":"x.custom.event","pid":7858}"#,
        #"{"t":1795168805.000,"ev":"","pid":7858,"scene":"","name":""}"#,
        #"{"t":1795168805.000,"ev":"sys.suspend"}"#,
        #"{"t":1795168805.000,"ev":"sys.suspend","pid":0}"#,
        #"{"t":1795168805.000,"ev":"sys.suspend","pid":123456789012345678}"#,
        #"{"t":1795168805.000,"ev":"sys.suspend","pid":1234567}"#,
        #"{"t":1795168805.000,"ev":"sys.suspend","pid":12345678}"#,
        #"{"t":1795168805.000,"ev":"sys.suspend","pid":1234567,"scene":"s"}"#,
        #"{"t":1795168805.000,"ev":"sys.suspend","pid":9}"#,
        #"{"t":1795168805.000,"ev":"scene.didEnterBackground","scene":"s"}"#,
        #"{"t":1795168800.000,"ev":"meta","pid":7858,"os":"17.4","app":"com.example.app1","model":"uikit-scene"}"#,
        #"{"t":1795168800.000,"ev":"meta","model":"uikit-app","app":"a","os":"26.0"}"#,
        #"{"t":1795168800.000,"ev":"meta"}"#,
        #"{"t":1795168800.000,"ev":"sys.suspend","pid":7,"os":"17.4","app":"x"}"#,
        #"{"t":"2026-11-20T07:00:00.000Z","ev":"meta","pid":301,"os":"","app":"com.example.photos"}"#,
        #"{"t":"2026-11-20T07:00:00.000Z","ev":"process.launch","pid":301,"reason":"prewarm"}"#,
        #"{"t":"2026-11-20T07:00:00.400Z","ev":"sys.suspend","pid":301}"#,
        #"{"t":"2026-11-20T15:00:00.000Z","ev":"bgsched.start","pid":301,"task":"com.example.photos.index","kind":"processing"}"#,
        #"{"t":"2026-11-20T15:04:00.600Z","ev":"bgsched.complete","pid":301,"task":"com.example.photos.index","reason":"failure"}"#,
        #"{"t":"2026-11-20T10:00:00Z","ev":"app.didBecomeActive","pid":301}"#,
        #"{"t":"2026-11-20T10:00:00.1Z","ev":"app.didBecomeActive","pid":301}"#,
        #"{"t":"2026-11-20T10:00:00.123456789Z","ev":"app.didBecomeActive","pid":301}"#,
        #"{"t":"2026-11-20T10:00:00.250+05:30","ev":"app.didBecomeActive","pid":301}"#,
        #"{"t":"2026-11-20T10:00:00.250-00:00","ev":"app.didBecomeActive","pid":301}"#,
        #"{"t":"2026-11-20T10:00:00.250-23:59","ev":"app.didBecomeActive","pid":301}"#,
        #"{"t":"2024-02-29T23:59:59.999Z","ev":"app.didBecomeActive","pid":301}"#,
        #"{"t":"1970-01-01T00:00:00Z","ev":"app.didBecomeActive","pid":301}"#,
        #"{"t":"1970-01-01T00:00:00+01:00","ev":"app.didBecomeActive","pid":301}"#,
        #"{"t":"2200-12-31T23:59:59.999999999Z","ev":"app.didBecomeActive","pid":301}"#,
    ]

    /// Lines the fast path leaves to the general one (or takes), each compared: forms of `t`,
    /// keys out of order or repeated, escapes, whitespace, numbers of every shape.
    static let variants = [
        // Fraction digits 0–12 and the offsets RFC 3339 allows.
        #"{"t":"2026-11-20T10:00:00.Z","ev":"x","pid":1}"#,
        #"{"t":"2026-11-20T10:00:00.1234567891Z","ev":"x","pid":1}"#,
        #"{"t":"2026-11-20T10:00:00.12345678912Z","ev":"x","pid":1}"#,
        #"{"t":"2026-11-20T10:00:00.123456789123Z","ev":"x","pid":1}"#,
        #"{"t":"2026-11-20T10:00:00.250z","ev":"x","pid":1}"#,
        #"{"t":"2026-11-20t10:00:00.250Z","ev":"x","pid":1}"#,
        #"{"t":"2026-11-20 10:00:00.250Z","ev":"x","pid":1}"#,
        #"{"t":"2026-11-20T10:00:00.250","ev":"x","pid":1}"#,
        #"{"t":"2026-11-20T10:00:00.250+0530","ev":"x","pid":1}"#,
        #"{"t":"2026-11-20T10:00:00.250+05","ev":"x","pid":1}"#,
        #"{"t":"2026-11-20T10:00:00.250+24:00","ev":"x","pid":1}"#,
        #"{"t":"2026-11-20T10:00:00.250+05:60","ev":"x","pid":1}"#,
        #"{"t":"2016-12-31T23:59:60Z","ev":"x","pid":1}"#,
        #"{"t":"2026-11-20T24:00:00Z","ev":"x","pid":1}"#,
        #"{"t":"2026-11-20T23:60:00Z","ev":"x","pid":1}"#,
        #"{"t":"2026-04-31T10:00:00Z","ev":"x","pid":1}"#,
        #"{"t":"2025-02-29T10:00:00Z","ev":"x","pid":1}"#,
        #"{"t":"2026-13-01T10:00:00Z","ev":"x","pid":1}"#,
        #"{"t":"2026-00-01T10:00:00Z","ev":"x","pid":1}"#,
        #"{"t":"2026-11-00T10:00:00Z","ev":"x","pid":1}"#,
        #"{"t":"1969-12-31T23:59:59Z","ev":"x","pid":1}"#,
        #"{"t":"2201-01-01T00:00:00Z","ev":"x","pid":1}"#,
        #"{"t":"2262-04-12T00:00:00Z","ev":"x","pid":1}"#,
        #"{"t":"9999-12-31T23:59:59Z","ev":"x","pid":1}"#,
        #"{"t":"0000-01-01T00:00:00Z","ev":"x","pid":1}"#,
        #"{"t":"2026-11-2OT10:00:00Z","ev":"x","pid":1}"#,
        #"{"t":"2026-11-20T1O:00:00Z","ev":"x","pid":1}"#,
        #"{"t":"2026/11/20T10:00:00Z","ev":"x","pid":1}"#,
        #"{"t":"2026-11-20T10-00-00Z","ev":"x","pid":1}"#,
        #"{"t":"2026-11-20T10:00:00Z ","ev":"x","pid":1}"#,
        #"{"t":"\u0032026-11-20T10:00:00Z","ev":"x","pid":1}"#,
        #"{"t":"2026-11-20T10:00:00Z"}"#,
        #"{"t":"2026-11-20T10:00:00Z","#,
        #"{"t":"2026-11-20T10:00"#,
        #"{"t":"","ev":"x","pid":1}"#,
        // Numbers: leading zeros, -0, exponents, fractions, huge values.
        #"{"t":1795168800.250,"ev":"x","pid":-0}"#,
        #"{"t":1795168800.250,"ev":"x","pid":00}"#,
        #"{"t":1795168800.250,"ev":"x","pid":07}"#,
        #"{"t":1795168800.250,"ev":"x","pid":1e2}"#,
        #"{"t":1795168800.250,"ev":"x","pid":1E+2}"#,
        #"{"t":1795168800.250,"ev":"x","pid":0.0}"#,
        #"{"t":1795168800.250,"ev":"x","pid":1234567890123456789}"#,
        #"{"t":1795168800.250,"ev":"x","pid":9223372036854775807}"#,
        #"{"t":1795168800.250,"ev":"x","pid":9223372036854775808}"#,
        #"{"t":1795168800.250,"ev":"x","pid":-9223372036854775808}"#,
        #"{"t":1795168800.250,"ev":"x","pid":"7"}"#,
        #"{"t":1795168800.250,"ev":"x","pid":null}"#,
        #"{"t":1795168800.250,"ev":"x","pid":7 }"#,
        #"{"t":1795168800.250,"ev":"bgtask.begin","pid":7,"task":1234567890123456789}"#,
        #"{"t":1795168800.250,"ev":"bgtask.begin","pid":7,"task":00}"#,
        #"{"t":1795168800.250,"ev":"bgtask.begin","pid":7,"task":-3}"#,
        #"{"t":1795168800.250,"ev":"bgtask.begin","pid":7,"task":3e0}"#,
        #"{"t":1795168800.250,"ev":"bgtask.begin","pid":7,"task":null}"#,
        #"{"t":1795168800.250,"ev":"bgtask.begin","pid":7}"#,
        #"{"t":1795168800.250,"ev":"bgsched.start","pid":7,"kind":"refresh"}"#,
        #"{"t":1795168800.250,"ev":"bgtask.begin","pid":7,"task":3,"task":3}"#,
        #"{"t":1795168800.250,"ev":"bgtask.begin","pid":7,"task":"a","task":3}"#,
        #"{"t":1795168800.250,"ev":"bgtask.begin","pid":7,"task":3,"task":"a"}"#,
        #"{"t":1795168800.2500,"ev":"x","pid":1}"#,
        #"{"t":1795168800,"ev":"x","pid":1}"#,
        #"{"t":1795168800.,"ev":"x","pid":1}"#,
        #"{"t":1795168800.250e0,"ev":"x","pid":1}"#,
        #"{"t":1795168800.1234567891,"ev":"x","pid":1}"#,
        #"{"t":0795168800.250,"ev":"x","pid":1}"#,
        #"{"t":9795168800.250,"ev":"x","pid":1}"#,
        #"{"t":-1795168800.250,"ev":"x","pid":1}"#,
        #"{"t":8999999999.999,"ev":"x","pid":1}"#,
        #"{"t":9000000000.000,"ev":"x","pid":1}"#,
        #"{"t":1795168800.25a,"ev":"x","pid":1}"#,
        #"{"t":1795168800.250}"#,
        #"{"t":1795168800.250,"#,
        // Keys out of order, repeated, unknown, escaped; values of other types.
        #"{"ev":"x","t":1795168800.250,"pid":1}"#,
        #"{"t":1795168800.250,"pid":1,"ev":"x"}"#,
        #"{"t":1795168800.250,"ev":"x","pid":1,"pid":2}"#,
        #"{"t":1795168800.250,"ev":"x","pid":1,"t":1795168801.250}"#,
        #"{"t":1795168800.250,"ev":"x","pid":1,"ev":"y"}"#,
        #"{"t":1795168800.250,"ev":"x","pid":1,"scene":"a","scene":"b"}"#,
        #"{"t":1795168800.250,"ev":"x","pid":1,"name":"a","name":"b"}"#,
        #"{"t":1795168800.250,"ev":"x","pid":1,"kind":"a","kind":"b"}"#,
        #"{"t":1795168800.250,"ev":"x","pid":1,"reason":"a","reason":"b"}"#,
        #"{"t":1795168800.250,"ev":"x","pid":1,"phase":"end","phase":"begin"}"#,
        #"{"t":1795168800.250,"ev":"x","pid":1,"phase":"middle"}"#,
        #"{"t":1795168800.250,"ev":"x","pid":1,"phase":"Begin"}"#,
        #"{"t":1795168800.250,"ev":"x","pid":1,"extra":{"a":[1,2,{"b":null}]}}"#,
        #"{"t":1795168800.250,"ev":"x","pid":1,"name":"a","extra":1}"#,
        #"{"t":1795168800.250,"ev":"x","pid":1,"sceneX":"a"}"#,
        #"{"t":1795168800.250,"ev":"x","pid":1,"scene":7}"#,
        #"{"t":1795168800.250,"ev":"x","pid":1,"name":true}"#,
        #"{"t":1795168800.250,"ev":"x","pid":1,"kind":["a"]}"#,
        #"{"t":1795168800.250,"ev":"x","pid":1,"reason":null}"#,
        #"{"t":1795168800.250,"ev":"x","pid":1,"\u0073cene":"a"}"#,
        #"{"t":1795168800.250,"\u0065v":"x","pid":1}"#,
        #"{"\u0074":1795168800.250,"ev":"x","pid":1}"#,
        #"{"t":1795168800.250,"ev":"x\u0041","pid":1}"#,
        #"{"t":1795168800.250,"ev":"app.didBecome\u0041ctive","pid":1}"#,
        #"{"t":1795168800.250,"ev":"x","pid":1,"scene":"a\nb"}"#,
        #"{"t":1795168800.250,"ev":"x","pid":1,"scene":"a\"b"}"#,
        #"{"t":1795168800.250,"ev":"x","pid":1,"scene":"\uD800"}"#,
        #"{"t":1795168800.250,"ev":"x","pid":1,"scene":"é"}"#,
        #"{"t":1795168800.250,"ev":"ü","pid":1}"#,
        #"{"t":1795168800.250,"ev":"meta","pid":1}"#,
        #"{"t":1795168800.250,"ev":"meta","pid":1,"os":"17.4","app":"a","model":"uikit-app"}"#,
        #"{"t":1795168800.250,"ev":"meta","pid":1,"os":17.4,"app":"a"}"#,
        #"{"t":1795168800.250,"ev":"meta","pid":1,"os":null,"app":"a"}"#,
        #"{"t":1795168800.250,"ev":"meta","pid":1,"os":"17","os":"18"}"#,
        #"{"t":1795168800.250,"ev":"meta","pid":1,"app":"a","app":"b"}"#,
        #"{"t":1795168800.250,"ev":"meta","pid":1,"model":"m","model":"n"}"#,
        #"{"t":1795168800.250,"ev":"meta","pid":1,"app":"a\u0062"}"#,
        #"{"t":1795168800.250,"ev":"meta","pid":1,"app":"é"}"#,
        #"{"t":1795168800.250,"ev":"meta","pid":1,"model":7}"#,
        #"{"t":1795168800.250,"ev":"meta","pid":1,"modes":["audio"],"os":"17.4"}"#,
        #"{"t":1795168800.250,"ev":"meta","pid":1,"refresh":true}"#,
        #"{"t":1795168800.250,"ev":"meta","pid":1,"osx":"1"}"#,
        #"{"t":1795168800.250,"ev":"meta","pid":1,"apps":"1"}"#,
        #"{"t":1795168800.250,"ev":"meta","pid":1,"models":"1"}"#,
        #"{"t":1795168800.250,"ev":"sys.exit","pid":1,"os":7}"#,
        #"{"t":1795168800.250,"ev":"sys.exit","pid":1,"app":{}}"#,
        // Whitespace and the end of the line.
        #"{ "t":1795168800.250,"ev":"x","pid":1}"#,
        #"{"t":1795168800.250,"ev":"x","pid":1} "#,
        "{\"t\":1795168800.250,\"ev\":\"x\",\"pid\":1}\r",
        #"{"t":1795168800.250,"ev":"x","pid":1}}"#,
        #"{"t":1795168800.250,"ev":"x","pid":1,}"#,
        #"{"t":1795168800.250,"ev":"x","pid":1"#,
        #"{"t":1795168800.250,"ev":"x","pid":1,"scene":"a"#,
        #"{"t":1795168800.250,"ev":"x","pid":1,"scene":"a""#,
        #"{"t":1795168800.250,"ev":"x","pid":1,"scene":"#,
        #"{"t":1795168800.250,"ev":"x","pid":1,"reason":"#,
        #"{"t":1795168800.250,"ev":"x","pid":1,"task":"#,
        #"{"t":1795168800.250,"ev":"x","pid""#,
        #"{"t":1795168800.250,"ev":"x""#,
        #"{"t":1795168800.250,"ev":"x"}"#,
        #"{"t":1795168800.250,"ev":"x"} {}"#,
    ]

    /// Members the scanner does not keep (SPEC §1: kept in the file, ignored), of every JSON
    /// value type, last, first after `ev` or `pid`, between kept members, repeated, on `meta`
    /// records: the common shape's path takes each line and gives the general path's record.
    static let ignoredMembers = [
        #"{"t":1795168800.250,"ev":"sys.suspend","pid":7,"seq":12,"th":"main","src":"AppDelegate.swift:42"}"#,
        #"{"t":1795168800.250,"ev":"sys.suspend","seq":12}"#,
        #"{"t":1795168800.250,"ev":"scene.didBecomeActive","pid":7,"seq":1,"scene":"S1","th":"main","phase":"begin"}"#,
        #"{"t":1795168800.250,"ev":"bgtask.begin","pid":7,"src":"x","task":2,"lvl":"info","name":"upload"}"#,
        #"{"t":"2026-11-20T10:00:00.250Z","ev":"process.exit","pid":7,"reason":"purge","seq":9007199254740993}"#,
        #"{"t":1795168800.250,"ev":"meta","pid":7,"seq":1,"os":"17.4","th":"main","app":"a","model":"uikit-app"}"#,
        // Numbers of every form the grammar allows.
        #"{"t":1795168800.250,"ev":"x","pid":7,"n":0}"#,
        #"{"t":1795168800.250,"ev":"x","pid":7,"n":-0}"#,
        #"{"t":1795168800.250,"ev":"x","pid":7,"n":-12}"#,
        #"{"t":1795168800.250,"ev":"x","pid":7,"n":3.25}"#,
        #"{"t":1795168800.250,"ev":"x","pid":7,"n":1e9}"#,
        #"{"t":1795168800.250,"ev":"x","pid":7,"n":-1.5E-3,"m":2e+2}"#,
        #"{"t":1795168800.250,"ev":"x","pid":7,"n":123456789012345678901234567890}"#,
        // Strings: empty, escapes of every kind, UTF-8, a surrogate pair and a lone one.
        #"{"t":1795168800.250,"ev":"x","pid":7,"s":""}"#,
        #"{"t":1795168800.250,"ev":"x","pid":7,"s":"a\"b\\c\/d\b\f\n\r\t"}"#,
        #"{"t":1795168800.250,"ev":"x","pid":7,"s":"state \u2192 bg","scene":"S1"}"#,
        #"{"t":1795168800.250,"ev":"x","pid":7,"s":"\uD83D\uDE00 and \uD800"}"#,
        #"{"t":1795168800.250,"ev":"x","pid":7,"s":"héllo wörld ✓ 😀"}"#,
        #"{"t":1795168800.250,"ev":"x","pid":7,"s":"ends in a backslash \\"}"#,
        // Literals, arrays and objects, empty and nested.
        #"{"t":1795168800.250,"ev":"x","pid":7,"a":true,"b":false,"c":null}"#,
        #"{"t":1795168800.250,"ev":"x","pid":7,"a":[],"o":{}}"#,
        #"{"t":1795168800.250,"ev":"x","pid":7,"ctx":{"attempt":2,"tags":["net","retry"],"ok":true,"err":null}}"#,
        #"{"t":1795168800.250,"ev":"x","pid":7,"deep":[[[[[[[[[[[[[[[[[[[[{"k":[{}]}]]]]]]]]]]]]]]]]]]]],"scene":"S1"}"#,
        #"{"t":1795168800.250,"ev":"x","pid":7,"ctx":{ "spaced" : [ 1 , 2 ] },"name":"n"}"#,
        #"{"t":1795168800.250,"ev":"x","pid":7,"ctx":{"t":1,"ev":"y","pid":"z","scene":7}}"#,
        // Keys: empty, long, near the kept ones, repeated, with `:` or `}` inside.
        #"{"t":1795168800.250,"ev":"x","pid":7,"":1}"#,
        #"{"t":1795168800.250,"ev":"x","pid":7,"a":1}"#,
        #"{"t":1795168800.250,"ev":"x","pid":7,"a":1,"b":2,"c":3}"#,
        #"{"t":1795168800.250,"ev":"x","pid":7,"reasons":"r","models":"m","scenes":"s","osx":"o"}"#,
        #"{"t":1795168800.250,"ev":"x","pid":7,"a_rather_long_key_of_a_logging_library":1}"#,
        #"{"t":1795168800.250,"ev":"x","pid":7,"tt":1,"evt":2,"pids":3,"scenes":4,"tasks":5,"phas":6,"reasons":7}"#,
        #"{"t":1795168800.250,"ev":"x","pid":7,"versions":1,"refreshed":2,"mode":3,"names":4,"kinds":5}"#,
        #"{"t":1795168800.250,"ev":"x","pid":7,"seq":1,"seq":2,"seq":"three"}"#,
        #"{"t":1795168800.250,"ev":"x","pid":7,"a:b":"c}d","e,f":"}"}"#,
        // On records where `os`, `app`, `model` are ignored.
        #"{"t":1795168800.250,"ev":"sys.suspend","pid":7,"os":"17.4","seq":1,"app":"a"}"#,
    ]

    /// Ignored members the common shape leaves to the general path, and what the general path
    /// says (`nil`: a record): malformed values (LC401 with the general loop's message and
    /// column), kept keys in other forms, whitespace, escaped or non-ASCII keys.
    static let ignoredMemberSurprises: [(line: String, message: String?)] = [
        (#"{"t":1795168800.250,"ev":"x","pid":7,"n":01}"#, "expected ',' or '}' after a member at column 43"),
        (#"{"t":1795168800.250,"ev":"x","pid":7,"n":1.}"#, "expected a digit after '.' at column 44"),
        (#"{"t":1795168800.250,"ev":"x","pid":7,"n":1e}"#, "expected a digit in the exponent at column 44"),
        (#"{"t":1795168800.250,"ev":"x","pid":7,"n":-}"#, "expected a digit at column 43"),
        (#"{"t":1795168800.250,"ev":"x","pid":7,"n":+1}"#, "expected a value at column 42"),
        (#"{"t":1795168800.250,"ev":"x","pid":7,"n":.5}"#, "expected a value at column 42"),
        (#"{"t":1795168800.250,"ev":"x","pid":7,"n":NaN}"#, "expected a value at column 42"),
        (#"{"t":1795168800.250,"ev":"x","pid":7,"b":tru}"#, "expected a value at column 42"),
        (#"{"t":1795168800.250,"ev":"x","pid":7,"b":nulls}"#, "expected ',' or '}' after a member at column 46"),
        (#"{"t":1795168800.250,"ev":"x","pid":7,"s":"a\x"}"#, "invalid escape"),
        (#"{"t":1795168800.250,"ev":"x","pid":7,"s":"\u12G4"}"#, "invalid"),
        (#"{"t":1795168800.250,"ev":"x","pid":7,"s":"open}"#, "unterminated string"),
        (#"{"t":1795168800.250,"ev":"x","pid":7,"s":"tab\#tinside"}"#, "control character U+0009 in a string at column 46"),
        (#"{"t":1795168800.250,"ev":"x","pid":7,"a":[1,]}"#, "expected a value at column 45"),
        (#"{"t":1795168800.250,"ev":"x","pid":7,"a":[1 2]}"#, "expected ',' or ']' in an array at column 45"),
        (#"{"t":1795168800.250,"ev":"x","pid":7,"o":{"k"}}"#, "expected ':' after a key at column 46"),
        (#"{"t":1795168800.250,"ev":"x","pid":7,"o":{1:2}}"#, "expected a string key at column 43"),
        (#"{"t":1795168800.250,"ev":"x","pid":7,"o":{"k":1,}}"#, "expected a string key at column 49"),
        (#"{"t":1795168800.250,"ev":"x","pid":7,"a":[[[[]]]}"#, "expected ',' or ']' in an array at column 49"),
        (#"{"t":1795168800.250,"ev":"x","pid":7,"a":[{"k":1]}"#, "expected ',' or '}' in an object at column 49"),
        (#"{"t":1795168800.250,"ev":"x","pid":7,"seq":1"#, "expected ',' or '}' after a member at column 45"),
        (#"{"t":1795168800.250,"ev":"x","pid":7,"seq":"#, "expected a value at column 44"),
        (#"{"t":1795168800.250,"ev":"x","pid":7,"seq"}"#, "expected ':' after a key at column 43"),
        (#"{"t":1795168800.250,"ev":"x","pid":7,"seq":1,}"#, "expected a string key at column 46"),
        (#"{"t":1795168800.250,"ev":"x","pid":7,"seq":1}x"#, RecordScanner.textAfterTheObject + " at column 46"),
        // Kept keys after an ignored one, in forms the common shape leaves alone, or repeated.
        (#"{"t":1795168800.250,"ev":"x","pid":7,"seq":1,"t":1795168801.250}"#, nil),
        (#"{"t":1795168800.250,"ev":"x","pid":7,"seq":1,"ev":"y"}"#, nil),
        (#"{"t":1795168800.250,"ev":"x","pid":7,"seq":1,"pid":8}"#, nil),
        (#"{"t":1795168800.250,"ev":"x","seq":1,"pid":8}"#, nil),
        (#"{"t":1795168800.250,"ev":"meta","pid":7,"seq":1,"version":"2.1","modes":["audio"],"refresh":true}"#, nil),
        (#"{"t":1795168800.250,"ev":"meta","pid":7,"seq":1,"os":17.4}"#, nil),
        (#"{"t":1795168800.250,"ev":"x","pid":7,"seq":1,"scene":7}"#, "'scene' must be a string, found a number"),
        (#"{"t":1795168800.250,"ev":"bgtask.begin","pid":7,"seq":1}"#, "'bgtask.begin' without a task id"),
        // Whitespace, escaped and non-ASCII keys, a key that unescapes to a kept one.
        (#"{"t":1795168800.250,"ev":"x","pid":7, "seq":1}"#, nil),
        (#"{"t":1795168800.250,"ev":"x","pid":7,"seq" :1}"#, nil),
        (#"{"t":1795168800.250,"ev":"x","pid":7,"seq": 1}"#, nil),
        (#"{"t":1795168800.250,"ev":"x","pid":7,"seq":1 }"#, nil),
        (#"{"t":1795168800.250,"ev":"x","pid":7,"s\u0065q":1}"#, nil),
        (#"{"t":1795168800.250,"ev":"x","pid":7,"sëq":1}"#, nil),
        (#"{"t":1795168800.250,"ev":"x","pid":7,"seq":1,"sc\u0065ne":"S1"}"#, nil),
    ]

    /// Records the mutation table starts from.
    static let mutationBases = [
        #"{"t":1795168800.250,"ev":"scene.didBecomeActive","pid":7858,"scene":"7BD6DE74-S1","phase":"begin"}"#,
        #"{"t":"2026-11-20T15:04:00.600Z","ev":"bgsched.complete","pid":301,"task":"com.example.photos.index","reason":"failure"}"#,
        #"{"t":"2026-11-20T10:00:00.250+05:30","ev":"bgsched.start","pid":12,"task":"a.b","kind":"refresh","name":"n"}"#,
        #"{"t":1795168802.000,"ev":"bgtask.begin","pid":7858,"task":2,"name":"upload"}"#,
        #"{"t":"2026-11-20T07:00:00.000Z","ev":"meta","pid":7858,"os":"17.4","app":"com.example.app1","model":"uikit-scene"}"#,
        #"{"t":1795168800.250,"ev":"scene.didBecomeActive","pid":7,"seq":12,"ctx":{"a":[1,-2.5e3,true,false,null],"s":"q\"\u00e9"},"scene":"S1"}"#,
    ]

    /// Replacement bytes of the mutation table.
    static let replacements: [UInt8] = [0x22, 0x5C, 0x7D, 0x2C, 0x20, 0x00, 0x1F, 0x80, 0xFF, 0xC0, 0x30, 0x39, 0x2D]

    /// Every byte of `line` deleted, duplicated and replaced by each of ``replacements``.
    static func mutations(of line: String) -> [[UInt8]] {
        let bytes = Array(line.utf8)
        var out: [[UInt8]] = []
        for i in bytes.indices {
            var deleted = bytes
            deleted.remove(at: i)
            out.append(deleted)
            var duplicated = bytes
            duplicated.insert(bytes[i], at: i)
            out.append(duplicated)
            for r in replacements where r != bytes[i] {
                var replaced = bytes
                replaced[i] = r
                out.append(replaced)
            }
            out.append(Array(bytes[..<i]))
        }
        return out
    }

    /// Compares the two paths over `lines`, in order, and reports the first difference.
    static func expectSame(_ lines: [[UInt8]], _ what: String) -> IngestFuzzHooks.ScanPathComparison {
        let comparison = IngestFuzzHooks.compareScanPaths(lines)
        if let d = comparison.difference {
            let line = String(decoding: lines[d.line], as: UTF8.self)
            Issue.record("\(what), line \(d.line + 1) \(line.debugDescription):\n  common shape: \(d.commonShape)\n  general:      \(d.general)")
        }
        return comparison
    }

    @Test("Typical lines take the common shape's path and give the general path's records")
    func typicalLines() {
        let lines = Self.typical.map { Array($0.utf8) }
        let comparison = Self.expectSame(lines, "typical")
        #expect(comparison.commonShapeLines == lines.count)
        for line in lines {
            var scanner = RecordScanner()
            #expect(line.withUnsafeBytes { scanner.takesCommonShape($0) }, "\(String(decoding: line, as: UTF8.self))")
        }
    }

    @Test("Forms of t, numbers, keys, escapes and whitespace give the general path's outcome", arguments: variants)
    func variant(line: String) {
        _ = Self.expectSame([Array(line.utf8)], "variant")
        // After typical lines, so that the caches (dates, events, strings) are warm.
        _ = Self.expectSame(Self.typical.map { Array($0.utf8) } + [Array(line.utf8)], "variant after typical lines")
    }

    @Test("A member the scanner does not keep, of any value type, stays on the common shape's path", arguments: ignoredMembers)
    func ignoredMember(line: String) {
        let comparison = Self.expectSame(Self.typical.map { Array($0.utf8) } + [Array(line.utf8)], "ignored member")
        #expect(comparison.commonShapeLines == Self.typical.count + 1)
        var scanner = RecordScanner()
        if case .malformed(let message) = scanner.scan(line) { Issue.record("rejected: \(message)") }
    }

    @Test("An ignored member the common shape cannot judge gives the general path's outcome", arguments: ignoredMemberSurprises)
    func ignoredMemberSurprise(line: String, message: String?) {
        let comparison = Self.expectSame(Self.typical.map { Array($0.utf8) } + [Array(line.utf8)], "ignored member")
        #expect(comparison.commonShapeLines == Self.typical.count)
        var scanner = RecordScanner()
        switch (scanner.scan(line), message) {
        case (.malformed(let found), let expected?):
            #expect(found.hasPrefix(expected), "\(found)")
        case (.malformed(let found), nil):
            Issue.record("rejected: \(found)")
        case (_, let expected?):
            Issue.record("accepted, expected \(expected)")
        case (_, nil):
            break
        }
    }

    @Test("Every byte deleted, duplicated, replaced or cut gives the general path's outcome", arguments: mutationBases)
    func mutated(base: String) {
        let lines = Self.mutations(of: base)
        let comparison = Self.expectSame(Self.typical.map { Array($0.utf8) } + lines, "mutations")
        // The base is typical: the fast path must have seen the typical lines at least.
        #expect(comparison.commonShapeLines >= Self.typical.count)
        #expect(lines.count > 1000)
    }

    @Test("Every JSONTestSuite text as the value of each key gives the general path's outcome")
    func jsonTestSuiteValues() throws {
        let names = Conformance.files("")
        #expect(names.count > 300)
        let prefixes = [
            #"{"t":1795168800.250,"ev":"scene.didBecomeActive","pid":7,"scene":"#,
            #"{"t":1795168800.250,"ev":"bgtask.begin","pid":7,"task":"#,
            #"{"t":1795168800.250,"ev":"app.didBecomeActive","pid":7,"phase":"#,
            #"{"t":1795168800.250,"ev":"sys.exit","pid":7,"reason":"#,
            #"{"t":1795168800.250,"ev":"bgsched.start","pid":7,"task":"k","name":"#,
            #"{"t":1795168800.250,"ev":"bgsched.start","pid":7,"task":"k","kind":"#,
            #"{"t":"2026-11-20T10:00:00.250Z","ev":"x","pid":"#,
            #"{"t":"2026-11-20T10:00:00.250Z","ev":"#,
            #"{"t":"#,
        ]
        let suffixes = ["}", "}", "}", "}", "}", "}", "}", #","pid":7}"#, #","ev":"x","pid":7}"#]
        var lines: [[UInt8]] = []
        for name in names {
            let text = try Conformance.bytes(name)
            guard !text.contains(0x0A) else { continue }
            for (prefix, suffix) in zip(prefixes, suffixes) {
                lines.append(Array(prefix.utf8) + text + Array(suffix.utf8))
            }
        }
        _ = Self.expectSame(lines, "JSONTestSuite")
    }

    @Test("Every log in traces/ gives the same records through both paths, most through the fast one")
    func traceSamples() throws {
        let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("traces")
        let names = try FileManager.default.contentsOfDirectory(atPath: traces.path).filter { $0.hasSuffix(".jsonl.zst") }.sorted()
        #expect(names.count > 20)
        var total = 0
        var fast = 0
        for name in names {
            let compressed = try [UInt8](Data(contentsOf: traces.appendingPathComponent(name)))
            let lines = Self.decompress(compressed).split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
            let comparison = Self.expectSame(lines, name)
            total += lines.count
            fast += comparison.commonShapeLines
        }
        #expect(fast * 2 > total, "\(fast) of \(total) lines took the common shape's path")
    }

    /// The whole content of a zstd stream (one or more frames).
    static func decompress(_ input: [UInt8]) -> [UInt8] {
        let stream = ZSTD_createDStream()
        defer { ZSTD_freeDStream(stream) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        input.withUnsafeBytes { source in
            var inBuffer = ZSTD_inBuffer(src: source.baseAddress, size: source.count, pos: 0)
            while true {
                let (produced, result): (Int, Int) = buffer.withUnsafeMutableBytes { target in
                    var outBuffer = ZSTD_outBuffer(dst: target.baseAddress, size: target.count, pos: 0)
                    let r = ZSTD_decompressStream(stream, &outBuffer, &inBuffer)
                    return (outBuffer.pos, r)
                }
                precondition(ZSTD_isError(result) == 0, "corrupt sample")
                out.append(contentsOf: buffer[..<produced])
                if inBuffer.pos == inBuffer.size && produced < buffer.count { break }
            }
        }
        return out
    }
}
