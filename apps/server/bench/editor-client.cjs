// autocannon's setupClient for the mixed load of `npm run bench` (it runs in autocannon's
// worker thread, hence a file of its own): each connection is one of the trip's editors, in
// turn, and sends that editor's requests (nine reads of the trip, then a note) with the
// editor's session cookie. BENCH_EDITORS (JSON, set by the bench) says, per server port, which
// editors' cookies to use and what to send.
'use strict';

let next = 0;

module.exports = function setupClient(client) {
  const plans = JSON.parse(process.env.BENCH_EDITORS ?? '{}');
  const plan = plans[String(client.opts.port)];
  if (!plan) throw new Error(`no editors for port ${client.opts.port}`);
  const cookie = plan.cookies[next % plan.cookies.length];
  next += 1;
  client.setRequests(
    plan.requests.map((request) => ({ ...request, headers: { ...request.headers, cookie } })),
  );
};
