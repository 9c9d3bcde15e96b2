-- Tip status for 100 subjects in turn (bench-0 … bench-99, seeded by run.sh), one tip, no
-- query (or the query given): the requests a sidecar answers most. Each connection starts at
-- another subject.
-- wrk -s subjects.lua http://127.0.0.1:PORT -- TIP [QUERY]
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "") .. "rotation.lua")

function init(args)
  local tip = args[1] or "favorite-landmark"
  local query = args[2] and ("?" .. args[2]) or ""
  rotate(function(subject) return wrk.format("GET", "/v1/subjects/" .. subject .. "/tips/" .. tip .. query) end)
end
