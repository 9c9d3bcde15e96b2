"""A Python host of libbeckon.so, standard library only (ctypes, json, sqlite3).

Usage: python3 example_host.py PATH/TO/libbeckon.so PATH/TO/example.yaml

Opens an engine on the example configuration (its SQLite store, its calendar plugin) and drives
tips, a group, parameters, donations, a scenario and what's new for subject "ada", checking the
JSON of every answer; then takes every error path (bad configuration text, a missing file, an
unknown id, a value of the wrong type, a store that cannot be opened, a store locked by another
process, NULL arguments) and checks its status and message, and that the process goes on.
Prints one line per failed check and a summary; exits 1 when any check failed.
"""

import ctypes
import json
import os
import sqlite3
import subprocess
import sys
from datetime import datetime

# --- beckon.h, declared for ctypes (the 1.0 structs in beckon_types.py) ------------------------

from beckon_types import (INVALID_ARGUMENT, NOT_FOUND, OK, STORE_CONFIGURED, UNAVAILABLE, WRITE, Error, Field, Request,
                          Sink, String, view)


def declare(library):
    status = ctypes.c_int32
    engine = ctypes.c_void_p
    out = [ctypes.POINTER(Sink), ctypes.POINTER(Error)]
    request = ctypes.POINTER(Request)
    signatures = {
        "beckon_version": (ctypes.c_char_p, []),
        "beckon_abi_version": (ctypes.c_uint32, []),
        "beckon_open_path": (status, [String, ctypes.c_int32, ctypes.POINTER(engine)] + out),
        "beckon_open_text": (status, [String, String, ctypes.c_int32, ctypes.POINTER(engine)] + out),
        "beckon_close": (None, [engine]),
        "beckon_set_clock": (status, [engine, ctypes.c_int64, ctypes.POINTER(Error)]),
        "beckon_tip_invalidate": (status, [engine, request, String, String] + out),
        "beckon_tip_shown": (status, [engine, request, String, ctypes.c_int64] + out),
        "beckon_donate": (status, [engine, request, String, ctypes.POINTER(ctypes.POINTER(Field)), ctypes.c_size_t] + out),
        "beckon_parameter_set": (status, [engine, request, String, String] + out),
    }
    for name in ["tip_status", "tip_display", "tip_reset", "group_current", "parameter_get", "scenario_trigger",
                 "scenario_try", "scenario_status", "scenario_reset", "whatsnew_mark", "whatsnew_unmark",
                 "explain_tip", "explain_scenario"]:
        signatures["beckon_" + name] = (status, [engine, request, String] + out)
    for name in ["whatsnew_next", "whatsnew_present", "reset_subject"]:
        signatures["beckon_" + name] = (status, [engine, request] + out)
    for name, (result, arguments) in signatures.items():
        function = getattr(library, name)
        function.restype = result
        function.argtypes = arguments


class Answer:
    """One call's outcome: its status, the JSON documents its sink received, the error message."""

    def __init__(self, status, documents, message):
        self.status = status
        self.documents = documents
        self.message = message

    @property
    def json(self):
        return self.documents[0] if len(self.documents) == 1 else None


class Beckon:
    """The library and one subject's requests, each call returning an Answer."""

    def __init__(self, path):
        self.library = ctypes.CDLL(path)
        declare(self.library)

    def call(self, name, *arguments):
        documents = []

        def write(_context, json_bytes, length):
            documents.append(json.loads(ctypes.string_at(json_bytes, length).decode("utf-8")))

        writer = WRITE(write)
        sink = Sink(ctypes.sizeof(Sink), None, writer)
        error = Error(ctypes.sizeof(Error))
        status = getattr(self.library, "beckon_" + name)(*arguments, ctypes.byref(sink), ctypes.byref(error))
        return Answer(status, documents, error.message.decode("utf-8"))

    def open_path(self, path, store=STORE_CONFIGURED):
        engine = ctypes.c_void_p()
        answer = self.call("open_path", view(path), store, ctypes.byref(engine))
        return engine, answer

    def open_text(self, text, name, store=STORE_CONFIGURED):
        engine = ctypes.c_void_p()
        answer = self.call("open_text", view(text), view(name), store, ctypes.byref(engine))
        return engine, answer


def instant(text):
    """Unix ms of an ISO 8601 UTC instant ("2026-03-01T09:00:00Z")."""
    return int(datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp() * 1000)


def request(subject, at, app_version=""):
    return ctypes.byref(Request(ctypes.sizeof(Request), view(subject), instant(at), view(app_version)))


# --- checks -------------------------------------------------------------------------------------

checks = 0
failures = []


def check(condition, what, detail=None):
    global checks
    checks += 1
    if not condition:
        failures.append(what if detail is None else f"{what}: {detail!r}")


def check_ok(answer, what):
    check(answer.status == OK and answer.json is not None, f"{what} answers OK with one JSON object",
          (answer.status, answer.message, answer.documents))
    return answer.json or {}


def check_fails(answer, status, message, what):
    check(answer.status == status, f"{what} returns status {status}", (answer.status, answer.message))
    check(message in answer.message, f"{what} says '{message}'", answer.message)
    check(answer.documents == [], f"{what} writes no answer", answer.documents)


def drive_the_example(beckon, engine, folder):
    """Tips, a group, parameters, donations, a scenario and what's new for subject ada."""

    def op(name, at, *arguments, app_version=""):
        return beckon.call(name, engine, request("ada", at, app_version), *arguments)

    welcome = check_ok(op("tip_status", "2026-03-01T09:00:00Z", view("welcome")), "tip status")
    check(welcome.get("status") == "available" and welcome.get("op") == "tip.status" and welcome.get("subject") == "ada",
          "welcome is available to a new subject", welcome)
    displayed = check_ok(op("tip_display", "2026-03-01T09:00:05Z", view("welcome")), "tip display")
    check(displayed.get("displayed") is True and displayed.get("displayCount") == 1, "welcome is displayed once", displayed)
    welcome = check_ok(op("tip_status", "2026-03-01T09:00:06Z", view("welcome")), "tip status after display")
    check(welcome.get("status") == "invalidated" and welcome.get("invalidation") == "displayCountExceeded",
          "welcome is invalidated by maxDisplayCount 1", welcome)

    check_ok(op("parameter_set", "2026-03-01T09:00:10Z", view("isLoggedIn"), view("true")), "parameter set")
    logged_in = check_ok(op("parameter_get", "2026-03-01T09:00:11Z", view("isLoggedIn")), "parameter get")
    check({key: logged_in.get(key) for key in ["op", "subject", "parameter", "value"]}
          == {"op": "parameter.get", "subject": "ada", "parameter": "isLoggedIn", "value": True}, "isLoggedIn reads back true", logged_in)

    for number, minute in enumerate(["10", "20", "30"], start=1):
        fields = [Field(ctypes.sizeof(Field), view("landmark"), view("Eiffel")),
                  Field(ctypes.sizeof(Field), view("fromSearch"), view("true"))]
        pointers = (ctypes.POINTER(Field) * 2)(*[ctypes.pointer(field) for field in fields])
        donated = check_ok(op("donate", f"2026-03-01T09:{minute}:00Z", view("landmarkViewed"), pointers, 2), "donate")
        check(donated.get("count") == number and donated.get("arguments") == {"info": {"landmark": "Eiffel", "fromSearch": True}},
              f"donation {number} is counted with its info", donated)

    favorite = check_ok(op("tip_status", "2026-03-01T09:31:00Z", view("favorite-landmark")), "tip status")
    check(favorite.get("status") == "pending" and favorite.get("reasonCode") == "displayFrequency",
          "favorite-landmark waits for the daily display frequency", favorite)
    favorite = check_ok(op("tip_status", "2026-03-02T09:31:00Z", view("favorite-landmark")), "tip status next day")
    check(favorite.get("status") == "available", "favorite-landmark is available a day later", favorite)
    group = check_ok(op("group_current", "2026-03-02T09:31:00Z", view("onboarding")), "group current")
    check(group.get("current") == "favorite-landmark", "the onboarding group's current tip is favorite-landmark", group)
    explained = check_ok(op("explain_tip", "2026-03-02T09:31:00Z", view("favorite-landmark")), "explain tip")
    rules = [item for item in explained.get("checks", []) if item.get("name", "").startswith("rule ")]
    check([rule.get("passed") for rule in rules] == [True, True, True], "explain shows three passing rules", explained)
    check(rules and rules[1].get("detail") == "events.landmarkViewed.within(7d).count >= 3", "explain names each rule", rules)

    for day in ["02", "03", "04", "05", "06"]:
        check_ok(op("scenario_trigger", f"2026-03-{day}T12:00:00Z", view("ask-for-review")), "scenario trigger")
    early = check_ok(op("scenario_try", "2026-03-06T12:00:05Z", view("ask-for-review")), "scenario try")
    failing = [item["name"] for item in early.get("checks", []) if not item.get("passed")]
    check(early.get("executed") is False and failing == ["minTimeSinceFirstEvent"],
          "ask-for-review waits a week after the first event", early)
    ran = check_ok(op("scenario_try", "2026-03-09T12:00:05Z", view("ask-for-review")), "scenario try")
    check(ran.get("executed") is True and ran.get("executions") == 1, "ask-for-review runs after a week", ran)
    again = check_ok(op("scenario_try", "2026-03-09T12:00:06Z", view("ask-for-review")), "scenario try again")
    check(again.get("executed") is False and again.get("executions") == 1, "and not again within two days", again)
    status = check_ok(op("scenario_status", "2026-03-11T12:00:06Z", view("ask-for-review")), "scenario status")
    check(status.get("wouldRun") is True, "two days later it would run again", status)

    upcoming = check_ok(op("whatsnew_next", "2026-03-09T12:01:00Z", app_version="2.3.1"), "what's new next")
    check([entry.get("version") for entry in upcoming.get("entries", [])] == ["2.3.0"],
          "2.3.1 shows the 2.3.0 notes (patch fallback)", upcoming)
    presented = check_ok(op("whatsnew_present", "2026-03-09T12:01:00Z", app_version="2.3.1"), "what's new present")
    check(presented.get("presented") == ["2.3.0"] and len(presented.get("entries", [])) == 1, "2.3.0 is presented", presented)
    second = check_ok(op("whatsnew_present", "2026-03-09T12:02:00Z", app_version="2.3.1"), "what's new present again")
    check(second.get("entries") == [], "and presented only once", second)

    # Errors on a good engine: a status and a message, nothing written, and the host goes on.
    check_fails(op("tip_status", "2026-03-02T09:31:00Z", view("welcom")), NOT_FOUND,
                "tip 'welcom' is not declared in the configuration; did you mean 'welcome'?", "an unknown tip")
    check_fails(op("scenario_try", "2026-03-02T09:31:00Z", view("ask-for-reviews")), NOT_FOUND,
                "did you mean 'ask-for-review'?", "an unknown scenario")
    check_fails(op("parameter_set", "2026-03-02T09:31:00Z", view("isLoggedIn"), view("yes")), INVALID_ARGUMENT,
                "parameter 'isLoggedIn' is bool: 'yes' is not a bool (true or false)", "a parameter of the wrong type")
    wrong = Field(ctypes.sizeof(Field), view("fromSearch"), view("maybe"))
    check_fails(op("donate", "2026-03-02T09:32:00Z", view("landmarkViewed"), (ctypes.POINTER(Field) * 1)(ctypes.pointer(wrong)), 1),
                INVALID_ARGUMENT, "info field 'fromSearch' of event 'landmarkViewed' is bool: 'maybe' is not a bool",
                "an info field of the wrong type")
    check_fails(op("whatsnew_next", "2026-03-02T09:31:00Z", app_version="two"), INVALID_ARGUMENT,
                "request.app_version", "an app version that is not a version")
    check_fails(op("tip_invalidate", "2026-03-02T09:31:00Z", view("favorite-landmark"), view("bored")), INVALID_ARGUMENT,
                "reason must be one of actionPerformed, tipClosed, not 'bored'", "an invalidation reason the host may not give")
    empty_subject = ctypes.byref(Request(ctypes.sizeof(Request), view(""), instant("2026-03-02T09:31:00Z"), view("")))
    check_fails(beckon.call("tip_status", engine, empty_subject, view("welcome")), INVALID_ARGUMENT,
                "request.subject must be a non-empty UTF-8 string", "an empty subject")
    long_subject = ctypes.byref(Request(ctypes.sizeof(Request), view("a" * 257), instant("2026-03-02T09:31:00Z"), view("")))
    check_fails(beckon.call("donate", engine, long_subject, view("appLaunched"), None, 0), INVALID_ARGUMENT,
                "request.subject: the subject has 257 UTF-8 bytes; at most 256 are accepted", "a subject too long")
    old_request = Request(ctypes.sizeof(Request), view("ada"), instant("2026-03-02T09:31:00Z"), view(""))
    old_request.struct_size = 8
    check_fails(beckon.call("tip_status", engine, ctypes.byref(old_request), view("welcome")), INVALID_ARGUMENT,
                "request.struct_size is 8", "a request smaller than ABI 1.0's")
    check_fails(beckon.call("tip_status", None, request("ada", "2026-03-02T09:31:00Z"), view("welcome")), INVALID_ARGUMENT,
                "engine is NULL", "a NULL engine")

    # Nothing of the failed calls was written: the wrong donation, parameter and invalidation.
    count = check_ok(op("explain_tip", "2026-03-02T09:33:00Z", view("favorite-landmark")), "explain after errors")
    check(count.get("status") == "available", "favorite-landmark is still available after the failed calls", count)
    logged_in = check_ok(op("parameter_get", "2026-03-02T09:33:00Z", view("isLoggedIn")), "parameter get after errors")
    check(logged_in.get("value") is True, "isLoggedIn is still true", logged_in)
    fourth = Field(ctypes.sizeof(Field), view("fromSearch"), view("false"))
    donated = check_ok(op("donate", "2026-03-02T09:34:00Z", view("landmarkViewed"), (ctypes.POINTER(Field) * 1)(ctypes.pointer(fourth)), 1),
                       "donate after errors")
    check(donated.get("count") == 4, "the refused donation was not counted", donated)
    check(os.path.exists(os.path.join(folder, "state", "beckon.db")), "the example's SQLite file exists")


def bad_configurations(beckon, folder):
    """Opening fails with a status, a message and (for a bad configuration) JSON diagnostics."""
    engine, answer = beckon.open_text("version: 1\ntips:\n  welcome: {titel: Hi}\n", os.path.join(folder, "bad.yaml"))
    check(answer.status == INVALID_ARGUMENT and not engine.value, "bad configuration text is INVALID_ARGUMENT", answer.status)
    check("the configuration is not valid" in answer.message, "and says so", answer.message)
    diagnostics = answer.json if isinstance(answer.json, list) else []
    check(len(diagnostics) >= 1 and diagnostics[0].get("line") == 3 and diagnostics[0].get("severity") == "error",
          "its diagnostics come as JSON with their line", answer.documents)
    check(any("titel" in item.get("message", "") for item in diagnostics), "naming the unknown key", diagnostics)

    engine, answer = beckon.open_text("version: 1\ntips: [\n", os.path.join(folder, "broken.yaml"))
    check(answer.status == INVALID_ARGUMENT and not engine.value, "malformed YAML is INVALID_ARGUMENT", answer.status)

    engine, answer = beckon.open_path(os.path.join(folder, "absent.yaml"))
    check(answer.status == NOT_FOUND and "cannot read configuration" in answer.message and not engine.value,
          "a missing file is NOT_FOUND", (answer.status, answer.message))

    engine, answer = beckon.open_text("version: 1\nplugins: [{path: plugins/libgone.so}]\n", os.path.join(folder, "gone.yaml"))
    check(answer.status == UNAVAILABLE and "plugin 'plugins/libgone.so': cannot open: no such file" in answer.message
          and not engine.value, "a missing plugin is UNAVAILABLE", (answer.status, answer.message))
    codes = [item.get("code") for item in answer.json] if isinstance(answer.json, list) else []
    check(codes == ["plugin.unavailable"], "with its diagnostic as JSON", answer.documents)

    # The store's folder would be under a regular file: the store cannot be opened.
    text = "version: 1\nstore: {backend: sqlite, path: example.yaml/beckon.db}\n"
    engine, answer = beckon.open_text(text, os.path.join(folder, "unopenable.yaml"))
    check(answer.status == UNAVAILABLE and answer.message.startswith("store unavailable: ") and not engine.value,
          "a store that cannot be opened is UNAVAILABLE", (answer.status, answer.message))


def locked_store(beckon, folder):
    """A store locked by another process: UNAVAILABLE, nothing written, then it works again."""
    text = "version: 1\nstore: {backend: sqlite, path: state/locked.db, busyTimeout: 200ms}\nevents:\n  opened: {}\n"
    engine, answer = beckon.open_text(text, os.path.join(folder, "locked.yaml"))
    check(answer.status == OK and engine.value, "a second engine opens", (answer.status, answer.message))
    if not engine.value:
        return
    first = check_ok(beckon.call("donate", engine, request("bob", "2026-03-01T09:00:00Z"), view("opened"), None, 0), "donate")
    check(first.get("count") == 1, "the first donation is counted", first)
    holder = sqlite3.connect(os.path.join(folder, "state", "locked.db"), isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    check_fails(beckon.call("donate", engine, request("bob", "2026-03-01T09:00:01Z"), view("opened"), None, 0), UNAVAILABLE,
                "locked by another process (waited 200 ms)", "a donation into a locked store")
    holder.execute("ROLLBACK")
    holder.close()
    second = check_ok(beckon.call("donate", engine, request("bob", "2026-03-01T09:00:02Z"), view("opened"), None, 0), "donate")
    check(second.get("count") == 2, "the donation refused while locked was not written", second)
    beckon.library.beckon_close(engine)


def main():
    library_path, config_path = sys.argv[1], sys.argv[2]
    folder = os.path.dirname(os.path.abspath(config_path))
    beckon = Beckon(library_path)

    version = beckon.library.beckon_version().decode("utf-8")
    check(len(version.split(".")) == 3, "beckon_version is a version", version)
    # Without LD_PRELOAD: under Scripts/sanitizers.sh this host preloads the ASan runtime for
    # libbeckon.so, and an instrumented beckon, which links its own, refuses to start with both.
    environment = {name: value for name, value in os.environ.items() if name != "LD_PRELOAD"}
    cli = subprocess.run([os.environ["BECKON"], "--version"], capture_output=True, text=True, env=environment)
    check(cli.stdout == version + "\n", "beckon_version is the version beckon --version prints", (version, cli.stdout))
    check(beckon.library.beckon_abi_version() >> 16 == 1, "the library speaks ABI 1.x", beckon.library.beckon_abi_version())

    bad_configurations(beckon, folder)
    engine, answer = beckon.open_path(config_path)
    check(answer.status == OK and engine.value, "the example opens", (answer.status, answer.message, answer.documents))
    if engine.value:
        drive_the_example(beckon, engine, folder)
        beckon.library.beckon_close(engine)
    locked_store(beckon, folder)

    for failure in failures:
        print(f"FAILED {failure}")
    print(f"python host: {checks} checks, {len(failures)} failing")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
