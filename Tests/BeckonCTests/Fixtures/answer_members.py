"""Every operation of libbeckon.so, once, on an in-memory store: prints each answer, one JSON
object per line, for the table of answer members (Tests/beckonTests/AnswerMembersTests.swift).

Usage: python3 answer_members.py PATH/TO/libbeckon.so PATH/TO/config.yaml
The configuration declares parameter `flag`, event `opened` (info `screen`), tip `welcome`,
group `onboarding`, scenario `tour` and what's new for 2.3.0.
"""

import ctypes
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from beckon_types import OK, STORE_MEMORY, Field, Request, view  # noqa: E402
from example_host import Beckon  # noqa: E402


def main():
    beckon = Beckon(sys.argv[1])
    engine = ctypes.c_void_p()
    opened = beckon.call("open_path", view(sys.argv[2]), STORE_MEMORY, ctypes.byref(engine))
    if opened.status != OK:
        sys.exit(f"open: {opened.status} {opened.message}")
    request = ctypes.byref(Request(ctypes.sizeof(Request), view("ada"), 1772355600000, view("")))
    field = Field(ctypes.sizeof(Field), view("screen"), view("home"))
    info = (ctypes.POINTER(Field) * 1)(ctypes.pointer(field))
    calls = [
        ("parameter_set", view("flag"), view("true")),
        ("parameter_get", view("flag")),
        ("donate", view("opened"), info, 1),
        ("tip_status", view("welcome")),
        ("tip_display", view("welcome")),
        ("tip_shown", view("welcome"), 5000),
        ("tip_invalidate", view("welcome"), view("tipClosed")),
        ("tip_reset", view("welcome")),
        ("group_current", view("onboarding")),
        ("scenario_trigger", view("tour")),
        ("scenario_try", view("tour")),
        ("scenario_status", view("tour")),
        ("scenario_reset", view("tour")),
        ("whatsnew_next",),
        ("whatsnew_present",),
        ("whatsnew_mark", view("2.3.0")),
        ("whatsnew_unmark", view("2.3.0")),
        ("explain_tip", view("welcome")),
        ("explain_scenario", view("tour")),
        ("reset_subject",),
    ]
    for name, *arguments in calls:
        answer = beckon.call(name, engine, request, *arguments)
        if answer.status != OK or len(answer.documents) != 1:
            sys.exit(f"{name}: {answer.status} {answer.message} {answer.documents}")
        print(json.dumps(answer.documents[0], sort_keys=True))
    beckon.library.beckon_close(engine)


if __name__ == "__main__":
    main()
