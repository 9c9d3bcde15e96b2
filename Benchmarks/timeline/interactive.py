"""Opens PAGE in Chromium (Playwright, the system browser, offline) RUNS times and prints how long
until the timeline is drawn and answers (its first band there and the zoom button working), how
long a subject switch takes, and how long one step of panning takes (a drag or an arrow key draws
the chart again: 50 arrow keys, timed in the page).

Usage: interactive.py PAGE CHROMIUM RUNS
"""
import statistics
import sys
import time

from playwright.sync_api import sync_playwright

page_path, chromium, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
loads, switches, pans = [], [], []
with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
    for _ in range(runs):
        context = browser.new_context(offline=True, viewport={"width": 1280, "height": 900})
        page = context.new_page()
        start = time.perf_counter()
        page.goto("file://" + page_path, wait_until="commit")
        page.wait_for_selector("#chart svg .band")
        before = page.locator("#range").text_content()
        page.click("#zoom-in")
        page.wait_for_function("before => document.getElementById('range').textContent !== before", arg=before)
        loads.append(time.perf_counter() - start)
        subjects = page.locator("#subject option").count()
        start = time.perf_counter()
        page.select_option("#subject", index=subjects - 1)
        page.wait_for_function("() => document.querySelector('#chart svg').getAttribute('aria-label') === "
                               "'Timeline of ' + document.getElementById('subject').value")
        switches.append(time.perf_counter() - start)
        pans.append(page.evaluate("""() => {
            const chart = document.getElementById('chart');
            const start = performance.now();
            for (let step = 0; step < 50; step++) {
                chart.dispatchEvent(new KeyboardEvent('keydown', { key: step % 2 ? 'ArrowLeft' : 'ArrowRight', bubbles: true }));
            }
            return (performance.now() - start) / 50;
        }"""))
        context.close()
    browser.close()
print("timeline: page interactive in Chromium (opened, drawn, zoomed): median %.0f ms of %d (%.0f–%.0f)"
      % (statistics.median(loads) * 1e3, runs, min(loads) * 1e3, max(loads) * 1e3))
print("timeline: another subject drawn: median %.0f ms" % (statistics.median(switches) * 1e3))
print("timeline: a step of panning drawn: median %.1f ms" % statistics.median(pans))
