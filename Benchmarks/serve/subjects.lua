-- Tip status for 100 subjects in turn (bench-0 … bench-99, seeded by run.sh), one tip, no
-- query (or the query given): the requests a sidecar answers most. Each connection starts at
-- another subject.
-- wrk -s subjects.lua http://127.0.0.1:PORT -- TIP [QUERY]
local requests = {}
local count = 100
local index = 0

function init(args)
  local tip = args[1] or "favorite-landmark"
  local query = args[2] and ("?" .. args[2]) or ""
  for i = 0, count - 1 do
    requests[i] = wrk.format("GET", "/v1/subjects/bench-" .. i .. "/tips/" .. tip .. query)
  end
  index = math.random(0, count - 1)
end

function request()
  index = (index + 1) % count
  return requests[index]
end
