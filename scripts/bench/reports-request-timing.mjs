// Preloaded into the server by the reports benchmark (`node --import`): every response gets a
// `Server-Timing: request;dur=…` entry measured from the moment Node hands the request to the app
// (headers parsed) until its headers are written, so the benchmark can show the whole server-side
// time of a call — session lookup, body parsing, JSON — next to the reports handler's own `report`
// entry. It changes nothing else; the server is the built one, as deployed.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const emit = http.Server.prototype.emit;

http.Server.prototype.emit = function emitTimed(event, ...args) {
  if (event === 'request') {
    const [, res] = args;
    const arrivedAt = performance.now();
    const writeHead = res.writeHead;
    res.writeHead = function writeHeadTimed(...headArgs) {
      if (!this.headersSent) {
        const entry = `request;dur=${(performance.now() - arrivedAt).toFixed(2)}`;
        const prior = this.getHeader('Server-Timing');
        this.setHeader('Server-Timing', prior ? `${prior}, ${entry}` : entry);
      }
      return writeHead.apply(this, headArgs);
    };
  }
  return emit.call(this, event, ...args);
};
