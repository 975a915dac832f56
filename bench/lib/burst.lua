-- wrk script of bench/cold-burst.mjs: a burst, not a stream. Each thread stops once it has as many
-- answers as it has connections (`wrk ... <url> -- <connections per thread>`) and says so on
-- stderr ("burst answered"); wrk itself runs on until its -d or a SIGINT, which the bench sends
-- when every thread has said it. Every connection sends its first request at once; one that is
-- answered early may send a second before its thread stops (wrk counts those too).
local wanted = 0
local answered = 0

function init(args)
  wanted = tonumber(args[1]) or 1
end

function response(status, headers, body)
  answered = answered + 1
  if answered == wanted then
    io.stderr:write("burst answered\n")
    wrk.thread:stop()
  end
end
