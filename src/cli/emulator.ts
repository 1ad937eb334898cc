// `vndb-mcp-server emulator --port N [--host 127.0.0.1] [--preset catalogue|vectors] [--state FILE]
// [--catalogue DIR] [--no-limits] [--request-limit N] [--enable-faults]` (from a checkout: `npm run emulator -- …`):
// runs the Kana emulator until Ctrl-C.
// The URL and the preset's test tokens go to stderr (stdout stays free for whoever pipes it).

import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { loadCheckedCatalogue } from "../emulator/catalogue/validate.js";
import { startEmulator } from "../emulator/index.js";
import { FAULTS_CONTROL_PATH } from "../emulator/http/server.js";
import { DEFAULT_REQUEST_LIMIT, DEFAULT_REQUEST_WINDOW_MS } from "../emulator/http/limits.js";
import { isPresetName, PRESET_NAMES } from "../emulator/presets/index.js";

const USAGE = `Usage: npm run emulator -- [options]
   or: vndb-mcp-server emulator [options]

  --port N             port to listen on (default 0: any free port)
  --host ADDR          address to bind (default 127.0.0.1)
  --preset NAME        ${PRESET_NAMES.join(" | ")} (default catalogue)
  --catalogue DIR      serve the catalogue in DIR instead of the preset's (e.g. the full
                       real set built by \`npm run catalogue -- --full\` into .catalogue-full)
  --state FILE         load list state from FILE and save it there after every write
  --no-limits          no request-count limit and no execution-time throttle
  --request-limit N    requests per 5 minutes per client (default ${DEFAULT_REQUEST_LIMIT})
  --enable-faults      serve the fault-injection endpoint ${FAULTS_CONTROL_PATH} (tests only)
  --help               this text
`;

function fail(message: string): never {
  process.stderr.write(`emulator: ${message}\n\n${USAGE}`);
  process.exit(2);
}

/** Starts the emulator; it then serves until SIGINT/SIGTERM. Resolves with the exit status. */
export async function runEmulator(args: readonly string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: {
        port: { type: "string" },
        host: { type: "string" },
        preset: { type: "string" },
        state: { type: "string" },
        catalogue: { type: "string" },
        "no-limits": { type: "boolean" },
        "request-limit": { type: "string" },
        "enable-faults": { type: "boolean" },
        help: { type: "boolean" },
      },
      strict: true,
    }));
  } catch (err) {
    fail((err as Error).message);
  }
  if (values.help) {
    process.stderr.write(USAGE);
    return 0;
  }
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`invalid --port: ${values.port}`);
  const preset = values.preset ?? "catalogue";
  if (!isPresetName(preset)) fail(`unknown --preset: ${preset}`);
  const limit = values["request-limit"] === undefined ? DEFAULT_REQUEST_LIMIT : Number(values["request-limit"]);
  if (!Number.isInteger(limit) || limit < 1) fail(`invalid --request-limit: ${values["request-limit"]}`);

  let catalogue;
  if (values.catalogue !== undefined) {
    try {
      catalogue = loadCheckedCatalogue(resolve(values.catalogue));
    } catch (err) {
      fail(`cannot load --catalogue ${values.catalogue}: ${(err as Error).message}`);
    }
  }

  const emulator = await startEmulator({
    port,
    ...(catalogue ? { catalogue } : {}),
    host: values.host ?? "127.0.0.1",
    preset,
    stateFile: values.state,
    // The CLI behaves like the real service by default; the library default is no limits.
    limits: values["no-limits"] ? false : { requests: { limit, windowMs: DEFAULT_REQUEST_WINDOW_MS } },
    faultsEndpoint: values["enable-faults"] ?? false,
  });

  const lines = [
    `Kana emulator (${preset} preset${values.catalogue ? `, catalogue ${values.catalogue}` : ""}) listening at ${emulator.url}`,
    values["no-limits"] ? "limits: off" : `limits: ${limit} requests per 5 minutes per client, execution-time throttle on`,
    ...(values.state ? [`state file: ${values.state}`] : []),
    ...(values["enable-faults"] ? [`fault injection: POST ${emulator.url.replace(/\/kana$/, "")}${FAULTS_CONTROL_PATH}`] : []),
    "test tokens:",
    ...emulator.database.catalogue.tokens.map(
      (t) => `  ${t.token}  ${t.uid}  ${[t.listread && "listread", t.listwrite && "listwrite"].filter(Boolean).join("+") || "no permissions"}`,
    ),
    "Ctrl-C to stop.",
  ];
  process.stderr.write(`${lines.join("\n")}\n`);

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  return 0;
}
