"""A trace of STEPS steps over SUBJECTS subjects for Config/example.yaml (seeded, so every run
draws the same): donations, parameters, displays, scenario triggers and tries, status steps.

Usage: generate.py STEPS SUBJECTS > trace.yaml
"""
import random
import sys

steps, subjects = int(sys.argv[1]), int(sys.argv[2])
chooser = random.Random(29)
tips = ["welcome", "favorite-landmark", "offline-maps", "search-filters"]
scenarios = ["ask-for-review", "offer-subscription", "legacy-welcome-back"]
operations = [
    lambda: "donate: landmarkViewed, info: {landmark: eiffel, fromSearch: %s}" % chooser.choice(["true", "false"]),
    lambda: "donate: appLaunched",
    lambda: "set: {isLoggedIn: %s, favoritesCount: %d}" % (chooser.choice(["true", "false"]), chooser.randrange(7)),
    lambda: "tip.display: " + chooser.choice(tips),
    lambda: "scenario.trigger: " + chooser.choice(["ask-for-review", "legacy-welcome-back"]),
    lambda: "scenario.try: " + chooser.choice(scenarios),
    lambda: "tip.status: " + chooser.choice(tips),
]
print("start: 2026-03-01T08:00:00Z")
print("steps:")
for _ in range(steps):
    after = chooser.choice(["1m", "20m", "2h", "9h"])
    print("  - {after: %s, subject: user-%d, %s}" % (after, chooser.randrange(subjects), chooser.choice(operations)()))
