// A loopback HTTP proxy that counts what reaches the upstream: the tests of shared budgets
// and caches need to know how many requests several server processes sent in total.

import { createServer, request, type Server } from "node:http";

export interface CountingProxy {
  /** The proxy's base URL with the upstream's path, e.g. http://127.0.0.1:4321/kana. */
  url: string;
  /** Requests forwarded, by "METHOD /path". */
  counts: Map<string, number>;
  total(): number;
  close(): Promise<void>;
}

export async function startCountingProxy(upstreamUrl: string): Promise<CountingProxy> {
  const upstream = new URL(upstreamUrl);
  const counts = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const key = `${req.method} ${req.url?.split("?")[0]}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const forward = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}${upstream.pathname}`,
    counts,
    total: () => [...counts.values()].reduce((a, b) => a + b, 0),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
