public import Foundation

/// The repository this test code was compiled from: where `Config/`, the fixtures and the
/// headers are found, whatever the working directory.
public enum Repository {
    /// The folder holding `Package.swift` (this file is `Tests/BeckonTestSupport/Repository.swift`).
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `relative` (e.g. `Plugins/calendar/build.sh`) below the root.
    public static func url(_ relative: String) -> URL {
        root.appendingPathComponent(relative)
    }

    /// `relative` below the root, as a path.
    public static func path(_ relative: String) -> String {
        url(relative).path
    }
}
