"""Drives a running `beckon serve` through the OpenFeature Python SDK and its OFREP provider.

Usage: ofrep_sdk_test.py URL READ_TOKEN WRITE_TOKEN

The server serves ServedBeckon's configuration (Tests/BeckonServerTests/ServedBeckon.swift) with
a read and a write token. Each check prints `ok NAME` or `FAIL NAME: why`; the last line is
`N passed, M failed`, and the exit status is 1 when any check failed. OFREPSDKTests runs it
with the suite's interpreter (.build/test-tools/, which `bash Scripts/test.sh` makes).
"""

import sys
import uuid

import requests
from openfeature import api
from openfeature.contrib.provider.ofrep import OFREPProvider
from openfeature.evaluation_context import EvaluationContext
from openfeature.exception import ErrorCode
from openfeature.flag_evaluation import Reason

URL, READ_TOKEN, WRITE_TOKEN = sys.argv[1], sys.argv[2], sys.argv[3]
NOW = "2026-03-01T09:00:00Z"
results = []


def check(name, condition, why=""):
    results.append(bool(condition))
    print(("ok " if condition else "FAIL ") + name + ("" if condition else ": " + str(why)), flush=True)


def bearer(token):
    return {"Authorization": "Bearer " + token}


def v1(method, path, **json):
    """A `/v1` request with the write token, at NOW."""
    response = requests.request(method, URL + path, json={"now": NOW, **json}, headers=bearer(WRITE_TOKEN), timeout=30)
    return response.json()


def subject():
    """A subject of its own for each check that records through /v1."""
    return "sdk-" + uuid.uuid4().hex[:12]


# The provider's own timeout is 5 s; the suite runs this beside every other test on a machine of
# two cores, where a first answer once took longer: the same 30 s as the test's other requests.
api.set_provider_and_wait(OFREPProvider(URL, headers_factory=lambda: bearer(READ_TOKEN), timeout=30), "beckon")
api.set_provider_and_wait(OFREPProvider(URL, timeout=30), "anonymous")
client = api.get_client("beckon")


def context(key, **attributes):
    return EvaluationContext(key, {"now": NOW, **attributes})


# Each key kind.
ada = subject()
details = client.get_boolean_details("tips.welcome", False, context(ada))
check("tip: value, variant, reason", (details.value, details.variant, details.reason) == (True, "available", Reason.TARGETING_MATCH), details)
check("tip: metadata holds the content and reason",
      details.flag_metadata.get("title") == "Welcome to Landmarks" and details.flag_metadata.get("reasonCode") == "available"
      and details.flag_metadata.get("message") == "Browse famous places near you.", details.flag_metadata)
details = client.get_string_details("groups.onboarding", "x", context(ada))
check("group: the current tip", (details.value, details.variant) == ("welcome", "welcome"), details)
details = client.get_boolean_details("scenarios.ask-for-review", True, context(ada))
check("scenario: would not run", (details.value, details.variant) == (False, "wait"), details)
details = client.get_object_details("whatsNew", {}, context(ada))
check("whatsNew: the entries next would give", details.variant == "show" and details.value["entries"][0]["version"] == "2.3.0", details)
details = client.get_object_details("whatsNew", {}, context(ada, appVersion="9.0.0"))
check("whatsNew: appVersion from the context", details.variant == "none" and details.value["entries"] == [], details)

# Transient context: the rule needs two views and a bright screen (and welcome out of the way:
# the onboarding group shows one tip at a time).
bob = subject()
v1("POST", f"/v1/subjects/{bob}/tips/welcome/invalidate", reason="tipClosed")
for _ in range(2):
    v1("POST", f"/v1/subjects/{bob}/events/landmarkViewed/donate")
bright = client.get_boolean_details("tips.favorite-landmark", False, context(bob, screenBrightness=0.9))
dim = client.get_boolean_details("tips.favorite-landmark", True, context(bob, screenBrightness=0.3))
check("transient: a bright screen makes the tip available", (bright.value, bright.variant) == (True, "available"), bright)
check("transient: a dim one does not", (dim.value, dim.variant) == (False, "pending"), dim)
ignored = client.get_boolean_details("tips.favorite-landmark", False, context(bob, screenBrightness=0.9, email="bob@example.com", plan="pro"))
check("other attributes are ignored", ignored.value is True and ignored.error_code is None, ignored)

# Failures.
details = client.get_boolean_details("tips.welcom", False, context(ada))
check("unknown flag: FLAG_NOT_FOUND with did you mean",
      details.error_code == ErrorCode.FLAG_NOT_FOUND and "tips.welcome" in (details.error_message or ""), details)
details = client.get_boolean_details("tips.welcome", False, EvaluationContext(None, {"now": NOW}))
check("no targetingKey: TARGETING_KEY_MISSING", details.error_code == ErrorCode.TARGETING_KEY_MISSING and details.value is False, details)
details = client.get_boolean_details("tips.favorite-landmark", False, context(bob, screenBrightness="bright"))
check("a transient of the wrong type: INVALID_CONTEXT naming it",
      details.error_code == ErrorCode.INVALID_CONTEXT and "screenBrightness" in (details.error_message or ""), details)
response = requests.post(URL + "/ofrep/v1/evaluate/flags/tips.welcome", data="not json", headers=bearer(READ_TOKEN), timeout=30)
check("a body that is not JSON: PARSE_ERROR", response.status_code == 400 and response.json()["errorCode"] == "PARSE_ERROR", response.text)

# Tokens.
details = api.get_client("anonymous").get_boolean_details("tips.welcome", False, context(ada))
check("no token: refused", details.error_code == ErrorCode.GENERAL and details.value is False, details)

# Bulk with ETag and 304.
carol = subject()
bulk = requests.post(URL + "/ofrep/v1/evaluate/flags", json={"context": {"targetingKey": carol, "now": NOW}}, headers=bearer(READ_TOKEN), timeout=30)
flags = {flag["key"]: flag for flag in bulk.json()["flags"]}
check("bulk: every flag", sorted(flags) == ["groups.onboarding", "scenarios.ask-for-review", "scenarios.offer-subscription",
                                            "tips.favorite-landmark", "tips.welcome", "whatsNew"], flags)
check("bulk: the change stream", bulk.json()["eventStreams"] == [{"type": "sse", "endpoint": {"requestUri": f"/v1/subjects/{carol}/changes"}}], bulk.text)
tag = bulk.headers.get("ETag")
again = requests.post(URL + "/ofrep/v1/evaluate/flags", json={"context": {"targetingKey": carol, "now": NOW}},
                      headers={**bearer(READ_TOKEN), "If-None-Match": tag}, timeout=30)
check("bulk: 304 on a matching If-None-Match", again.status_code == 304 and again.headers.get("ETag") == tag, again.status_code)
v1("POST", f"/v1/subjects/{carol}/tips/welcome/display")
changed = requests.post(URL + "/ofrep/v1/evaluate/flags", json={"context": {"targetingKey": carol, "now": NOW}},
                        headers={**bearer(READ_TOKEN), "If-None-Match": tag}, timeout=30)
check("bulk: 200 with a new ETag once the answers changed", changed.status_code == 200 and changed.headers.get("ETag") != tag, changed.status_code)

# Evaluations record nothing.
dave = subject()
for _ in range(5):
    client.get_boolean_details("tips.welcome", False, context(dave))
    client.get_object_details("whatsNew", {}, context(dave))
    requests.post(URL + "/ofrep/v1/evaluate/flags", json={"context": {"targetingKey": dave, "now": NOW}}, headers=bearer(READ_TOKEN), timeout=30)
status = requests.get(URL + f"/v1/subjects/{dave}/tips/welcome?now={NOW}", headers=bearer(READ_TOKEN), timeout=30).json()
check("evaluations record no display", status["displayCount"] == 0 and status["status"] == "available", status)
first = v1("POST", f"/v1/subjects/{dave}/whatsnew/next")
check("evaluations leave the version unseen", first["freshInstall"] is True, first)

print(f"{results.count(True)} passed, {results.count(False)} failed")
sys.exit(0 if all(results) else 1)
