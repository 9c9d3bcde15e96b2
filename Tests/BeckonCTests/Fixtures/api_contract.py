"""One promise of beckon.h, checked from a ctypes host: error messages, sizes, sinks, warnings.

Usage: python3 api_contract.py PATH/TO/libbeckon.so FOLDER CASE
Prints "ok" when the promise holds, else one line per broken check; exits 1 then.
"""

import ctypes
import json
import os
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from beckon_types import (INVALID_ARGUMENT, NOT_FOUND, OK, STORE_MEMORY, WRITE, Error, Field, Request, Sink,  # noqa: E402
                          String, view)
from example_host import Beckon  # noqa: E402

CONFIGURATION = "version: 1\nevents:\n  opened: {}\ntips:\n  welcome:\n    title: Hi\n"
failures = []


def check(condition, what, detail=None):
    if not condition:
        failures.append(what if detail is None else f"{what}: {detail!r}")


def request():
    return ctypes.byref(Request(ctypes.sizeof(Request), view("ada"), 1772355600000, view("")))


def open_engine(beckon, text=CONFIGURATION):
    engine, answer = beckon.open_text(text, "contract.yaml", STORE_MEMORY)
    check(answer.status == OK and engine.value, "the configuration opens", (answer.status, answer.message))
    return engine, answer


def donation_count(beckon, engine):
    return beckon.call("donate", engine, request(), view("opened"), None, 0).json.get("count")


def long_message(beckon, character, prefix):
    """An unknown tip id long enough that the message is cut: it stays UTF-8, cut before the
    character that did not fit."""
    engine, _ = open_engine(beckon)
    error = Error(ctypes.sizeof(Error))
    status = beckon.library.beckon_tip_status(engine, request(), view("x" * prefix + character * 400), None, ctypes.byref(error))
    check(status == NOT_FOUND, "an unknown tip is NOT_FOUND", status)
    raw = error.message  # the bytes before the NUL
    check(len(raw) <= 511, "the message fits its buffer with its NUL", len(raw))
    check(len(raw) > 511 - 4, "only the character that did not fit is dropped", len(raw))
    try:
        text = raw.decode("utf-8")
        check(text.endswith(character), "the message ends with a whole character", raw[-6:])
    except UnicodeDecodeError as error:
        check(False, "the cut message is UTF-8", f"{error}: {raw[-6:]!r}")


def small_sink(beckon, size):
    """A result sink smaller than 1.0's is refused before anything runs, like a small request."""
    engine, _ = open_engine(beckon)
    documents = []
    writer = WRITE(lambda _context, data, length: documents.append(ctypes.string_at(data, length)))
    sink = Sink(size, None, writer)
    error = Error(ctypes.sizeof(Error))
    status = beckon.library.beckon_donate(engine, request(), view("opened"), None, 0, ctypes.byref(sink), ctypes.byref(error))
    check(status == INVALID_ARGUMENT, "the call is INVALID_ARGUMENT", status)
    check(error.message.decode() == f"result.struct_size is {size}; ABI 1.0 needs {ctypes.sizeof(Sink)}",
          "the message names the sink and the sizes", error.message)
    check(documents == [], "nothing is written to it", documents)
    check(donation_count(beckon, engine) == 1, "and the donation was not recorded")
    engine = ctypes.c_void_p()
    status = beckon.library.beckon_open_text(view(CONFIGURATION), view("contract.yaml"), STORE_MEMORY, ctypes.byref(engine),
                                             ctypes.byref(sink), ctypes.byref(error))
    check(status == INVALID_ARGUMENT and not engine.value, "a small diagnostics sink is refused by open", status)
    check(error.message.decode().startswith(f"diagnostics.struct_size is {size}"), "naming the diagnostics sink", error.message)


def null_sink(beckon):
    """A NULL result sink means no answer wanted: the operation runs and returns OK."""
    engine, _ = open_engine(beckon)
    error = Error(ctypes.sizeof(Error))
    status = beckon.library.beckon_donate(engine, request(), view("opened"), None, 0, None, ctypes.byref(error))
    check(status == OK, "a donation with a NULL sink is OK", (status, error.message))
    check(donation_count(beckon, engine) == 2, "and it was recorded")
    status = beckon.library.beckon_tip_status(engine, request(), view("welcome"), None, None)
    check(status == OK, "a status with a NULL sink and a NULL error is OK", status)


def error_of_size(beckon, size):
    """An error whose struct_size is smaller than 1.0's is not written; the status still tells."""
    engine, _ = open_engine(beckon)
    error = Error(size)
    ctypes.memset(ctypes.addressof(error) + 4, ord("Z"), ctypes.sizeof(Error) - 4)
    status = beckon.library.beckon_tip_status(engine, request(), view("welcom"), None, ctypes.byref(error))
    check(status == NOT_FOUND, "the status is returned", status)
    untouched = bytes(error.message) == b"Z" * 512 and bytes(error.json_pointer) == b"Z" * 256
    check(untouched, "the error is left as it was", bytes(error.message)[:40])


def warnings(beckon):
    """A valid configuration's warnings come to the diagnostics sink with OK; none, no document."""
    _, answer = open_engine(beckon, CONFIGURATION + "    rules: [\"true\"]\n")
    check(len(answer.documents) == 1 and isinstance(answer.json, list), "one JSON array is written", answer.documents)
    codes = [item.get("code") for item in answer.json or []]
    severities = [item.get("severity") for item in answer.json or []]
    check(codes == ["rule.constant"] and severities == ["warning"], "holding the warning", answer.json)
    check(answer.json and answer.json[0].get("line") == 7, "at its line", answer.json)
    _, answer = open_engine(beckon)
    check(answer.documents == [], "a configuration without warnings writes nothing", answer.documents)


def reentrant_sink(beckon):
    """The sink runs on the caller's thread, before the call returns, and may call back into the
    engine: the operation is over (committed) when its answer is written."""
    engine, _ = open_engine(beckon)
    seen = []

    def write(_context, data, length):
        outer = json.loads(ctypes.string_at(data, length))
        inner = beckon.call("donate", engine, request(), view("opened"), None, 0)
        seen.append((threading.get_ident(), outer.get("count"), inner.status, inner.json and inner.json.get("count")))

    writer = WRITE(write)
    sink = Sink(ctypes.sizeof(Sink), None, writer)
    error = Error(ctypes.sizeof(Error))
    status = beckon.library.beckon_donate(engine, request(), view("opened"), None, 0, ctypes.byref(sink), ctypes.byref(error))
    check(status == OK, "the outer call is OK", (status, error.message))
    check(seen == [(threading.get_ident(), 1, OK, 2)], "the sink ran once, on this thread, and its own donation counted", seen)
    check(donation_count(beckon, engine) == 3, "both donations are stored")


def whatsnew_next_records(beckon):
    """beckon_whatsnew_next presents nothing but records the version as last seen: a later
    version is no fresh install, and catchUp shows only what is newer than the one seen."""
    entries = "[{version: 2.1.0, title: A}, {version: 2.2.0, title: B}, {version: 2.3.0, title: C}]"
    engine, _ = open_engine(beckon, f"version: 1\nwhatsNew: {{mode: catchUp, entries: {entries}}}\n")

    def next_for(version):
        answer_request = ctypes.byref(Request(ctypes.sizeof(Request), view("ada"), 1772355600000, view(version)))
        return beckon.call("whatsnew_next", engine, answer_request).json or {}

    first = next_for("2.1.0")
    check(first.get("freshInstall") is True and first.get("presented") == [], "the first next is a fresh install", first)
    later = next_for("2.3.0")
    check(later.get("freshInstall") is False, "the version seen by next was recorded", later)
    check([entry["version"] for entry in later.get("entries", [])] == ["2.3.0", "2.2.0"], "catchUp counts from it", later)
    check(later.get("presented") == [], "and nothing was presented", later)
    beckon.call("whatsnew_mark", engine, request(), view("2.2.0"))
    check(next_for("2.3.0").get("presented") == ["2.2.0"], "next gives the whole presented set")


def tip_status_answers(beckon):
    """beckon_tip_status finds a declared tip by its id's bytes; an id given with a length of 0,
    or with one that does not fit a signed size, is refused as an empty id; an undeclared id is
    NOT_FOUND with a suggestion. A sink that asks again while it reads an answer gets a whole
    answer of its own, and the bytes it was lent stay whole."""
    engine, _ = open_engine(beckon)
    answer = beckon.call("tip_status", engine, request(), view("welcome"))
    check(answer.status == OK and answer.json.get("id") == "welcome" and answer.json.get("title") == "Hi"
          and answer.json.get("subject") == "ada", "a declared tip is answered", (answer.status, answer.message, answer.documents))
    for length in [0, 2**64 - 1]:
        answer = beckon.call("tip_status", engine, request(), String(b"welcome", length))
        check(answer.status == INVALID_ARGUMENT and answer.message == "tip must be a non-empty UTF-8 string",
              f"an id of length {length} is refused", (answer.status, answer.message))
    answer = beckon.call("tip_status", engine, request(), view("welcom"))
    check(answer.status == NOT_FOUND and "did you mean 'welcome'" in answer.message, "an undeclared id is NOT_FOUND",
          (answer.status, answer.message))
    seen = []

    def write(_context, data, length):
        before = ctypes.string_at(data, length)
        inner = beckon.call("tip_status", engine, request(), view("welcome"))
        seen.append((before == ctypes.string_at(data, length), inner.status, inner.documents == [json.loads(before)]))

    writer = WRITE(write)
    sink = Sink(ctypes.sizeof(Sink), None, writer)
    error = Error(ctypes.sizeof(Error))
    status = beckon.library.beckon_tip_status(engine, request(), view("welcome"), ctypes.byref(sink), ctypes.byref(error))
    check(status == OK and seen == [(True, OK, True)], "a sink asking again gets its own answer", (status, seen))


def configuration_arguments(beckon):
    """beckon_open_path/_text and beckon_reload_path/_text check the configuration they are
    named before anything else of the call (the engine, its out pointer): a path is a non-empty
    UTF-8 string, YAML text is UTF-8 and its name a non-empty UTF-8 string; a refused reload
    leaves the engine serving the configuration it had."""
    path_message = "path must be a non-empty UTF-8 string"
    yaml_message = "yaml is not UTF-8"
    name_message = "name must be a non-empty UTF-8 string (it names the text in diagnostics)"
    engine, _ = open_engine(beckon)
    no_engine = ctypes.c_void_p()
    opened = ctypes.c_void_p()
    calls = [
        ("open_path, an empty path", lambda error: beckon.library.beckon_open_path(
            view(""), STORE_MEMORY, ctypes.byref(opened), None, error), path_message),
        ("open_path, a path not UTF-8", lambda error: beckon.library.beckon_open_path(
            String(b"caf\xe9.yaml", 8), STORE_MEMORY, ctypes.byref(opened), None, error), path_message),
        ("open_text, YAML not UTF-8", lambda error: beckon.library.beckon_open_text(
            String(b"version: \xff", 10), view("contract.yaml"), STORE_MEMORY, ctypes.byref(opened), None, error), yaml_message),
        ("open_text, an empty name", lambda error: beckon.library.beckon_open_text(
            view(CONFIGURATION), view(""), STORE_MEMORY, ctypes.byref(opened), None, error), name_message),
        ("open_text, an empty name and no out pointer", lambda error: beckon.library.beckon_open_text(
            view(CONFIGURATION), view(""), STORE_MEMORY, None, None, error), name_message),
        ("reload_path, an empty path", lambda error: beckon.library.beckon_reload_path(
            engine, view(""), None, error), path_message),
        ("reload_path, an empty path and no engine", lambda error: beckon.library.beckon_reload_path(
            no_engine, view(""), None, error), path_message),
        ("reload_text, YAML not UTF-8", lambda error: beckon.library.beckon_reload_text(
            engine, String(b"version: \xff", 10), view("contract.yaml"), None, error), yaml_message),
        ("reload_text, an empty name", lambda error: beckon.library.beckon_reload_text(
            engine, view("version: 1\n"), view(""), None, error), name_message),
    ]
    for what, call, message in calls:
        error = Error(ctypes.sizeof(Error))
        status = call(ctypes.byref(error))
        check(status == INVALID_ARGUMENT and error.message.decode() == message, what, (status, error.message))
        check(not opened.value, f"{what}: no engine is handed out", opened.value)
    answer = beckon.call("tip_status", engine, request(), view("welcome"))
    check(answer.status == OK and answer.json.get("title") == "Hi", "the engine still serves its configuration",
          (answer.status, answer.message))


def app_versions(beckon):
    """A request's app_version is read by its bytes: a version is used (and found again by its
    bytes on later calls), an empty one means the configuration's, text that is not a version or
    not UTF-8 is INVALID_ARGUMENT naming the member, before and after good versions were read."""
    engine, _ = open_engine(beckon, "version: 1\napp: {version: 1.0.0}\n"
                                    "whatsNew: {entries: [{version: 2.0.0, title: Two}, {version: 1.0.0, title: One}]}\n")

    def next_with(version_bytes):
        given = ctypes.byref(Request(ctypes.sizeof(Request), view("ada"), 1772355600000, String(version_bytes, len(version_bytes))))
        return beckon.call("whatsnew_next", engine, given)

    refusals = [
        (b"two", "request.app_version: 'two' is not a version; expected MAJOR[.MINOR[.PATCH]] of non-negative integers, e.g. 1.2.0"),
        (b"2.0.0-beta", "request.app_version: '2.0.0-beta' is not a version; expected MAJOR[.MINOR[.PATCH]] of non-negative integers, e.g. 1.2.0"),
        (b"2.\xff", "request.app_version is not UTF-8"),
    ]
    for round in ["before", "after"]:
        for given, message in refusals:
            answer = next_with(given)
            check(answer.status == INVALID_ARGUMENT and answer.message == message, f"{given!r} {round} good versions",
                  (answer.status, answer.message))
        for given, version in [(b"2.0.0", "2.0.0"), (b"2", "2.0.0"), (b"", "1.0.0")]:
            answer = next_with(given)
            check(answer.status == OK and answer.json.get("version") == version, f"{given!r} {round}: the app version used",
                  (answer.status, answer.message, answer.json))


CASES = {
    "message-2-byte": lambda beckon: [long_message(beckon, "é", prefix) for prefix in range(2)],
    "message-3-byte": lambda beckon: [long_message(beckon, "€", prefix) for prefix in range(3)],
    "message-4-byte": lambda beckon: [long_message(beckon, "😀", prefix) for prefix in range(4)],
    "small-sink": lambda beckon: [small_sink(beckon, size) for size in [0, 4, ctypes.sizeof(Sink) - 1]],
    "null-sink": null_sink,
    "small-error": lambda beckon: [error_of_size(beckon, size) for size in [0, 4, ctypes.sizeof(Error) - 1]],
    "warnings": warnings,
    "reentrant-sink": reentrant_sink,
    "whatsnew-next-records": whatsnew_next_records,
    "tip-status-answers": tip_status_answers,
    "configuration-arguments": configuration_arguments,
    "app-versions": app_versions,
}


def main():
    beckon = Beckon(sys.argv[1])
    os.chdir(sys.argv[2])
    CASES[sys.argv[3]](beckon)
    for failure in failures:
        print(f"FAILED {failure}")
    if not failures:
        print("ok")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
