-- What the wrk scripts share: 100 requests made once, one for each subject bench-0 … bench-99
-- (seeded by run.sh), sent in turn, each connection starting at another subject. A script loads
-- it with dofile (next to the script, as run.sh passes its path) and calls rotate() from init.
local requests = {}
local count = 100
local index = 0

-- Makes the requests, make(subject) giving each one, and picks this connection's first subject.
function rotate(make)
  for i = 0, count - 1 do
    requests[i] = make("bench-" .. i)
  end
  index = math.random(0, count - 1)
end

function request()
  index = (index + 1) % count
  return requests[index]
end
