-- subjects.lua paced: each connection waits DELAY ms after an answer before its next request,
-- so that C connections ask at most C * 1000 / (DELAY + latency) requests a second (wrk has no
-- rate option; its timers fire late on a busy machine, so the rate achieved is lower: run.sh
-- prints it). wrk -s paced.lua http://127.0.0.1:PORT -- TIP DELAY
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "") .. "rotation.lua")
local pause = 2

function init(args)
  local tip = args[1] or "favorite-landmark"
  pause = tonumber(args[2] or "2")
  rotate(function(subject) return wrk.format("GET", "/v1/subjects/" .. subject .. "/tips/" .. tip) end)
end

function delay()
  return pause
end
