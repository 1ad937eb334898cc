// The "no subcommand" path of the CLI: read the configuration, then serve MCP on stdio.
// Configuration errors are reported on stderr with exit code 2 before anything starts.

import { describeConfig, HELP_TEXT, loadConfig } from "../server/config.js";
import { survivedUnhandledRejections } from "../server/last-resort.js";
import { createLogger, registerSecret, type Logger } from "../server/log.js";
import { SERVER_VERSION } from "../server/create-server.js";
import { serveStdio } from "../server/transports/stdio.js";
import { lazyApi } from "../tools/lazy-api.js";
import type { VndbApi } from "../tools/api.js";
import { checkTokenAtStart, TokenRefusal, withTokenFallback } from "../tools/refused-token.js";
import { WriteGate } from "../tools/lists/permissions.js";
import { toolShelf } from "../tools/shelf.js";
import type { SharedStores } from "../client/shared-stores.js";
import { extractHttpArgs } from "../server/transports/http-options.js";

/** Exit status for a configuration the server cannot start with (sysexits EX_USAGE is 64; 2 is the shell convention). */
export const EXIT_CONFIG = 2;

/** What --embedded's client is pointed at: a name for the bundled sample (.invalid never resolves; nothing is sent there). */
const EMBEDDED_BASE_URL = "http://embedded.invalid/kana";

/** Request budget against the in-process emulator: effectively unlimited. */
const EMBEDDED_MAX_REQUESTS = 1_000_000;

function kanaLogger(log: Logger) {
  return (level: "debug" | "info" | "warn" | "error", message: string, fields?: Record<string, unknown>) =>
    log[level](`kana: ${message}`, fields && Object.keys(fields).length ? fields : undefined);
}

/** Serve until the client goes away; resolves with the exit status. */
export async function runServer(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const transport = extractHttpArgs(argv, env);
  if (transport.kind === "error") {
    process.stderr.write(`vndb-mcp-server: configuration error: ${transport.message}\n`);
    return EXIT_CONFIG;
  }
  // Over HTTP each client sends its own token; a token in the environment would be lent to all.
  const result = loadConfig(transport.rest, transport.kind === "http" ? { ...env, VNDB_TOKEN: undefined } : env);
  if (result.kind === "help") {
    process.stdout.write(`${HELP_TEXT}\n`);
    return 0;
  }
  if (result.kind === "version") {
    process.stdout.write(`${SERVER_VERSION}\n`);
    return 0;
  }
  if (result.kind === "error") {
    process.stderr.write(`vndb-mcp-server: configuration error: ${result.message}\n`);
    return EXIT_CONFIG;
  }
  const config = result.config;
  if (config.oauth && transport.kind !== "http") {
    process.stderr.write("vndb-mcp-server: configuration error: --oauth (VNDB_HTTP_OAUTH) needs --http: OAuth signs in clients of the HTTP endpoint\n");
    return EXIT_CONFIG;
  }
  registerSecret(config.token);
  const log = createLogger({ level: config.logLevel });
  survivedUnhandledRejections(log);
  let closeEmbedded: (() => Promise<void>) | undefined;
  let upstream = async () => config.apiUrl;
  type LocalSetting = NonNullable<import("../client/options.js").KanaClientOptions["local"]>;
  let local: (() => Promise<LocalSetting>) | undefined;
  let mirror: import("../server/mirror.js").ServedMirror | undefined;
  /** What VNDB's API cannot answer (words in descriptions, vote neighbours), where the data is in this process. */
  let localData: import("../local/local-data.js").LocalData | undefined;
  if (config.embedded) {
    // Usually started already by cli/main.ts; the worker is awaited only by the first call
    // that needs it, so the host's initialize and tools/list never wait for the emulator.
    const { startEmbedded } = await import("../server/embedded.js");
    const embedded = startEmbedded(log);
    // Nothing is sent to this URL (every request goes to the worker by message); it names
    // the data, e.g. for the keys of a Redis shared with other replicas.
    upstream = async () => EMBEDDED_BASE_URL;
    local = async () => ({ api: await embedded.api, serves: "all" });
    localData = embedded.local;
    closeEmbedded = embedded.close;
  } else if (config.mirror !== undefined) {
    const { serveMirror } = await import("../server/mirror.js");
    const { DEFAULT_MIRROR_REFRESH_MS } = await import("../server/mirror-refresh.js");
    try {
      // Refreshing is the HTTP server's default: a shared server runs for days; a desktop's stdio
      // server lives as long as its host and refreshes only when asked to.
      const refreshMs = config.mirrorRefreshMs !== undefined ? config.mirrorRefreshMs : transport.kind === "http" ? DEFAULT_MIRROR_REFRESH_MS : null;
      mirror = await serveMirror(config.mirror, { log, refreshMs, ...(config.mirrorMaxAgeMs !== undefined ? { maxAgeMs: config.mirrorMaxAgeMs } : {}) });
    } catch (error) {
      process.stderr.write(`vndb-mcp-server: configuration error: ${error instanceof Error ? error.message : String(error)}\n`);
      return EXIT_CONFIG;
    }
    const served = mirror;
    config.mirrorData = served;
    local = async () => ({ api: await served.api, serves: "catalogue" });
    localData = served.local;
    closeEmbedded = () => served.close();
  }
  // Compressing answers that never leave the process would only cost both ends.
  const inProcess = config.embedded ? { compression: false } : {};
  // Replicas share the budget and answers through Redis; connect now so that a wrong URL
  // fails the start with a clear message instead of the first tool call.
  let stores: SharedStores | undefined;
  if (config.redisUrl) {
    const { connectRedisStores } = await import("../client/redis-stores.js");
    try {
      stores = await connectRedisStores(config.redisUrl, { upstream: await upstream(), onError: (message) => log.warn(message), onRecovered: (message) => log.info(message) });
    } catch (error) {
      process.stderr.write(`vndb-mcp-server: ${error instanceof Error ? error.message : String(error)}\n`);
      await closeEmbedded?.();
      return EXIT_CONFIG;
    }
    log.info(`request budget and answer cache shared on ${stores.describe}`);
  }
  // The client (and undici) load on the first tool call that needs VNDB, not at start-up.
  type Budget = import("../client/rate-budget.js").RateBudget;
  const clientFor = (token: string | undefined, sharedBudget?: () => Promise<Budget>) =>
    lazyApi(async () => {
      const { KanaClient } = await import("../client/kana-client.js");
      const rateBudget = await sharedBudget?.();
      return new KanaClient({
        ...(stores ? { sharedStores: stores } : {}),
        ...(rateBudget ? { rateBudget } : {}),
        baseUrl: await upstream(),
        ...(local ? { local: await local() } : {}),
        ...(token ? { token } : {}),
        ...inProcess,
        // The embedded emulator has no request limit; VNDB's 200 per 5 minutes would only slow it.
        ...(config.embedded ? { rateLimit: { maxRequests: EMBEDDED_MAX_REQUESTS } } : {}),
        logger: kanaLogger(log),
      });
    });
  const refusal = new TokenRefusal(config.token, log, config.embedded);
  const client = clientFor(config.token);
  let api: VndbApi = client;
  if (config.token && transport.kind !== "http") {
    // A refused token falls back to anonymous reads; both clients spend one request budget,
    // made (like the clients) when the first call needs it.
    let budget: Promise<Budget> | undefined;
    const shared = () =>
      (budget ??= import("../client/rate-budget.js").then(
        ({ RateBudget }) => new RateBudget({ ...(config.embedded ? { maxRequests: EMBEDDED_MAX_REQUESTS } : {}), ...(stores ? { shared: stores.window } : {}) }),
      ));
    api = withTokenFallback(clientFor(config.token, shared), clientFor(undefined, shared), refusal);
  }
  log.debug(`configuration: ${describeConfig(config)}`);
  if (transport.kind === "http") {
    if (env.VNDB_TOKEN) log.warn("VNDB_TOKEN is ignored with --http: each client sends its token in Authorization: Bearer");
    const { KanaClient } = await import("../client/kana-client.js");
    const { budgetCaller, RateBudget } = await import("../client/rate-budget.js");
    // One budget for every session: VNDB counts requests per address, not per token.
    const rateBudget = new RateBudget({
      ...(config.embedded ? { maxRequests: EMBEDDED_MAX_REQUESTS } : {}),
      ...(stores ? { shared: stores.window, onSharedError: (e) => log.warn(`shared budget: ${e instanceof Error ? e.message : String(e)}`) } : {}),
    });
    // Answers that depend on no token are fetched once for all sessions (and replicas).
    const baseUrl = await upstream();
    const localApi = local ? await local() : undefined;
    const { PublicAnswers } = await import("../client/public-answers.js");
    const publicAnswers = new PublicAnswers({ ...(stores ? { sharedCache: stores.cache } : {}) });
    const { serveHttp } = await import("../server/transports/http.js");
    // A shared server's first requests come soon: its tools' code loads now, not on the first call.
    void toolShelf().then((shelf) => shelf.warm());
    // --oauth: people sign in on the server's own page; the bearer is then our access token.
    // Grants may live in a Redis of their own (persistent, never evicting; docs/deployment.md).
    const grantsRedis = env.VNDB_OAUTH_REDIS_URL?.trim() || config.redisUrl;
    const auth = config.oauth ? (await import("../auth/connector-auth.js")).oauthHttpAuth(config.oauth, { log, redisUrl: grantsRedis }) : undefined;
    // Removal confirmations sealed by one replica open on any other: a key from the secret, else shared in Redis.
    const keys = await import("../server/confirmation-keys.js");
    const ring = config.oauth?.secret ? keys.keysFromSecret(config.oauth.secret) : stores?.claim ? keys.keysFromStore(stores.claim, `shared on ${stores.describe}`) : keys.localKeys();
    log.info(`removal confirmations sealed with keys ${ring.describe}`);
    await serveHttp(config, transport.http, {
      log,
      ...(localData ? { local: localData } : {}),
      ...(auth ? { auth } : {}),
      confirmations: keys.confirmationCodec(ring),
      // Each token and each anonymous client address gets a fair share of the budget (rate-budget.ts).
      apiFor: (token, caller) =>
        new KanaClient({ rateBudget, budgetCaller: caller ?? budgetCaller(token), publicAnswers, ...(stores ? { sharedStores: stores } : {}), baseUrl, ...(localApi ? { local: localApi } : {}), ...(token ? { token } : {}), ...inProcess, logger: kanaLogger(log) }),
      ...(stores ? { sharedHealth: () => stores.health() } : {}),
      ...(mirror ? { mirrorHealth: () => mirror.health() } : {}),
      onClose: async () => {
        await stores?.close();
        await closeEmbedded?.();
      },
    });
    return 0;
  }
  const onClose = async () => {
    await stores?.close();
    await closeEmbedded?.();
  };
  // Asked a moment after the start, so the host's initialize and tools/list never wait for
  // the client to load; a refusal found by the first call is handled the same way.
  // A token that may not write loses the write tools from tools/list once VNDB says so.
  const writeGate = new WriteGate();
  if (config.token) setTimeout(() => void checkTokenAtStart(api, refusal, {}, writeGate), 1000).unref();
  // Offline, the first question would otherwise wait for the client (and undici) to load,
  // ~20 ms, after the catalogue itself is long ready: load it in the same idle moment.
  else if (config.embedded) setTimeout(() => client.warm(), 1000).unref();
  // Likewise the tools' own code, which the start leaves unloaded (tools/shelf.ts).
  setTimeout(() => void toolShelf().then((shelf) => shelf.warm()), 1000).unref();
  await serveStdio(config, { api, log, onClose, answerNote: () => refusal.note(), writeGate, ...(localData ? { local: localData } : {}) });
  return 0;
}
