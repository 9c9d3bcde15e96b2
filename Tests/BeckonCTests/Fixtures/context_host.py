"""A Python host of libbeckon.so ABI 1.1, standard library only (ctypes, json).

Usage: python3 context_host.py PATH/TO/libbeckon.so PATH/TO/example.yaml

On the example configuration with a fresh in-memory store, for subject "ada": the content of
tips in answers (tip status, group current, status), transient parameters and testing overrides
passed in the request (the 1.1 members of beckon_request, plain structs), and
beckon_subject_status with and without a list of tips; then the errors of each. (example_host.py
is the 1.0 host and stays as it is.) Prints one line per failed check and a summary; exits 1
when any check failed.
"""

import ctypes
import json
import sys

from beckon_types import INVALID_ARGUMENT, NOT_FOUND, OK, STORE_MEMORY, WRITE, Error, Field, Sink, String, view

SHOW_ALL_TIPS, HIDE_ALL_TIPS = 1, 2


class Request(ctypes.Structure):
    """beckon_request of ABI 1.1: the 1.0 members, then transients, testing overrides and flags."""
    _fields_ = [("struct_size", ctypes.c_uint32), ("subject", String), ("now", ctypes.c_int64), ("app_version", String),
                ("transients", ctypes.POINTER(Field)), ("transient_count", ctypes.c_size_t),
                ("testing_show", ctypes.POINTER(String)), ("testing_show_count", ctypes.c_size_t),
                ("testing_hide", ctypes.POINTER(String)), ("testing_hide_count", ctypes.c_size_t),
                ("flags", ctypes.c_uint32)]


def strings(*texts):
    return (String * len(texts))(*[view(text) for text in texts])


def fields(**values):
    return (Field * len(values))(*[Field(ctypes.sizeof(Field), view(name), view(value)) for name, value in values.items()])


class Beckon:
    def __init__(self, path):
        self.library = ctypes.CDLL(path)
        status, engine = ctypes.c_int32, ctypes.c_void_p
        out = [ctypes.POINTER(Sink), ctypes.POINTER(Error)]
        request = ctypes.POINTER(Request)
        signatures = {
            "beckon_abi_version": (ctypes.c_uint32, []),
            "beckon_open_path": (status, [String, ctypes.c_int32, ctypes.POINTER(engine)] + out),
            "beckon_close": (None, [engine]),
            "beckon_donate": (status, [engine, request, String, ctypes.c_void_p, ctypes.c_size_t] + out),
            "beckon_subject_status": (status, [engine, request, ctypes.POINTER(String), ctypes.c_size_t] + out),
        }
        for name in ["tip_status", "tip_display", "group_current", "explain_tip"]:
            signatures["beckon_" + name] = (status, [engine, request, String] + out)
        for name, (result, arguments) in signatures.items():
            function = getattr(self.library, name)
            function.restype, function.argtypes = result, arguments
        self.engine = ctypes.c_void_p()

    def call(self, name, *arguments):
        """Calls beckon_NAME(engine, ..., sink, error): (status, answer or None, message)."""
        documents = []
        sink = Sink(ctypes.sizeof(Sink), None, WRITE(lambda _, json_bytes, length: documents.append(ctypes.string_at(json_bytes, length))))
        error = Error(ctypes.sizeof(Error))
        status = getattr(self.library, "beckon_" + name)(self.engine, *arguments, ctypes.byref(sink), ctypes.byref(error))
        answer = json.loads(documents[0]) if documents else None
        return status, answer, error.message.decode("utf-8")


failures = 0
checks = 0


def check(held, what, detail=""):
    global failures, checks
    checks += 1
    if not held:
        failures += 1
        print(f"FAIL {what}: {detail}")


def request(**members):
    """A 1.1 request for ada at 2026-03-01T09:00:00Z with the given 1.1 members."""
    ask = Request(ctypes.sizeof(Request), view("ada"), 1772355600000, view(""))
    for name, value in members.items():
        setattr(ask, name, value)
    return ask


def main():
    beckon = Beckon(sys.argv[1])
    version = beckon.library.beckon_abi_version()
    check(version >> 16 == 1 and version & 0xFFFF >= 1, "the library speaks ABI 1.1 or a later 1.x")
    error = Error(ctypes.sizeof(Error))
    status = beckon.library.beckon_open_path(view(sys.argv[2]), STORE_MEMORY, ctypes.byref(beckon.engine), None, ctypes.byref(error))
    if status != OK:
        sys.exit(f"open: {status} {error.message.decode()}")
    ada = request()

    def tip(ask, tip_id):
        return beckon.call("tip_status", ctypes.byref(ask), view(tip_id))

    # Content.
    _, answer, _ = tip(ada, "favorite-landmark")
    check(answer["title"] == "Save as favorite" and answer["message"] == "Tap the star to keep this landmark."
          and answer["image"] == "star.fill"
          and answer["actions"] == [{"id": "learn-more", "title": "Learn more"}, {"id": "dismiss", "title": "Not now"}],
          "a tip answer carries the tip's content", answer)
    _, answer, _ = tip(ada, "welcome")
    check("actions" not in answer and answer["image"] == "hand.wave", "absent members are omitted", answer)
    _, answer, _ = beckon.call("explain_tip", ctypes.byref(ada), view("offline-maps"))
    check(answer["title"] == "Maps without a connection", "an explanation carries the content", answer)
    _, answer, _ = beckon.call("group_current", ctypes.byref(ada), view("onboarding"))
    check(answer["current"] == "welcome" and answer["title"] == "Welcome to Landmarks", "a group carries its current tip's content", answer)

    # Transient parameters: offline-maps needs 3 launches, then a connection.
    for _ in range(3):
        beckon.call("donate", ctypes.byref(ada), view("appLaunched"), None, 0)
    _, answer, _ = tip(ada, "offline-maps")
    check(answer["status"] == "available", "offline-maps with the default connection", answer)
    offline = fields(connection="none")
    status, answer, _ = tip(request(transients=offline, transient_count=1), "offline-maps")
    check(status == OK and answer["status"] == "pending" and "params.connection" in answer["reason"],
          "a transient parameter decides the request", answer)
    status, answer, _ = beckon.call("tip_display", ctypes.byref(request(transients=offline, transient_count=1)), view("offline-maps"))
    check(status == OK and answer["displayed"] is False, "and what it records", answer)
    _, answer, _ = tip(ada, "offline-maps")
    check(answer["status"] == "available" and answer["displayCount"] == 0, "a transient value is never kept", answer)
    for values, expected, words in [({"conection": "none"}, NOT_FOUND, "did you mean 'connection'?"),
                                    ({"plan": "pro"}, INVALID_ARGUMENT, "is stored, not transient"),
                                    ({"screenBrightness": "bright"}, INVALID_ARGUMENT, "is double")]:
        status, answer, message = tip(request(transients=fields(**values), transient_count=1), "offline-maps")
        check(status == expected and answer is None and words in message, f"transients {values}", (status, message))
    status, _, message = tip(request(transient_count=1), "offline-maps")
    check(status == INVALID_ARGUMENT and "request.transients is NULL" in message, "a NULL array with a count", message)

    # Testing overrides.
    for members, tip_id, expected, code in [
            (dict(testing_show=strings("favorite-landmark"), testing_show_count=1), "favorite-landmark", "available", "testingShow"),
            (dict(testing_hide=strings("welcome"), testing_hide_count=1), "welcome", "pending", "testingHide"),
            (dict(flags=SHOW_ALL_TIPS), "favorite-landmark", "available", "testingShow"),
            (dict(flags=HIDE_ALL_TIPS), "welcome", "pending", "testingHide"),
            (dict(flags=HIDE_ALL_TIPS, testing_show=strings("welcome"), testing_show_count=1), "welcome", "available", "testingShow")]:
        status, answer, message = tip(request(**members), tip_id)
        check(status == OK and answer["status"] == expected and answer["reasonCode"] == code, f"testing {members}", answer or message)
    status, _, message = tip(request(testing_show=strings("welcom"), testing_show_count=1), "welcome")
    check(status == NOT_FOUND and "did you mean 'welcome'?" in message, "an undeclared tip to show", message)

    # Everything at once.
    status, answer, _ = beckon.call("subject_status", ctypes.byref(ada), None, 0)
    check(status == OK and [t["id"] for t in answer["tips"]] == ["welcome", "favorite-landmark", "offline-maps", "search-filters"]
          and all("title" in t for t in answer["tips"]) and len(answer["groups"]) == 2 and len(answer["scenarios"]) == 3
          and answer["whatsNew"]["version"] == "2.3.1",
          "beckon_subject_status answers as beckon status --json", answer)
    status, answer, _ = beckon.call("subject_status", ctypes.byref(request(transients=offline, transient_count=1)),
                                    strings("offline-maps", "welcome"), 2)
    check(status == OK and [(t["id"], t["status"]) for t in answer["tips"]] == [("offline-maps", "pending"), ("welcome", "available")],
          "restricted to the tips asked for, in their order", answer)
    status, answer, message = beckon.call("subject_status", ctypes.byref(ada), strings("welcom"), 1)
    check(status == NOT_FOUND and answer is None and "did you mean 'welcome'?" in message, "an undeclared tip", message)

    beckon.library.beckon_close(beckon.engine)
    print(f"{checks} checks, {failures} failing")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
