import { startEmulated, TOKENS } from "./test/helpers/emulated-server.js";
const e = await startEmulated({ config: { token: TOKENS.u2Writer } });
const calls: [string, Record<string, unknown>][] = JSON.parse(process.argv[2]!);
for (const [tool, args] of calls) {
  const r = await e.call(tool, args);
  console.log(`=== ${tool} ${JSON.stringify(args)} err=${r.isError}\n${r.text.slice(0, 1500)}`);
}
await e.close();
