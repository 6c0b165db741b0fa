/// LC311 once per identifier and process.
struct NotPermittedKey: Hashable {
    var serial: Int
    var session: Int
    var identifier: String
}
