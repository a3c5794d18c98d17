-- wrk script for tools/studio-load.sh: counts the replies of each thread
-- (each thread drives one connection, `-t` equal to `-c`), and prints the
-- fewest and most replies a connection got and how many were not 200, so
-- that a starved client shows. With STUDIO_BODY set, sends that JSON as a
-- POST to the URL's path.

local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  replies = 0
  failed = 0
  local body = os.getenv("STUDIO_BODY")
  if body and body ~= "" then
    wrk.method = "POST"
    wrk.body = body
    wrk.headers["Content-Type"] = "application/json"
  end
end

function response(status, headers, body)
  replies = replies + 1
  if status ~= 200 then
    failed = failed + 1
  end
end

function done(summary, latency, requests)
  local fewest, most, failures = math.huge, 0, 0
  for _, t in ipairs(threads) do
    local n = t:get("replies")
    fewest = math.min(fewest, n)
    most = math.max(most, n)
    failures = failures + t:get("failed")
  end
  io.write(string.format("per-connection replies: fewest %d, most %d; not 200: %d\n",
    fewest, most, failures))
end
