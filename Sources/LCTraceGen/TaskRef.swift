/// A background task as the log writes it: an integer id, or a string id built
/// from its name (`"sync-7"`); both carry a `name`.
struct TaskRef: Equatable {
    var number: Int32
    var isString: Bool
    /// Index into ``ReasonText/taskNames``.
    var name: Int8
}
