/// A callback logged as a span has a `begin` and an `end` record; others are instants.
public enum Phase: UInt8, Sendable {
    case instant, begin, end
}
