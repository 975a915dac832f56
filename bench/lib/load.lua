-- wrk script of bench/run.mjs: one request shape, sent back to back, with the figures printed as
-- one JSON line (BENCH_RESULT {...}). Set by environment variables:
--   BENCH_METHOD        GET (default) or POST
--   BENCH_BODY          request body, when set
--   BENCH_HEADERS       request headers, one "Name: value" per line
--   BENCH_EXPECT_LEN    body length (bytes) every answer must have; 0 or unset: not checked
--   BENCH_EXPECT        text every answer must contain; unset: not checked
--   BENCH_CHECK         "1": check each answer's status and body (the warm-up run). Without it
--                       no response() callback is defined, so wrk does not hand every body to Lua
--                       (a 130 KB page would make the load generator the bottleneck); wrk still
--                       counts non-2xx/3xx answers and framing errors itself.
-- Latencies: wrk measures each from the request's write to the end of its answer, in µs; the JSON
-- reports ms.

local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  wrk.method = os.getenv("BENCH_METHOD") or "GET"
  local body = os.getenv("BENCH_BODY")
  if body and body ~= "" then wrk.body = body end
  for line in string.gmatch(os.getenv("BENCH_HEADERS") or "", "[^\n]+") do
    local name, value = string.match(line, "^([^:]+):%s*(.*)$")
    if name then wrk.headers[name] = value end
  end
  expectLen = tonumber(os.getenv("BENCH_EXPECT_LEN") or "0")
  expect = os.getenv("BENCH_EXPECT") or ""
  mismatches = 0
  prepared = wrk.format()
end

function request()
  return prepared
end

if os.getenv("BENCH_CHECK") == "1" then
  function response(status, headers, body)
    if status ~= 200 or (expectLen > 0 and #body ~= expectLen) or (expect ~= "" and not string.find(body, expect, 1, true)) then
      mismatches = mismatches + 1
    end
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
    'BENCH_RESULT {"requests":%d,"durationUs":%d,"bytes":%d,"p50":%.3f,"p90":%.3f,"p99":%.3f,"max":%.3f,"mean":%.3f,' ..
    '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},"mismatches":%d}\n',
    summary.requests, summary.duration, summary.bytes, ms(50), ms(90), ms(99), latency.max / 1000, latency.mean / 1000,
    e.connect, e.read, e.write, e.status, e.timeout, m))
end
