/**
 * A bare `node:http` server for the HTTP benchmark's answer floor (bench/answer-floor.ts): it
 * answers each path with one fixed JSON value, stringified anew for every request as any JSON
 * server must, and nothing else: no framework, no key, no database. Run as
 * `node bench/answer-server.mjs <answers.json>`; prints the port it listens on.
 */
import fs from 'node:fs';
import http from 'node:http';

const answers = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const server = http.createServer((req, res) => {
  const value = answers[req.url];
  if (value === undefined) {
    res.writeHead(404).end();
    return;
  }
  const body = JSON.stringify(value);
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => console.log(String(server.address().port)));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
