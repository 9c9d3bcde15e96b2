"""Drives the page `beckon simulate --html` wrote in Chromium (Playwright, on the system browser),
offline, and checks it against `beckon simulate --json` of the same trace:

- at every tip.status, group.current and scenario.status step, the band drawn on that lane at
  that instant (read from the DOM's data-* attributes) has the step's answer;
- clicking a mark shows its step's answer, and clicking a band its explanation;
- the keyboard reaches a mark and Enter explains it; zoom and pan change the range shown;
- every lane's name and every tick's label is drawn whole, inside the chart and clear of the
  bands, or (a name too long for a third of a narrow chart) cut with "…" and whole in its tooltip;
- the page fits a phone-sized screen;
- no console error, no request leaves the file.

Usage: timeline_test.py PAGE.html STEPS.jsonl CHROMIUM [SCREENSHOT.png]
Prints one line per failure and a last line "N compared, F failed".
"""
import json
import os
import sys

from playwright.sync_api import sync_playwright

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../BeckonTestSupport/Fixtures"))
from browser_checks import check_phone_width, collect_errors, finish, launch  # noqa: E402

page_path, steps_path, chromium = sys.argv[1:4]
screenshot = sys.argv[4] if len(sys.argv) > 4 else None

expected = []  # (subject, lane, instant, value, step)
for line in open(steps_path, encoding="utf-8"):
    step = json.loads(line)
    if step["op"] == "tip.status":
        expected.append((step["subject"], "tip:" + step["id"], step["now"], step["status"], step["step"]))
    elif step["op"] == "group.current":
        expected.append((step["subject"], "group:" + step["id"], step["now"], step["current"] or "", step["step"]))
    elif step["op"] == "scenario.status":
        expected.append((step["subject"], "scenario:" + step["id"], step["now"], "run" if step["wouldRun"] else "wait", step["step"]))

failures = []
compared = 0


def check_labels(page, failures, screen):
    """The chart's names and ticks, as drawn on `screen`, each whole and where it belongs."""
    faults = page.evaluate(
        """() => {
            const svg = document.querySelector('#chart svg');
            const width = +svg.getAttribute('width');
            const bands = Math.min(...[...svg.querySelectorAll('.band')].map((band) => +band.getAttribute('x')));
            const faults = [];
            for (const text of svg.querySelectorAll('.lane-label')) {
                const box = text.getBBox(), shown = text.firstChild.textContent;
                const whole = text.querySelector('title') ? text.querySelector('title').textContent : shown;
                if (box.x + box.width > bands - 4) faults.push(`the name '${whole}' runs into the bands (to ${box.x + box.width}, bands from ${bands})`);
                if (whole !== shown && !(shown.endsWith('…') && whole.startsWith(shown.slice(0, -1)))) faults.push(`the name '${whole}' is drawn as '${shown}'`);
            }
            for (const text of svg.querySelectorAll('.axis text')) {
                const box = text.getBBox();
                if (box.x + box.width > width) faults.push(`the tick '${text.textContent}' is cut at the right edge`);
            }
            const cut = [...svg.querySelectorAll('.lane-label title')].length;
            return { faults, cut };
        }""")
    failures += [f"{screen}: {fault}" for fault in faults["faults"]]
    return faults["cut"]
with sync_playwright() as playwright:
    browser = launch(playwright, chromium)
    context = browser.new_context(offline=True, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors, requests = collect_errors(page), []
    page.on("request", lambda request: requests.append(request.url) if not request.url.startswith("file:") else None)
    page.goto("file://" + page_path)
    page.wait_for_selector("#chart svg")

    for subject in sorted({each[0] for each in expected}):
        page.select_option("#subject", subject)
        page.wait_for_function("s => document.querySelector('#chart svg').getAttribute('aria-label') === 'Timeline of ' + s", arg=subject)
        queries = [[lane, instant] for (who, lane, instant, _, _) in expected if who == subject]
        found = page.evaluate(
            """queries => queries.map(([lane, at]) => {
                const bands = [...document.querySelectorAll(`.band[data-lane="${CSS.escape(lane)}"]`)]
                    .filter(band => +band.dataset.start <= at && at < +band.dataset.end);
                return bands.length === 1 ? bands[0].dataset.value : `${bands.length} bands`;
            })""", queries)
        for (who, lane, instant, value, step), drawn in zip([each for each in expected if each[0] == subject], found):
            compared += 1
            if drawn != value:
                failures.append(f"step {step}: {subject} {lane} at {instant}: the page draws {drawn!r}, simulate --json says {value!r}")

    # A mark, clicked, shows its step's answer.
    page.select_option("#subject", expected[0][0])
    mark = page.locator(".mark").first
    step = mark.get_attribute("data-step")
    mark.click()
    details = page.locator("#details-text").text_content()
    if not details.startswith(f"step {step} at "):
        failures.append(f"clicking the mark of step {step} shows {details[:80]!r}")
    # A band, clicked, shows its explanation (a tip's starts with the tip and its status).
    band = page.locator('.band[data-lane^="tip:"]').first
    lane, value = band.get_attribute("data-lane"), band.get_attribute("data-value")
    band.click()
    details = page.locator("#details-text").text_content()
    if f"tip {lane[4:]}: {value}" not in details:
        failures.append(f"clicking a band of {lane} shows {details[:120]!r}")
    # The keyboard: Tab reaches marks and bands, Enter explains.
    page.locator(".mark").nth(1).focus()
    page.keyboard.press("Enter")
    if "step " not in page.locator("#details-text").text_content():
        failures.append("Enter on a focused mark explains nothing")
    # Zoom and pan change the range.
    before = page.locator("#range").text_content()
    page.click("#zoom-in")
    zoomed = page.locator("#range").text_content()
    page.click("#pan-right")
    panned = page.locator("#range").text_content()
    if len({before, zoomed, panned}) != 3:
        failures.append(f"zoom and pan left the range at {before!r}, {zoomed!r}, {panned!r}")
    page.click("#zoom-reset")
    if page.locator("#range").text_content() != before:
        failures.append("'Whole trace' does not show the whole trace again")
    if page.locator(".card").count() == 0:
        failures.append("no tip card is shown")
    check_labels(page, failures, "1280 pixels wide")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(100)
    if check_labels(page, failures, "390 pixels wide") == 0:
        # The example's longest name, "scenario legacy-welcome-back", is wider than a third.
        failures.append("390 pixels wide: no lane's name is cut, so the cut names went unchecked")
    check_phone_width(page, failures, {"width": 1280, "height": 900})
    if screenshot:
        page.locator(".mark").first.click()
        page.screenshot(path=screenshot, full_page=True)
    failures += [f"console error: {error}" for error in errors]
    failures += [f"a request left the file: {url}" for url in requests]
    browser.close()

finish(failures, compared)
