// A free TCP port on 127.0.0.1, for a process the test or bench starts itself (redis-server,
// a container, nginx): listen on port 0, read the port the system chose, close.

import { createServer } from "node:net";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
