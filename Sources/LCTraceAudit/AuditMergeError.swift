import Foundation
import LCTraceCore
import LCTraceReplay
import LCTraceReport

/// Why a set of shard outputs cannot be merged (exit status 2).
public struct AuditMergeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `Unable to merge 'PATH': REASON.` or a sentence about the set of shards.
    public var message: String

    /// Creates the error.
    public init(_ message: String) {
        self.message = message
    }

    /// The same as ``message``.
    public var description: String { message }
}
