/// lctrace's version, printed by `--version` and in every report.
public enum LCTraceVersion {
    /// The semantic version of this build.
    public static let current = "0.1.0"
}
