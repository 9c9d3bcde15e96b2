-- OFREP evaluations for 100 subjects in turn (bench-0 … bench-99, seeded by run.sh): a POST
-- whose body is the evaluation context, the subject changing at every request. Each connection
-- starts at another subject.
-- wrk -s ofrep.lua http://127.0.0.1:PORT -- PATH (/ofrep/v1/evaluate/flags/KEY, or /ofrep/v1/evaluate/flags for all)
local requests = {}
local count = 100
local index = 0

function init(args)
  local path = args[1] or "/ofrep/v1/evaluate/flags/tips.favorite-landmark"
  local headers = { ["Content-Type"] = "application/json" }
  for i = 0, count - 1 do
    requests[i] = wrk.format("POST", path, headers, '{"context":{"targetingKey":"bench-' .. i .. '"}}')
  end
  index = math.random(0, count - 1)
end

function request()
  index = (index + 1) % count
  return requests[index]
end
