/// One frame of a thread as a crash report or a MetricKit call stack writes it: what
/// ``WhoseCode`` needs to say whose code it is (SPEC §10).
public struct CodeFrame: Sendable, Equatable {
    /// The image's name (`FirebaseCore`, `libsystem_kernel.dylib`); `nil` for a frame with no
    /// image (`???`, an unnamed image, an image index past the report's images).
    public var image: String?
    /// The image's path, when the report gives one (`usedImages`, `Binary Images:`).
    public var path: String?
    /// The symbol as written; `nil` when unsymbolicated.
    public var symbol: String?
    /// The offset into the image (`imageOffset`, `+ 25788`, `offsetIntoBinaryTextSegment`).
    public var offset: Int64?

    /// Creates a frame.
    public init(image: String?, path: String? = nil, symbol: String? = nil, offset: Int64? = nil) {
        self.image = image
        self.path = path
        self.symbol = symbol
        self.offset = offset
    }
}
