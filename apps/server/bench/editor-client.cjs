// autocannon's setupClient for the mixed load of `npm run bench` (it runs in autocannon's
// worker thread, hence a file of its own): each connection is one of the trip's editors, in
// turn, and sends that editor's requests (nine reads of the trip, then a note) with the
// editor's session cookie. BENCH_EDITORS (JSON, set by the bench) holds the editors' cookies
// and the requests.
'use strict';

let next = 0;

module.exports = function setupClient(client) {
  const { cookies, requests } = JSON.parse(process.env.BENCH_EDITORS ?? '{}');
  if (!cookies?.length) throw new Error('BENCH_EDITORS names no editor');
  const cookie = cookies[next % cookies.length];
  next += 1;
  client.setRequests(
    requests.map((request) => ({ ...request, headers: { ...request.headers, cookie } })),
  );
};
