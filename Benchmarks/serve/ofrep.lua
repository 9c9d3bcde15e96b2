-- OFREP evaluations for 100 subjects in turn (bench-0 … bench-99, seeded by run.sh): a POST
-- whose body is the evaluation context, the subject changing at every request. Each connection
-- starts at another subject.
-- wrk -s ofrep.lua http://127.0.0.1:PORT -- PATH (/ofrep/v1/evaluate/flags/KEY, or /ofrep/v1/evaluate/flags for all)
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "") .. "rotation.lua")

function init(args)
  local path = args[1] or "/ofrep/v1/evaluate/flags/tips.favorite-landmark"
  local headers = { ["Content-Type"] = "application/json" }
  rotate(function(subject) return wrk.format("POST", path, headers, '{"context":{"targetingKey":"' .. subject .. '"}}') end)
end
