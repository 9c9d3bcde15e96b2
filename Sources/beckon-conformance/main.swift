print("beckon-conformance: not built yet")
