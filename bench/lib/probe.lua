-- wrk script of the latency probes (bench/logins.mjs): one request shape, paced, with the
-- latency percentiles printed as one JSON line. Set by environment variables:
--   PROBE_METHOD    GET (default) or POST
--   PROBE_BODY      request body (sent as application/json when set)
--   PROBE_TOKEN     bearer access token (Authorization header) when set
--   PROBE_EXPECT    text every 200 answer must contain (counted in "mismatches" otherwise)
--   PROBE_DELAY_MS  pause before each request, ms (default 10): a light, steady probe rather
--                   than a flood, so the probe itself does not load the server it measures
-- wrk measures each latency from the request's write to the end of its response (the pause is
-- not part of it), in microseconds; the JSON reports milliseconds.

local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  wrk.method = os.getenv("PROBE_METHOD") or "GET"
  local body = os.getenv("PROBE_BODY")
  if body and body ~= "" then
    wrk.body = body
    wrk.headers["Content-Type"] = "application/json"
  end
  local token = os.getenv("PROBE_TOKEN")
  if token and token ~= "" then
    wrk.headers["Authorization"] = "Bearer " .. token
  end
  expect = os.getenv("PROBE_EXPECT") or ""
  pause = tonumber(os.getenv("PROBE_DELAY_MS") or "10")
  mismatches = 0
  prepared = wrk.format()
end

function request()
  return prepared
end

function delay()
  return pause
end

function response(status, headers, body)
  if status == 200 and expect ~= "" and not string.find(body, expect, 1, true) then
    mismatches = mismatches + 1
  end
end

function done(summary, latency, requests)
  local m = 0
  for _, thread in ipairs(threads) do
    m = m + (thread:get("mismatches") or 0)
  end
  local ms = function(p) return latency:percentile(p) / 1000 end
  local e = summary.errors
  io.write(string.format(
    'PROBE_RESULT {"count":%d,"p50":%.3f,"p90":%.3f,"p99":%.3f,"max":%.3f,"mean":%.3f,' ..
    '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},"mismatches":%d}\n',
    summary.requests, ms(50), ms(90), ms(99), latency.max / 1000, latency.mean / 1000,
    e.connect, e.read, e.write, e.status, e.timeout, m))
end
