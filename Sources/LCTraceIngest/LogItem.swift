import LCTraceCore

/// What the reader hands out, in stream order.
public enum LogItem: Sendable {
    /// A well-formed record (any event but `meta`).
    case record(Record)
    /// A well-formed `meta` record and the session context it carries.
    case meta(Record, SessionMeta)
    /// A line that is not a valid record (LC401): not strict JSON, not an
    /// object, `t`/`ev` missing or of the wrong type, or longer than the limit.
    /// `message` says what was expected and where (column), without the file name.
    case malformed(line: Int, message: String)
    /// The input is cut short or corrupt (LC403). `line` is the line the cut
    /// falls in (one past the last complete line); `byteOffset` is the offset
    /// in the file (compressed bytes) of the cut or of the corrupt frame, when known.
    /// After a corrupt frame in the middle, reading resumes at the next frame and
    /// more items follow; otherwise this is the last item.
    case truncated(line: Int, byteOffset: Int64?, message: String)
    /// The log itself says records are missing here (a unified-log `lossEvent`, LC404): `line`
    /// is where the entry starts, `message` what it said. More items follow; after the gap
    /// every process's state is unknown (SPEC §5).
    case lost(line: Int, message: String)
}
