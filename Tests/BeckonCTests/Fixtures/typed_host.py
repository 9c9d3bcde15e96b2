"""A Python host of the typed path of libbeckon.so (ABI 1.1), standard library only (ctypes, json).

Usage: python3 typed_host.py PATH/TO/libbeckon.so

Opens an engine on YAML text with a memory store, resolves ids into handles and, through a
story of donations, displays, invalidations and parameter changes for one subject, checks after
every step that the typed answers (beckon_tip_check, _tip_check_many, _group_check,
_scenario_check, _scenario_attempt) agree with the JSON answers of the same requests; then the
errors: NULL and small result structs, an unknown handle, a handle whose id a reload removed.
Prints one line per failed check and a summary; exits 1 when any check failed.
"""

import ctypes
import datetime
import json
import sys

from beckon_types import INVALID_ARGUMENT, NOT_FOUND, OK, STORE_MEMORY, WRITE, Error, Request, Sink, String, view

REVISIT_NEVER = -(2**63)
TIP_STATUSES = ["pending", "available", "invalidated"]
REASON_CODES = ["available", "testingShow", "testingHide", "actionPerformed", "tipClosed", "displayCountExceeded",
                "displayDurationExceeded", "rule", "ruleError", "displayFrequency", "group", "cycle"]
TIPS = ["welcome", "search", "export", "share", "sync"]

CONFIGURATION = """
version: 1
display: {frequency: 1h}
events: {opened: {}}
parameters: {plan: {type: string, default: free}}
tips:
  welcome: {title: Welcome, rules: ["events.opened.count >= 1"]}
  search: {title: Search, rules: ["events.opened.count >= 3", "params.plan == \\"pro\\""]}
  export: {title: Export, maxDisplayCount: 1}
  share: {title: Share, rules: ["events.opened.count >= 2"]}
  sync: {title: Sync}
groups:
  onboarding: {tips: [welcome, share]}
scenarios:
  tour: {minEventsRequired: 2, maxExecutionsPermitted: 1, minTimeSinceLastEvent: 1m}
"""
# The same without `search` and the scenario: their handles go stale.
RELOADED = CONFIGURATION.replace('  search: {title: Search, rules: ["events.opened.count >= 3", "params.plan == \\"pro\\""]}\n', "") \
    .split("scenarios:")[0]


class TipResult(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_uint32), ("status", ctypes.c_int32), ("reason_code", ctypes.c_int32),
                ("rule_index", ctypes.c_int32), ("revisit_at", ctypes.c_int64), ("display_count", ctypes.c_int64),
                ("display_duration_ms", ctypes.c_int64)]


class GroupResult(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_uint32), ("current", ctypes.c_uint32), ("revisit_at", ctypes.c_int64)]


class ScenarioResult(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_uint32), ("runs", ctypes.c_int32), ("failed_checks", ctypes.c_int32),
                ("events", ctypes.c_int64), ("executions", ctypes.c_int64), ("revisit_at", ctypes.c_int64)]


def instant(text):
    """The Unix ms of a JSON `revisitAt` (ISO-8601 or null), BECKON_REVISIT_NEVER for null."""
    if text is None:
        return REVISIT_NEVER
    moment = datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
    return round(moment.timestamp() * 1000)


class Beckon:
    def __init__(self, path):
        self.library = ctypes.CDLL(path)
        status, engine, handle = ctypes.c_int32, ctypes.c_void_p, ctypes.c_uint32
        out = [ctypes.POINTER(Sink), ctypes.POINTER(Error)]
        request = ctypes.POINTER(Request)
        signatures = {
            "beckon_open_text": (status, [String, String, ctypes.c_int32, ctypes.POINTER(engine)] + out),
            "beckon_reload_text": (status, [engine, String, String] + out),
            "beckon_close": (None, [engine]),
            "beckon_donate": (status, [engine, request, String, ctypes.c_void_p, ctypes.c_size_t] + out),
            "beckon_parameter_set": (status, [engine, request, String, String] + out),
            "beckon_tip_invalidate": (status, [engine, request, String, String] + out),
            "beckon_tip_check": (status, [engine, request, handle, ctypes.POINTER(TipResult), ctypes.POINTER(Error)]),
            "beckon_tip_check_status": (ctypes.c_int32, [engine, request, handle]),
            "beckon_tip_check_many": (status, [engine, request, ctypes.POINTER(handle), ctypes.c_size_t, ctypes.POINTER(TipResult),
                                               ctypes.POINTER(Error)]),
            "beckon_group_check": (status, [engine, request, handle, ctypes.POINTER(GroupResult), ctypes.POINTER(Error)]),
            "beckon_scenario_check": (status, [engine, request, handle, ctypes.POINTER(ScenarioResult), ctypes.POINTER(Error)]),
            "beckon_scenario_attempt": (status, [engine, request, handle, ctypes.POINTER(ScenarioResult), ctypes.POINTER(Error)]),
        }
        for name in ["tip_status", "tip_display", "group_current", "scenario_status", "scenario_try", "scenario_trigger"]:
            signatures["beckon_" + name] = (status, [engine, request, String] + out)
        for kind in ["tip", "group", "scenario"]:
            signatures["beckon_resolve_" + kind] = (status, [engine, String, ctypes.POINTER(handle), ctypes.POINTER(Error)])
        for name, (result, arguments) in signatures.items():
            function = getattr(self.library, name)
            function.restype, function.argtypes = result, arguments
        self.answers = []
        self.writer = WRITE(lambda _, data, length: self.answers.append(ctypes.string_at(data, length).decode("utf-8")))
        self.sink = Sink(ctypes.sizeof(Sink), None, self.writer)
        self.engine = ctypes.c_void_p()
        self.error = Error(ctypes.sizeof(Error))
        status = self.library.beckon_open_text(view(CONFIGURATION), view("typed.yaml"), STORE_MEMORY, ctypes.byref(self.engine),
                                               ctypes.byref(self.sink), ctypes.byref(self.error))
        if status != OK:
            raise SystemExit(f"open failed: {status} {self.error.message.decode()} {self.answers}")

    def call(self, name, *arguments):
        """Calls beckon_NAME with the JSON sink; returns (status, the answer or None)."""
        self.answers.clear()
        self.error = Error(ctypes.sizeof(Error))
        status = getattr(self.library, "beckon_" + name)(self.engine, *arguments, ctypes.byref(self.sink), ctypes.byref(self.error))
        return status, (json.loads(self.answers[0]) if self.answers else None)

    def typed(self, name, *arguments):
        """Calls a typed beckon_NAME; returns (status, error message)."""
        self.error = Error(ctypes.sizeof(Error))
        status = getattr(self.library, "beckon_" + name)(self.engine, *arguments, ctypes.byref(self.error))
        return status, self.error.message.decode()

    def resolve(self, kind, id):
        handle = ctypes.c_uint32()
        status, message = self.typed("resolve_" + kind, view(id), ctypes.byref(handle))
        return status, handle.value, message


failures = 0
checks = 0


def check(condition, what):
    global failures, checks
    checks += 1
    if not condition:
        failures += 1
        print("FAIL:", what)


def agree(beckon, request, handles, group, scenario, step):
    """Every typed answer against the JSON one for the same request."""
    singles = []
    for tip, handle in zip(TIPS, handles):
        result = TipResult(ctypes.sizeof(TipResult))
        status, message = beckon.typed("tip_check", ctypes.byref(request), handle, ctypes.byref(result))
        _, answer = beckon.call("tip_status", ctypes.byref(request), view(tip))
        check(status == OK, f"{step}: tip_check {tip}: {status} {message}")
        typed = (TIP_STATUSES[result.status], REASON_CODES[result.reason_code], result.revisit_at, result.display_count,
                 result.display_duration_ms)
        expected = (answer["status"], answer["reasonCode"], instant(answer["revisitAt"]), answer["displayCount"], answer["displayDurationMs"])
        check(typed == expected, f"{step}: tip {tip}: typed {typed}, JSON {expected}")
        check((result.rule_index >= 0) == (answer["reasonCode"] in ("rule", "ruleError")), f"{step}: tip {tip}: rule_index {result.rule_index}")
        singles.append(bytes(result))
        value = beckon.library.beckon_tip_check_status(beckon.engine, ctypes.byref(request), handle)
        check(value == result.status, f"{step}: tip {tip}: tip_check_status {value}, tip_check {result.status}")
    results = (TipResult * len(handles))()
    results[0].struct_size = ctypes.sizeof(TipResult)
    array = (ctypes.c_uint32 * len(handles))(*handles)
    status, message = beckon.typed("tip_check_many", ctypes.byref(request), array, len(handles), results)
    check(status == OK and [bytes(result) for result in results] == singles, f"{step}: tip_check_many differs from tip_check: {message}")

    result = GroupResult(ctypes.sizeof(GroupResult))
    status, message = beckon.typed("group_check", ctypes.byref(request), group, ctypes.byref(result))
    _, answer = beckon.call("group_current", ctypes.byref(request), view("onboarding"))
    current = TIPS[handles.index(result.current)] if result.current in handles else (None if result.current == 0 else "?")
    check(status == OK and (current, result.revisit_at) == (answer["current"], instant(answer["revisitAt"])),
          f"{step}: group: typed {(current, result.revisit_at)}, JSON {(answer['current'], answer['revisitAt'])} {message}")

    result = ScenarioResult(ctypes.sizeof(ScenarioResult))
    status, message = beckon.typed("scenario_check", ctypes.byref(request), scenario, ctypes.byref(result))
    _, answer = beckon.call("scenario_status", ctypes.byref(request), view("tour"))
    failed = sum(1 for check_ in answer["checks"] if not check_["passed"])
    typed = (bool(result.runs), result.failed_checks, result.events, result.executions, result.revisit_at)
    expected = (answer["wouldRun"], failed, answer["events"], answer["executions"], instant(answer["revisitAt"]))
    check(status == OK and typed == expected, f"{step}: scenario: typed {typed}, JSON {expected} {message}")


def main():
    beckon = Beckon(sys.argv[1])
    handles = []
    for tip in TIPS:
        status, handle, message = beckon.resolve("tip", tip)
        check(status == OK and handle != 0, f"resolve {tip}: {status} {message}")
        handles.append(handle)
    check(len(set(handles)) == len(TIPS), f"handles are distinct: {handles}")
    check(beckon.resolve("tip", "welcome")[1] == handles[0], "resolving again gives the same handle")
    _, group, _ = beckon.resolve("group", "onboarding")
    _, scenario, _ = beckon.resolve("scenario", "tour")

    request = Request(ctypes.sizeof(Request), view("ada"), 1772445600000, String(None, 0))
    minute = 60_000
    steps = [
        ("fresh", lambda: None),
        ("opened once", lambda: beckon.call("donate", ctypes.byref(request), view("opened"), None, 0)),
        ("welcome displayed", lambda: beckon.call("tip_display", ctypes.byref(request), view("welcome"))),
        ("opened twice, tour triggered twice", lambda: (beckon.call("donate", ctypes.byref(request), view("opened"), None, 0),
                                                        beckon.call("scenario_trigger", ctypes.byref(request), view("tour")),
                                                        beckon.call("scenario_trigger", ctypes.byref(request), view("tour")))),
        ("two minutes on", lambda: setattr(request, "now", request.now + 2 * minute)),
        ("tour tried (JSON)", lambda: beckon.call("scenario_try", ctypes.byref(request), view("tour"))),
        ("opened thrice, pro", lambda: (beckon.call("donate", ctypes.byref(request), view("opened"), None, 0),
                                        beckon.call("parameter_set", ctypes.byref(request), view("plan"), view("pro")))),
        ("welcome closed", lambda: beckon.call("tip_invalidate", ctypes.byref(request), view("welcome"), view("tipClosed"))),
        ("two hours on", lambda: setattr(request, "now", request.now + 120 * minute)),
        ("export displayed", lambda: beckon.call("tip_display", ctypes.byref(request), view("export"))),
    ]
    for step, action in steps:
        action()
        agree(beckon, request, handles, group, scenario, step)

    # beckon_scenario_attempt: runs like beckon_scenario_try, once.
    other = Request(ctypes.sizeof(Request), view("bob"), 1772445600000, String(None, 0))
    for _ in range(2):
        beckon.call("scenario_trigger", ctypes.byref(other), view("tour"))
    other.now += 2 * minute
    first, second = ScenarioResult(ctypes.sizeof(ScenarioResult)), ScenarioResult(ctypes.sizeof(ScenarioResult))
    beckon.typed("scenario_attempt", ctypes.byref(other), scenario, ctypes.byref(first))
    beckon.typed("scenario_attempt", ctypes.byref(other), scenario, ctypes.byref(second))
    _, answer = beckon.call("scenario_status", ctypes.byref(other), view("tour"))
    check((first.runs, first.executions, second.runs, second.executions) == (1, 1, 0, 1), "scenario_attempt runs once")
    check(answer["executions"] == 1 and not answer["wouldRun"], f"the attempt is recorded: {answer}")

    # App versions (the first ones kept by their bytes, later ones parsed each time) and subjects
    # found by their bytes: the typed answer is the JSON one, and what one refuses the other does.
    beckon.call("donate", ctypes.byref(Request(ctypes.sizeof(Request), view("zoë"), request.now, String(None, 0))), view("opened"), None, 0)
    for index in range(12):
        for subject, version in [(b"ada", f"2.{index}.0"), (b"ada", "2.0.0"), (b"ada", f"x{index}"), ("zoë".encode(), f"3.{index}"),
                                 ("zoe\u0308".encode(), "3.0"), (b"a\xff", "2.0.0"), (b"nobody", "2.0.0"), (b"a" * 256, "2.0.0"),
                                 (b"a" * 257, "2.0.0")]:
            versioned = Request(ctypes.sizeof(Request), String(subject, len(subject)), request.now, view(version))
            for tip, handle in zip(TIPS, handles):
                result = TipResult(ctypes.sizeof(TipResult))
                status, message = beckon.typed("tip_check", ctypes.byref(versioned), handle, ctypes.byref(result))
                json_status, answer = beckon.call("tip_status", ctypes.byref(versioned), view(tip))
                typed = (status, TIP_STATUSES[result.status] if status == OK else None, result.display_count if status == OK else None)
                expected = (json_status, answer["status"] if answer else None, answer["displayCount"] if answer else None)
                check(typed == expected, f"subject {subject!r}, app version {version}, tip {tip}: typed {typed} {message}, JSON {expected}")

    # Errors: nothing written, a status and a message naming what.
    untouched = TipResult(ctypes.sizeof(TipResult), 7, 7, 7, 7, 7, 7)
    status, message = beckon.typed("tip_check", ctypes.byref(request), handles[0], None)
    check((status, message) == (INVALID_ARGUMENT, "result is NULL"), f"NULL result: {status} {message}")
    small = TipResult(8, 7, 7)
    status, message = beckon.typed("tip_check", ctypes.byref(request), handles[0], ctypes.byref(small))
    check(status == INVALID_ARGUMENT and message == f"result.struct_size is 8; ABI 1.1 needs {ctypes.sizeof(TipResult)}"
          and (small.status, small.reason_code) == (7, 7), f"small result: {status} {message}")
    for handle in [0, 999]:
        status, message = beckon.typed("tip_check", ctypes.byref(request), handle, ctypes.byref(untouched))
        check(status == INVALID_ARGUMENT and "never issued" in message and untouched.status == 7, f"unknown handle {handle}: {status} {message}")
    status, message = beckon.typed("group_check", ctypes.byref(request), handles[0] + 100, ctypes.byref(GroupResult(ctypes.sizeof(GroupResult))))
    check(status == INVALID_ARGUMENT, f"unknown group handle: {status} {message}")
    status, handle, message = beckon.resolve("tip", "welcom")
    check(status == NOT_FOUND and "welcome" in message and handle == 0, f"undeclared tip: {status} {message}")
    status, message = beckon.typed("tip_check", None, handles[0], ctypes.byref(untouched))
    check((status, message) == (INVALID_ARGUMENT, "request is NULL"), f"NULL request: {status} {message}")
    for arguments, expected in [((None, handles[0]), -INVALID_ARGUMENT), ((ctypes.byref(request), 999), -INVALID_ARGUMENT)]:
        value = beckon.library.beckon_tip_check_status(beckon.engine, *arguments)
        check(value == expected, f"tip_check_status {arguments}: {value}, expected {expected}")
    results = (TipResult * 2)()
    results[0].struct_size = ctypes.sizeof(TipResult)
    array = (ctypes.c_uint32 * 2)(handles[0], 999)
    status, message = beckon.typed("tip_check_many", ctypes.byref(request), array, 2, results)
    check(status == INVALID_ARGUMENT and message.startswith("tips[1] is 999"), f"batch with an unknown handle: {status} {message}")

    # A reload: handles follow their ids; one whose id is gone is BECKON_NOT_FOUND, and works again when it is back.
    status, _ = beckon.call("reload_text", view(RELOADED), view("typed.yaml"))
    check(status == OK, f"reload: {status} {beckon.error.message}")
    status, message = beckon.typed("tip_check", ctypes.byref(request), handles[1], ctypes.byref(untouched))
    check(status == NOT_FOUND and "search" in message and untouched.status == 7, f"stale tip handle: {status} {message}")
    value = beckon.library.beckon_tip_check_status(beckon.engine, ctypes.byref(request), handles[1])
    check(value == -NOT_FOUND, f"tip_check_status, stale tip handle: {value}")
    status, message = beckon.typed("scenario_check", ctypes.byref(request), scenario, ctypes.byref(ScenarioResult(ctypes.sizeof(ScenarioResult))))
    check(status == NOT_FOUND and "tour" in message, f"stale scenario handle: {status} {message}")
    result = TipResult(ctypes.sizeof(TipResult))
    status, message = beckon.typed("tip_check", ctypes.byref(request), handles[2], ctypes.byref(result))
    _, answer = beckon.call("tip_status", ctypes.byref(request), view("export"))
    check(status == OK and TIP_STATUSES[result.status] == answer["status"], f"a kept handle after reload: {status} {message}")
    beckon.call("reload_text", view(CONFIGURATION), view("typed.yaml"))
    agree(beckon, request, handles, group, scenario, "reloaded back")

    beckon.library.beckon_close(beckon.engine)
    print(f"typed host: {checks} checks, {failures} failing")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
