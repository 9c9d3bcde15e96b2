"""Beckon through its typed C path (beckon.h ABI 1.2: beckon_tip_check_status; 1.3: typed transients) via ctypes: the project's
own peer driver, which ../shared/bench/peers/run_all.sh and alt.sh use in place of theirs.

What a driver must keep (that folder's README): the oracle check (`common.bench` refuses a row
whose 1,000 answers differ from the oracle), the rule's meaning, and the row names
(`Beckon (C API via ctypes, memory store)`, and `..., displayCount as int param` in raw).

Each evaluation is ONE C call, beckon_tip_check_status(engine, request, handle) (beckon.h ABI 1.2,
addition; beckon_tip_check(engine, request, handle, &result, NULL) with an older library): the tip id was
resolved once into a handle (beckon_resolve_tip), the request is prebuilt per subject, and the
answer is the function's int value (no JSON, no sentence, no struct, no Python callback).
The data live in the engine's memory store (BECKON_STORE_MEMORY), loaded once in setup:

  raw  X events donated at their own instants (dataset seconds * 1000 = Unix ms), isLoggedIn a
       stored bool parameter, displayCount the display count Beckon itself keeps (a companion
       tip `seen` really displayed displayCount times):
           events.X.within(7d).count >= 3 && params.isLoggedIn && tips.seen.displayCount <= 3
       A second row keeps displayCount in a stored int parameter instead (params.displayCount).
  agg  the host's precomputed count and flags passed WITH EACH CALL (the mode's definition), as
       the request's typed transient parameters (beckon.h ABI 1.3: `typed_transients`, each a
       beckon_transient naming its parameter by a handle from beckon_resolve_parameter), built
       per subject outside the timed loop as every peer's context is; the parameters are
       declared `transient: true` and nothing is stored for the subjects:
           params.eventXCount7d >= 3 && params.isLoggedIn && params.displayCount <= 3
       A second row (`..., values stored ahead as params`) sets the same values as stored
       parameters in setup instead, and passes none with the call.

Binding style: CDLL; the hot call's argtypes are left undeclared and its arguments are ctypes
objects built once (engine as c_void_p, request and result as pointers, the handle an int), the
cheapest marshalling ctypes offers. Diagnostic rows: beckon_tip_check into a result struct and the
JSON call (beckon_tip_status with a Python sink) on the same engine, and the ctypes floors.

Env: BECKON_LIB (default .build/release/libBeckonC.so, relative to the project root).
"""
import ctypes
import os
import subprocess
import tempfile

from common import *

LIB_PATH = os.environ.get("BECKON_LIB", ".build/release/libBeckonC.so")
lib = ctypes.CDLL(LIB_PATH)


class String(ctypes.Structure):
    _fields_ = [("ptr", ctypes.c_char_p), ("len", ctypes.c_size_t)]


class Error(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_uint32), ("message", ctypes.c_char * 512), ("json_pointer", ctypes.c_char * 256)]


WRITE = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t)


class Sink(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_uint32), ("context", ctypes.c_void_p), ("write", WRITE)]


class Request(ctypes.Structure):
    """beckon_request as a 1.0 host declares it (struct_size = 48): members past it read as zero."""
    _fields_ = [("struct_size", ctypes.c_uint32), ("subject", String), ("now", ctypes.c_int64), ("app_version", String)]


class Transient(ctypes.Structure):
    """beckon_transient (ABI 1.3): a transient parameter's value, typed, named by a handle."""
    _fields_ = [("struct_size", ctypes.c_uint32), ("type", ctypes.c_uint32), ("parameter", ctypes.c_uint32),
                ("integer", ctypes.c_int64), ("number", ctypes.c_double), ("text", String)]


class Request13(ctypes.Structure):
    """beckon_request as a 1.3 host declares it: the 1.0 members, 1.1's, then the typed transients."""
    _fields_ = Request._fields_ + [("transients", ctypes.c_void_p), ("transient_count", ctypes.c_size_t),
                                   ("testing_show", ctypes.c_void_p), ("testing_show_count", ctypes.c_size_t),
                                   ("testing_hide", ctypes.c_void_p), ("testing_hide_count", ctypes.c_size_t),
                                   ("flags", ctypes.c_uint32), ("typed_transients", ctypes.POINTER(Transient)),
                                   ("typed_transient_count", ctypes.c_size_t)]


class TipResult(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_uint32), ("status", ctypes.c_int32), ("reason_code", ctypes.c_int32),
                ("rule_index", ctypes.c_int32), ("revisit_at", ctypes.c_int64), ("display_count", ctypes.c_int64),
                ("display_duration_ms", ctypes.c_int64)]


STATUS, ENGINE = ctypes.c_int32, ctypes.c_void_p
P_REQ, P_SINK, P_ERR = ctypes.POINTER(Request), ctypes.POINTER(Sink), ctypes.POINTER(Error)
lib.beckon_version.restype, lib.beckon_version.argtypes = ctypes.c_char_p, []
lib.beckon_abi_version.restype, lib.beckon_abi_version.argtypes = ctypes.c_uint32, []
lib.beckon_open_text.restype = STATUS
lib.beckon_open_text.argtypes = [String, String, ctypes.c_int32, ctypes.POINTER(ENGINE), P_SINK, P_ERR]
lib.beckon_close.restype, lib.beckon_close.argtypes = None, [ENGINE]
for name in ("beckon_resolve_tip", "beckon_resolve_parameter"):
    getattr(lib, name).restype = STATUS
    getattr(lib, name).argtypes = [ENGINE, String, ctypes.POINTER(ctypes.c_uint32), P_ERR]
for name in ("beckon_tip_status", "beckon_tip_display"):
    getattr(lib, name).restype = STATUS
    # The request as a plain pointer: a 1.0 Request or a 1.3 Request13 alike.
    getattr(lib, name).argtypes = [ENGINE, ctypes.c_void_p, String, P_SINK, P_ERR]
lib.beckon_parameter_set.restype = STATUS
lib.beckon_parameter_set.argtypes = [ENGINE, P_REQ, String, String, P_SINK, P_ERR]
lib.beckon_donate.restype = STATUS
lib.beckon_donate.argtypes = [ENGINE, P_REQ, String, ctypes.c_void_p, ctypes.c_size_t, P_SINK, P_ERR]
lib.beckon_tip_check.restype = STATUS  # argtypes left undeclared: the arguments are ctypes objects already

STORE_MEMORY, TIP_AVAILABLE = 1, 1
VALUE_BOOL, VALUE_INT = 1, 2
_keep = []  # bytes that borrowed views point into


def view(data):
    if isinstance(data, str):
        data = data.encode()
    _keep.append(data)
    return String(data, len(data))


def request(subject, now_ms):
    return Request(ctypes.sizeof(Request), view(subject), now_ms, view(b""))


docs = []
WRITER = WRITE(lambda _context, json, length: docs.append(ctypes.string_at(json, length)))
P_SINK_OBJ = ctypes.pointer(Sink(ctypes.sizeof(Sink), None, WRITER))
ERR = Error(ctypes.sizeof(Error))
P_ERR_OBJ = ctypes.pointer(ERR)


def check(status, what):
    if status != 0:
        raise RuntimeError(f"{what}: status {status}: {ERR.message.decode()}")


RAW_YAML = """version: 1
display: {frequency: immediate}
parameters:
  isLoggedIn: {type: bool, default: false}
  displayCount: {type: int, default: 0}
events:
  X: {}
tips:
  seen:
    title: The tip whose displays are counted
    ignoresDisplayFrequency: true
  eligible:
    title: Eligible
    rules:
      - %s
"""
RULE_RAW_DISPLAYS = "events.X.within(7d).count >= 3 && params.isLoggedIn && tips.seen.displayCount <= 3"
RULE_RAW_PARAM = "events.X.within(7d).count >= 3 && params.isLoggedIn && params.displayCount <= 3"
AGG_YAML = """version: 1
parameters:
  eventXCount7d: {type: int, default: 0}
  isLoggedIn: {type: bool, default: false}
  displayCount: {type: int, default: 0}
tips:
  eligible:
    title: Eligible
    rules:
      - %s
"""
RULE_AGG = "params.eventXCount7d >= 3 && params.isLoggedIn && params.displayCount <= 3"
AGG_TRANSIENT_YAML = """version: 1
parameters:
  eventXCount7d: {type: int, transient: true, default: 0}
  isLoggedIn: {type: bool, transient: true, default: false}
  displayCount: {type: int, transient: true, default: 0}
tips:
  eligible:
    title: Eligible
    rules:
      - %s
"""


class Opened:
    """An engine, the handle of its tip `eligible`, and the result struct the typed call fills."""

    def __init__(self, yaml):
        self.engine = ENGINE()
        check(lib.beckon_open_text(view(yaml), view(os.path.join(tempfile.gettempdir(), "peerbench-beckon.yaml")), STORE_MEMORY,
                                   ctypes.byref(self.engine), P_SINK_OBJ, P_ERR_OBJ), "open")
        docs.clear()
        handle = ctypes.c_uint32()
        check(lib.beckon_resolve_tip(self.engine, view("eligible"), ctypes.byref(handle), P_ERR_OBJ), "resolve")
        self.handle = handle.value
        self.result = TipResult(ctypes.sizeof(TipResult))
        self.p_result = ctypes.pointer(self.result)


def setup_raw(subs, displays):
    opened = Opened(RAW_YAML % (RULE_RAW_DISPLAYS if displays else RULE_RAW_PARAM))
    engine = opened.engine
    X, SEEN = view("X"), view("seen")
    p_in, p_dc = view("isLoggedIn"), view("displayCount")
    true, false = view("true"), view("false")
    for s in subs:
        for t in s["events"]:
            check(lib.beckon_donate(engine, ctypes.byref(request(s["id"], t * 1000)), X, None, 0, None, P_ERR_OBJ), "donate")
        at_now = ctypes.byref(request(s["id"], NOW * 1000))
        check(lib.beckon_parameter_set(engine, at_now, p_in, true if s["isLoggedIn"] else false, None, P_ERR_OBJ), "set")
        if displays:
            for k in range(s["displayCount"]):  # real displays, an hour before now, a second apart
                check(lib.beckon_tip_display(engine, ctypes.byref(request(s["id"], (NOW - 3600 + k) * 1000)), SEEN, P_SINK_OBJ,
                                             P_ERR_OBJ), "display")
                if b'"displayed":true' not in docs.pop():
                    raise RuntimeError("display not recorded")
        else:
            check(lib.beckon_parameter_set(engine, at_now, p_dc, view(str(s["displayCount"])), None, P_ERR_OBJ), "set")
    return opened


def setup_agg_transients(subs):
    """The engine of the per-call row, and each subject's request carrying its three values as
    typed transients (built here, outside the timed loop); nothing is stored."""
    opened = Opened(AGG_TRANSIENT_YAML % RULE_AGG)
    handles = {}
    for name in ("eventXCount7d", "isLoggedIn", "displayCount"):
        handle = ctypes.c_uint32()
        check(lib.beckon_resolve_parameter(opened.engine, view(name), ctypes.byref(handle), P_ERR_OBJ), "resolve " + name)
        handles[name] = handle.value
    size = ctypes.sizeof(Transient)
    opened.requests = []
    for s in subs:
        values = (Transient * 3)(Transient(size, VALUE_INT, handles["eventXCount7d"], s["eventXCount7d"]),
                                 Transient(size, VALUE_BOOL, handles["isLoggedIn"], 1 if s["isLoggedIn"] else 0),
                                 Transient(size, VALUE_INT, handles["displayCount"], s["displayCount"]))
        _keep.append(values)
        request13 = Request13(ctypes.sizeof(Request13), view(s["id"]), NOW * 1000, view(b""))
        request13.typed_transients, request13.typed_transient_count = values, 3
        opened.requests.append(ctypes.pointer(request13))
    return opened


def setup_agg(subs):
    opened = Opened(AGG_YAML % RULE_AGG)
    names = {k: view(k) for k in ("eventXCount7d", "isLoggedIn", "displayCount")}
    for s in subs:
        at_now = ctypes.byref(request(s["id"], NOW * 1000))
        for k, v in (("eventXCount7d", str(s["eventXCount7d"])), ("isLoggedIn", "true" if s["isLoggedIn"] else "false"),
                     ("displayCount", str(s["displayCount"]))):
            check(lib.beckon_parameter_set(opened.engine, at_now, names[k], view(v), None, P_ERR_OBJ), "set")
    return opened


tip_check = lib.beckon_tip_check
tip_status = lib.beckon_tip_status
# beckon_tip_check_status (beckon.h ABI 1.2): the same decision, the status as the function's value
# (negative: the call failed), so no result struct to pass and read back. Older libraries lack it.
tip_check_status = getattr(lib, "beckon_tip_check_status", None)
if tip_check_status is not None:
    tip_check_status.restype = ctypes.c_int32  # argtypes left undeclared, as for beckon_tip_check


def evaluate_struct(opened, req):
    """The typed call into a result struct: the answer is result.status, no JSON built."""
    if tip_check(opened.engine, req, opened.handle, opened.p_result, None):
        raise RuntimeError("beckon_tip_check failed")
    return opened.result.status == TIP_AVAILABLE


def evaluate_status(opened, req):
    """The typed call whose value is the status: one call, three arguments, no struct read back."""
    status = tip_check_status(opened.engine, req, opened.handle)
    if status < 0:
        raise RuntimeError(f"beckon_tip_check_status failed: status {-status}")
    return status == TIP_AVAILABLE


evaluate = evaluate_status if tip_check_status is not None else evaluate_struct
CALL = "beckon_tip_check_status (typed, handle)" if tip_check_status is not None else "beckon_tip_check (typed, handle)"


TIP = view("eligible")
AVAILABLE = b'"status":"available"'


def evaluate_json(opened, req):
    """Diagnostic: the JSON call of C API 1.0 on the same engine (Python sink + bytes search)."""
    if tip_status(opened.engine, req, TIP, P_SINK_OBJ, P_ERR_OBJ):
        raise RuntimeError(ERR.message.decode())
    return AVAILABLE in docs.pop()


abi_version = lib.beckon_abi_version


def floor_abi(_, expected):
    abi_version()
    return expected


def version():
    v = lib.beckon_version().decode()
    try:
        commit = subprocess.run(["git", "-C", os.path.dirname(os.path.abspath(LIB_PATH)), "rev-parse", "--short", "HEAD"],
                                capture_output=True, text=True, timeout=5).stdout.strip()
    except Exception:
        commit = ""
    return v + (f"+{commit}" if commit else "")


subs = make_subjects()
PKG = "libBeckonC.so via ctypes (typed path)"
V = version()
ENGINE_NAME = "Beckon (C API via ctypes, memory store)"
requests = [ctypes.pointer(request(s["id"], NOW * 1000)) for s in subs]
expected = [s["expected"] for s in subs]


def main():
    for mode in modes_from_argv():
        opened = []

        def keep(setup):
            def run():
                opened.append(setup())
                return opened[-1]
            return run

        if mode == "raw":
            bench(ENGINE_NAME, mode, PKG, V, keep(lambda: setup_raw(subs, displays=True)), evaluate, requests, subs,
                  note=CALL + "; " + RULE_RAW_DISPLAYS + " (seen displayed displayCount times); "
                       "load_ms = open + 1,000 subjects' donations, params, displays")
            bench(ENGINE_NAME + ", displayCount as int param", mode, PKG, V, keep(lambda: setup_raw(subs, displays=False)),
                  evaluate, requests, subs, note=CALL + "; " + RULE_RAW_PARAM)
        else:
            # The headline row passes the values with each call: the request of each subject
            # carries them (typed transients), prepared outside the timed loop.
            per_call = setup_agg_transients(subs)
            bench(ENGINE_NAME, mode, PKG, V, keep(lambda: per_call), evaluate, per_call.requests, subs,
                  note=CALL + "; " + RULE_AGG + " (the three values passed with each call: typed transients, ABI 1.3; "
                       "load_ms excludes building the requests, as every peer's contexts)")
            bench(ENGINE_NAME + ", values stored ahead as params", mode, PKG, V, keep(lambda: setup_agg(subs)), evaluate, requests,
                  subs, note=CALL + "; " + RULE_AGG + " (stored params set in setup, nothing passed with the call)")
        first = opened[0]
        first_requests = getattr(first, "requests", requests)  # the first row's own requests, when it has them
        if tip_check_status is not None:
            bench("Beckon diagnostic: beckon_tip_check into a result struct (C API 1.1)", mode, PKG, V, lambda: first,
                  evaluate_struct, first_requests, subs, note="same engine, rule and requests as the first Beckon row; answer: result.status")
        bench("Beckon diagnostic: JSON tip_status with a Python sink (C API 1.0 style)", mode, PKG, V, lambda: first,
              evaluate_json, first_requests, subs, note="same engine, rule and requests as the first Beckon row; answer: JSON + bytes search")
        bench("ctypes floor: beckon_abi_version()", mode, PKG, V, lambda: None, floor_abi, expected, subs,
              note="cheapest Python->C call into the library; oracle's answer")
        for each in opened:
            lib.beckon_close(each.engine)


if __name__ == "__main__":
    main()
