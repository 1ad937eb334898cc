// A loopback stand-in for VNDB's download host (dl.vndb.org/dump/): "-latest" names answer 307
// to dated files, dated files honour Range + If-Range (ETag), and a test can make it drop the
// connection half-way, ignore Range, stall, or answer 404. Every request's headers are kept.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface HostFile { name: string; body: Buffer; etag?: string }
export type HostMode = "normal" | "drop-once" | "ignore-range" | "stall";

export interface DumpHost {
  base: string;
  requests: { url: string; headers: IncomingHttpHeaders }[];
  /** latest name → dated file */
  files: Map<string, HostFile>;
  mode: HostMode;
  /** Send no ETag (no validator to resume against). */
  noValidators: boolean;
  close(): Promise<void>;
}

export async function startDumpHost(files: Record<string, HostFile>): Promise<DumpHost> {
  const host: DumpHost = { base: "", requests: [], files: new Map(Object.entries(files)), mode: "normal", noValidators: false, close: async () => {} };
  let dropped = false;
  const server: Server = createServer((req, res) => {
    host.requests.push({ url: req.url ?? "", headers: req.headers });
    const path = (req.url ?? "").replace(/^\/dump\//, "");
    const latest = host.files.get(path);
    if (latest) {
      res.writeHead(307, { location: `/dump/${latest.name}` });
      res.end();
      return;
    }
    const file = [...host.files.values()].find((f) => f.name === path);
    if (!file) {
      res.writeHead(404, { "content-type": "text/html" });
      res.end("<html>404</html>");
      return;
    }
    const etag = file.etag ?? '"v1"';
    const validators = host.noValidators ? {} : { etag };
    const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ""));
    const ifRange = req.headers["if-range"];
    const total = file.body.length;
    let from = 0;
    let to = total - 1;
    let status = 200;
    if (range && host.mode !== "ignore-range" && (ifRange === undefined || ifRange === etag)) {
      from = Number(range[1]);
      to = range[2] ? Math.min(Number(range[2]), total - 1) : total - 1;
      if (from >= total) {
        res.writeHead(416, { "content-range": `bytes */${total}`, ...validators });
        res.end();
        return;
      }
      status = 206;
    }
    const body = file.body.subarray(from, to + 1);
    res.writeHead(status, {
      "content-length": String(body.length),
      "accept-ranges": "bytes",
      ...validators,
      ...(status === 206 ? { "content-range": `bytes ${from}-${to}/${total}` } : {}),
    });
    const isProbe = range && range[2] === "0";
    if (!isProbe && host.mode === "drop-once" && !dropped) {
      dropped = true;
      res.write(body.subarray(0, Math.floor(body.length / 2)), () => setTimeout(() => res.socket?.destroy(), 20));
      return;
    }
    if (!isProbe && host.mode === "stall") {
      res.write(body.subarray(0, Math.floor(body.length / 3)));
      return; // never ends; the client's idle timeout must fire
    }
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  host.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dump/`;
  host.close = () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); });
  return host;
}
