/// Where the evidence behind a finding came from (the JSON key `source`).
public enum FindingSource: String, Sendable, Hashable {
    /// The app's own lifecycle records (native logs, unified-log exports of the app's messages).
    case app
    /// What iOS itself logged (UIKit, RunningBoard, FrontBoard): `--input-format syslog`.
    case system
}
