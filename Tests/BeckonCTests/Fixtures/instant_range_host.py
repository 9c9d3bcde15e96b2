"""A Python host (ctypes only) checking the one instant range through the C API.

Usage: python3 instant_range_host.py PATH/TO/libbeckon.so

Every instant a host hands libbeckon.so -- a request's `now`, beckon_set_clock, a timestamp
parameter or info field written as text -- must lie between 0000-01-01T00:00:00Z and
9999-12-31T23:59:59.999Z. Prints one line per check ("ok NAME" or "FAIL NAME: why").
"""

import ctypes
import sys

OK, INVALID_ARGUMENT = 0, 1
STORE_MEMORY = 1
NOW_CLOCK = -(2 ** 63)
FIRST, LAST = -62_167_219_200_000, 253_402_300_799_999


class String(ctypes.Structure):
    _fields_ = [("ptr", ctypes.c_char_p), ("len", ctypes.c_size_t)]


class Error(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_uint32), ("message", ctypes.c_char * 512), ("json_pointer", ctypes.c_char * 256)]


class Request(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_uint32), ("subject", String), ("now", ctypes.c_int64), ("app_version", String)]


class Field(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_uint32), ("name", String), ("value", String)]


WRITE = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.POINTER(ctypes.c_char), ctypes.c_size_t)


class Sink(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_uint32), ("context", ctypes.c_void_p), ("write", WRITE)]


def view(text):
    data = text.encode("utf-8")
    return String(data, len(data))


CONFIG = """
version: 1
parameters:
  at: {type: timestamp, default: null}
events:
  visit: {info: {when: timestamp}}
tips:
  t: {title: T}
"""

library = ctypes.CDLL(sys.argv[1])
engine = ctypes.c_void_p()
error = Error(ctypes.sizeof(Error))
ignore = WRITE(lambda context, data, length: None)
sink = Sink(ctypes.sizeof(Sink), None, ignore)
library.beckon_open_text.argtypes = [String, String, ctypes.c_int32, ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(Sink), ctypes.POINTER(Error)]
library.beckon_set_clock.argtypes = [ctypes.c_void_p, ctypes.c_int64, ctypes.POINTER(Error)]
library.beckon_tip_status.argtypes = [ctypes.c_void_p, ctypes.POINTER(Request), String, ctypes.POINTER(Sink), ctypes.POINTER(Error)]
library.beckon_parameter_set.argtypes = [ctypes.c_void_p, ctypes.POINTER(Request), String, String, ctypes.POINTER(Sink), ctypes.POINTER(Error)]
library.beckon_donate.argtypes = [ctypes.c_void_p, ctypes.POINTER(Request), String, ctypes.POINTER(ctypes.POINTER(Field)), ctypes.c_size_t,
                                  ctypes.POINTER(Sink), ctypes.POINTER(Error)]
status = library.beckon_open_text(view(CONFIG), view("inline.yaml"), STORE_MEMORY, ctypes.byref(engine), None, ctypes.byref(error))
if status != OK:
    print("FAIL open: %d %s" % (status, error.message.decode()))
    sys.exit(1)


def request(now):
    return Request(ctypes.sizeof(Request), view("ada"), now, view(""))


def check(name, status, expected, words=""):
    message = error.message.decode("utf-8", "replace")
    if status != expected or (expected != OK and words not in message):
        print("FAIL %s: status %d, message %r" % (name, status, message))
    else:
        print("ok " + name)
    error.message = b""


def tip(now):
    return library.beckon_tip_status(engine, ctypes.byref(request(now)), view("t"), ctypes.byref(sink), ctypes.byref(error))


def parameter(text):
    return library.beckon_parameter_set(engine, ctypes.byref(request(0)), view("at"), view(text), ctypes.byref(sink), ctypes.byref(error))


def donate(text):
    field = Field(ctypes.sizeof(Field), view("when"), view(text))
    fields = (ctypes.POINTER(Field) * 1)(ctypes.pointer(field))
    return library.beckon_donate(engine, ctypes.byref(request(0)), view("visit"), fields, 1, ctypes.byref(sink), ctypes.byref(error))


RANGE = "0000-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z"
check("request.now first", tip(FIRST), OK)
check("request.now last", tip(LAST), OK)
check("request.now before", tip(FIRST - 1), INVALID_ARGUMENT, "request.now is %d; instants lie between %s" % (FIRST - 1, RANGE))
check("request.now after", tip(LAST + 1), INVALID_ARGUMENT, "request.now is %d; instants lie between %s" % (LAST + 1, RANGE))
check("request.now max", tip(2 ** 63 - 1), INVALID_ARGUMENT, RANGE)
check("set_clock after", library.beckon_set_clock(engine, LAST + 1, ctypes.byref(error)), INVALID_ARGUMENT,
      "now is %d; instants lie between %s" % (LAST + 1, RANGE))
check("set_clock last", library.beckon_set_clock(engine, LAST, ctypes.byref(error)), OK)
check("request.now clock", tip(NOW_CLOCK), OK)
check("set_clock wall clock", library.beckon_set_clock(engine, NOW_CLOCK, ctypes.byref(error)), OK)
check("parameter after", parameter(str(LAST + 1)), INVALID_ARGUMENT, "out of range: instants lie between " + RANGE)
check("parameter offset", parameter("9999-12-31T23:59:59.999-00:01"), INVALID_ARGUMENT, "out of range")
check("parameter last", parameter("9999-12-31T23:59:59.999Z"), OK)
check("info field before", donate(str(FIRST - 1)), INVALID_ARGUMENT, "out of range: instants lie between " + RANGE)
check("info field first", donate(str(FIRST)), OK)
library.beckon_close(engine)
