"""What the browser fixtures (Playwright on the system's Chromium) share: the browser, the
console's errors, the phone-sized-screen check and the summary line the Swift tests read.
"""
import sys


def launch(playwright, chromium):
    """The system's Chromium (Playwright downloads none), as root may run it."""
    return playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])


def collect_errors(page):
    """The page's console errors and uncaught exceptions, as they come."""
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def check_phone_width(page, failures, viewport):
    """On a 390-pixel-wide screen the page fits its width; then `viewport` again."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(100)
    if page.evaluate("() => document.documentElement.scrollWidth > window.innerWidth"):
        failures.append("on a 390-pixel-wide screen the page is wider than the screen")
    page.set_viewport_size(viewport)


def finish(failures, compared):
    """Prints each failure and the summary line "N compared, F failed"; exits 1 on any failure."""
    for failure in failures:
        print(failure)
    print(f"{compared} compared, {len(failures)} failed")
    sys.exit(1 if failures or compared == 0 else 0)
