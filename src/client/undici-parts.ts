// The two parts of undici the Kana client uses, a keep-alive Pool and request(), loaded from
// their own modules. undici's index loads every other part too (fetch, WebSocket, cookies,
// caches, EventSource, the mock agents): 535 KB instead of 290 KB bundled, which was about
// 28 ms of the main thread's share of the first offline answer (bench:offline). The module
// paths are undici's layout, which its package exports whole; the client tests go through them.
import type { Dispatcher, Pool as UndiciPool } from "undici";
import PoolModule from "undici/lib/dispatcher/pool.js";
import requestModule from "undici/lib/api/api-request.js";

export const Pool = PoolModule as typeof UndiciPool;

type RequestFn = (this: Dispatcher, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;

/** `dispatcher.request(options)`, without the index that adds request() to every dispatcher. */
export function request(dispatcher: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> {
  return (requestModule as RequestFn).call(dispatcher, options);
}
