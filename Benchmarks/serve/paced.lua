-- subjects.lua paced: each connection waits DELAY ms after an answer before its next request,
-- so that C connections ask at most C * 1000 / (DELAY + latency) requests a second (wrk has no
-- rate option; its timers fire late on a busy machine, so the rate achieved is lower: run.sh
-- prints it). wrk -s paced.lua http://127.0.0.1:PORT -- TIP DELAY
local requests = {}
local count = 100
local index = 0
local pause = 2

function init(args)
  local tip = args[1] or "favorite-landmark"
  pause = tonumber(args[2] or "2")
  for i = 0, count - 1 do
    requests[i] = wrk.format("GET", "/v1/subjects/bench-" .. i .. "/tips/" .. tip)
  end
  index = math.random(0, count - 1)
end

function request()
  index = (index + 1) % count
  return requests[index]
end

function delay()
  return pause
end
