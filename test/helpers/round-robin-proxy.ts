// A loopback HTTP proxy that sends each request to the next of several upstreams in turn, as
// a load balancer without sticky sessions does (deploy/nginx.conf's round robin): the tests of
// replicas use it to make consecutive requests of one client land on different replicas.

import { createServer, request, type Server } from "node:http";

export interface RoundRobinProxy {
  /** The proxy's URL with the upstreams' path, e.g. http://127.0.0.1:4321/mcp. */
  url: string;
  /** How many requests went to each upstream, in the order given. */
  sent: number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(upstreamUrls: readonly string[]): Promise<RoundRobinProxy> {
  const upstreams = upstreamUrls.map((u) => new URL(u));
  const sent = upstreams.map(() => 0);
  let next = 0;
  const server: Server = createServer((req, res) => {
    const i = next++ % upstreams.length;
    sent[i]!++;
    const upstream = upstreams[i]!;
    const forward = request(
      // The upstream's own Host: each replica checks Host against its own address.
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}${upstreams[0]!.pathname}`,
    sent,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
