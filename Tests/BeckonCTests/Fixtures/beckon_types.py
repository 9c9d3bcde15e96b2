"""What the Python test hosts of libbeckon.so share, standard library only (ctypes).

beckon.h's status and store codes and its 1.0 structs declared for ctypes, and a string view of
a Python str. A host of a later ABI declares its longer structs (1.1's beckon_request) itself;
the 1.0 ones here never change, so a 1.0 host (example_host.py) stays one.
"""

import ctypes

OK, INVALID_ARGUMENT, NOT_FOUND, CONFLICT, UNAVAILABLE = 0, 1, 2, 3, 4
STORE_CONFIGURED, STORE_MEMORY = 0, 1


class String(ctypes.Structure):
    _fields_ = [("ptr", ctypes.c_char_p), ("len", ctypes.c_size_t)]


class Error(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_uint32), ("message", ctypes.c_char * 512), ("json_pointer", ctypes.c_char * 256)]


WRITE = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.POINTER(ctypes.c_char), ctypes.c_size_t)


class Sink(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_uint32), ("context", ctypes.c_void_p), ("write", WRITE)]


class Request(ctypes.Structure):
    """beckon_request of ABI 1.0."""
    _fields_ = [("struct_size", ctypes.c_uint32), ("subject", String), ("now", ctypes.c_int64), ("app_version", String)]


class Field(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_uint32), ("name", String), ("value", String)]


def view(text):
    """A beckon_string over `text`'s UTF-8 bytes (kept alive by the String)."""
    data = text.encode("utf-8")
    return String(data, len(data))
