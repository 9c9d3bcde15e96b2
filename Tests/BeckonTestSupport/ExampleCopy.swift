public import Foundation

/// `Config/example.yaml` as a host ships it: copied with its included file into a folder of its
/// own, the calendar plugin built next to it with `Plugins/calendar/build.sh` (as the demo builds
/// it), so that a test may write its state beside it.
public enum ExampleCopy {
    /// A new folder `beckon-NAME-…` holding `example.yaml`, `example-tips.yaml` and
    /// `plugins/libbeckon-calendar.so`.
    public static func make(_ name: String) throws -> URL {
        let folder = try TestRunFolder.newFolder(name)
        for file in ["example.yaml", "example-tips.yaml"] {
            try FileManager.default.copyItem(at: Repository.url("Config/\(file)"), to: folder.appendingPathComponent(file))
        }
        let (built, log) = try CPlugin.buildCalendar(into: folder.appendingPathComponent("plugins/libbeckon-calendar.so").path)
        guard built == 0 else { throw TestSupportFailure("the calendar plugin did not build:\n\(log)") }
        return folder
    }
}
