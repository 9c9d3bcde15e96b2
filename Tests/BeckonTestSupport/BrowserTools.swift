import Foundation

/// What the browser tests drive pages with: Debian's `chromium` and Playwright (PyPI) in the
/// suite's tools (`TestTools`), both installed by the test command (`bash Scripts/test.sh`).
public enum BrowserTools {
    /// The system's Chromium (`BECKON_CHROMIUM` names another).
    public static var chromium: String {
        ProcessInfo.processInfo.environment["BECKON_CHROMIUM"] ?? "/usr/bin/chromium"
    }

    /// What to install when a tool is missing, or nil when both are there.
    public static var missing: String? {
        if !FileManager.default.isExecutableFile(atPath: chromium) {
            return "\(chromium) is missing: apt-get install chromium (bash Scripts/test.sh installs it)"
        }
        if !TestTools.has(module: "playwright") { return TestTools.missing("Playwright") }
        return nil
    }
}
