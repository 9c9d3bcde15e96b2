import Foundation

/// What the browser tests drive pages with: Debian's `chromium` and Playwright (PyPI) in the
/// project's `.venv-tests/`, both installed by `.ci/run`.
public enum BrowserTools {
    /// The virtual environment's interpreter, which has Playwright.
    public static var python: String { Repository.path(".venv-tests/bin/python") }

    /// The system's Chromium (`BECKON_CHROMIUM` names another).
    public static var chromium: String {
        ProcessInfo.processInfo.environment["BECKON_CHROMIUM"] ?? "/usr/bin/chromium"
    }

    /// What to install when a tool is missing, or nil when both are there.
    public static var missing: String? {
        if !FileManager.default.isExecutableFile(atPath: chromium) {
            return "\(chromium) is missing: apt-get install chromium (.ci/run installs it)"
        }
        let check = try? ProcessRunner.run(python, ["-c", "import playwright"])
        if check?.status != 0 {
            return "Playwright is missing from .venv-tests/: run .ci/run, which installs it there"
        }
        return nil
    }
}
