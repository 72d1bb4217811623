#!/usr/bin/env bash
# usage: scripts/diagnostics/promoted-bytes.sh "<extra node args>" <url path> [req/s]
# Promoted bytes per scavenge and per second (node --trace-gc-nvp) during a paced run; see performance.md, round 7.
pkill -f "gcr-server-marker" ; sleep 0.3
cd "$(dirname "$0")/../.."; P=23490; DB=/tmp/gcr-$P.db; rm -f $DB*
NODE_ENV=production APP_ENV=test PORT=$P HOST=127.0.0.1 PUBLIC_URL=http://127.0.0.1:$P DATABASE_PATH=$DB SEED_DEMO=true SCHEDULER=off RATE_LIMIT_FACTOR=100000 LOG_LEVEL=warn \
  node --trace-gc-nvp $1 --import tsx server/index.ts gcr-server-marker > /tmp/promo.log 2>&1 &
SP=$!
for i in $(seq 1 100); do curl -sf http://127.0.0.1:$P/healthz >/dev/null && break; sleep 0.3; done
U="http://127.0.0.1:$P$2"
npx autocannon -c 10 -d 4 -H 'Accept-Language: de-DE' -H 'Cookie: culture=de-DE; i18n_redirected=de' -H 'Authorization: Bearer bench-no-session' "$U" 2>&1 | grep -E "requests in"
node scripts/diagnostics/paced-log.mjs "$U" ${3:-300} 2 /tmp/promoted-c0.json >/dev/null
L0=$(wc -l < /tmp/promo.log)
node scripts/diagnostics/paced-log.mjs "$U" ${3:-300} 5 /tmp/promoted-c1.json
sleep 0.2
tail -n +$L0 /tmp/promo.log | grep -v "0x7f" | grep "gc=s" | node -e '
const L=require("fs").readFileSync(0,"utf8").split("\n").filter(Boolean).map(l=>[+l.match(/(\d+) ms:/)[1], Object.fromEntries(l.split(" ").map(x=>x.split("=")))]);
let p=0,a=0; for(const [,x] of L){p+=+x.promoted;a+=+x.allocated}; const span=(L.at(-1)[0]-L[0][0])/1000;
console.log("scavenges",L.length,"alloc MB/s",(a/span/1e6).toFixed(0),"promoted KB/scavenge",(p/L.length/1e3).toFixed(0),"promoted MB/s",(p/span/1e6).toFixed(1))'
kill $SP; wait $SP 2>/dev/null
